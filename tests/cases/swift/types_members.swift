import Foundation
@testable import MyKit
import struct Darwin.C.stat

/// A shape.
public protocol Shape: AnyObject where Self: Equatable {
    associatedtype Unit
    var area: Double { get }
    var name: String { get set }
    func scaled(by factor: Double) -> Self
    init(size: Int)
    subscript(i: Int) -> Int { get }
}

@MainActor
public final class Circle<T: Numeric>: Shape where T: Comparable {
    public typealias Unit = Double
    private var radius: Double = 1.0
    lazy var cache: [Int] = { return [1, 2, 3] }()
    var area: Double { Double.pi * radius * radius }
    var name: String {
        get { "circle \(radius)" }
        set(newValue) { radius = Double(newValue.count) }
    }
    var observed: Int = 0 {
        willSet { print("will \(newValue)") }
        didSet(old) {
            print("did \(old)")
        }
    }
    init(size: Int) {
        radius = Double(size)
    }
    convenience init?(text: String) throws {
        self.init(size: 1)
    }
    deinit { print("bye") }
    subscript(i: Int) -> Int {
        get { return i }
        set { print(newValue) }
    }
    @objc func scaled(by factor: Double) -> Self { return self }
    static func == (a: Circle, b: Circle) -> Bool { a.radius == b.radius }
}

enum Result<Value> {
    case success(Value)
    case failure(code: Int, message: String)
    case none = 0
    var isOK: Bool {
        switch self { case .success: return true; default: return false }
    }
}

extension Array where Element: Shape {
    func total() async throws -> Double { reduce(0) { $0 + $1.area } }
}

infix operator **: PowerPrecedence
precedencegroup PowerPrecedence { associativity: right higherThan: MultiplicationPrecedence }
typealias Handler = (Int) -> Void
let global = 3
func free<T>(_ x: T) -> T where T: Equatable {
    let s = """
    } not a brace { \(x)
    """
    return x
}
struct ContentView: View {
    var body: some View {
        VStack {
            Text("Hi")
        }
    }
}

#if DEBUG
func debug() { print("d") }
#else
func release() {}
#endif
