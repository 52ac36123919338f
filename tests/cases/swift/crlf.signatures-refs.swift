import Foundation

/// A point.
struct Point {
    var x: Double
    var y: Double
    var length: Double { /* … L7-9 */ }
    func moved(by d: Double) -> Point { /* … L10-12 */ }
}

func main() { /* … L15-17 */ }
