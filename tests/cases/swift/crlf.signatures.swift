import Foundation

/// A point.
struct Point {
    var x: Double
    var y: Double
    var length: Double { /* … */ }
    func moved(by d: Double) -> Point { /* … */ }
}

func main() { /* … */ }
