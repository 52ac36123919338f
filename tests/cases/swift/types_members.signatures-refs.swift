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
    lazy var cache: [Int] = { /* … L19 */ }()
    var area: Double { /* … L20 */ }
    var name: String {
        get { /* … L22 */ }
        set(newValue) { /* … L23 */ }
    }
    var observed: Int = 0 {
        willSet { /* … L26 */ }
        didSet(old) { /* … L27-29 */ }
    }
    init(size: Int) { /* … L31-33 */ }
    convenience init?(text: String) throws { /* … L34-36 */ }
    deinit { print("bye") }
    subscript(i: Int) -> Int {
        get { return i }
        set { /* … L40 */ }
    }
    @objc func scaled(by factor: Double) -> Self { return self }
    static func == (a: Circle, b: Circle) -> Bool { /* … L43 */ }
}

enum Result<Value> {
    case success(Value)
    case failure(code: Int, message: String)
    case none = 0
    var isOK: Bool { /* … L50-52 */ }
}

extension Array where Element: Shape {
    func total() async throws -> Double { /* … L56 */ }
}

infix operator **: PowerPrecedence
precedencegroup PowerPrecedence { associativity: right higherThan: MultiplicationPrecedence }
typealias Handler = (Int) -> Void
let global = 3
func free<T>(_ x: T) -> T where T: Equatable { /* … L63-68 */ }
struct ContentView: View {
    var body: some View { /* … L70-74 */ }
}

#if DEBUG
func debug() { print("d") }
#else
func release() {}
#endif
