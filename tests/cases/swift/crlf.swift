import Foundation

/// A point.
struct Point {
    var x: Double
    var y: Double
    var length: Double {
        (x * x + y * y).squareRoot()
    }
    func moved(by d: Double) -> Point {
        Point(x: x + d, y: y + d)
    }
}

func main() {
    print(Point(x: 1, y: 2).length)
}
