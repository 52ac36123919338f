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
    lazy var cache: [Int] = { /* … */ }()
    var area: Double { /* … */ }
    var name: String {
        get { /* … */ }
        set(newValue) { /* … */ }
    }
    var observed: Int = 0 {
        willSet { /* … */ }
        didSet(old) { /* … */ }
    }
    init(size: Int) { /* … */ }
    convenience init?(text: String) throws { /* … */ }
    deinit { /* … */ }
    subscript(i: Int) -> Int {
        get { return i }
        set { /* … */ }
    }
    @objc func scaled(by factor: Double) -> Self { /* … */ }
    static func == (a: Circle, b: Circle) -> Bool { /* … */ }
}

enum Result<Value> {
    case success(Value)
    case failure(code: Int, message: String)
    case none = 0
    var isOK: Bool { /* … */ }
}

extension Array where Element: Shape {
    func total() async throws -> Double { /* … */ }
}

infix operator **: PowerPrecedence
precedencegroup PowerPrecedence { associativity: right higherThan: MultiplicationPrecedence }
typealias Handler = (Int) -> Void
let global = 3
func free<T>(_ x: T) -> T where T: Equatable { /* … */ }
struct ContentView: View {
    var body: some View { /* … */ }
}

#if DEBUG
func debug() { /* … */ }
#else
func release() {}
#endif
