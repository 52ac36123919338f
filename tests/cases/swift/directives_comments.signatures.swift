// swift-tools-version:5.9
// SPDX-License-Identifier: MIT

#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

// MARK: - Networking

/**
 A client for the orders API.
 - Note: thread safe.
 */
public actor APIClient {
    public static let shared = APIClient()

    private let session: URLSession

    /// Makes a client.
    /// - Parameter session: the session to use.
    public init(session: URLSession = .shared) { /* … */ }

    /// Only in debug builds.
    func dump() { /* … */ }

    // swiftlint:disable:next function_body_length
    public func fetch<T: Decodable>(
        path: String,
        as type: T.Type = T.self
    ) async throws -> T // the decoded value
    { /* … */ }

    @available(iOS 15, *)
    @discardableResult
    nonisolated func ping() -> Bool { /* … */ }
};

@propertyWrapper
struct Clamped<Value: Comparable> {
    private var value: Value
    let range: ClosedRange<Value>
    var wrappedValue: Value {
        get { value }
        set { /* … */ }
    }
    var projectedValue: Self { self }
    init(wrappedValue: Value, _ range: ClosedRange<Value>) { /* … */ }
}

indirect enum Expr: CustomStringConvertible {
    case number(Double)
    case add(Expr, Expr)
    case neg(_ inner: Expr)

    var description: String { /* … */ }

    static prefix func - (e: Expr) -> Expr { .neg(e) }
    static func + (a: Expr, b: Expr) -> Expr { /* … */ }
}

extension Expr: Equatable where Self: Sendable {
    static func == (lhs: Expr, rhs: Expr) -> Bool { /* … */ }
}

protocol Repository {
    associatedtype Item: Identifiable
    func all() async throws -> [Item]
    func save(_ item: Item) throws
}

extension Repository {
    func first() async throws -> Item? { /* … */ }
}

public let version = "1.0"
public var counters: [String: Int] = [
    "orders": 0,
    "users": 0,
    "items": 0,
    "carts": 0,
]
