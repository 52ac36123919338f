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
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Only in debug builds.
    func dump() {
        #if DEBUG
        print(session)
        #endif
    }

    // swiftlint:disable:next function_body_length
    public func fetch<T: Decodable>(
        path: String,
        as type: T.Type = T.self
    ) async throws -> T // the decoded value
    {
        // build the request
        let url = URL(string: "https://example.com" + path)!
        let (data, _) = try await session.data(from: url)
        return try JSONDecoder().decode(T.self, from: data)
    }

    @available(iOS 15, *)
    @discardableResult
    nonisolated func ping() -> Bool { /* inline */ true }
};

@propertyWrapper
struct Clamped<Value: Comparable> {
    private var value: Value
    let range: ClosedRange<Value>
    var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
    var projectedValue: Self { self }
    init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        self.range = range
        value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }
}

indirect enum Expr: CustomStringConvertible {
    case number(Double)
    case add(Expr, Expr)
    case neg(_ inner: Expr)

    var description: String {
        switch self {
        case .number(let n): return "\(n)"
        case let .add(a, b): return "(\(a) + \(b))"
        case .neg(let e): return "-\(e)"
        }
    }

    static prefix func - (e: Expr) -> Expr { .neg(e) }
    static func + (a: Expr, b: Expr) -> Expr { .add(a, b) }
}

extension Expr: Equatable where Self: Sendable {
    static func == (lhs: Expr, rhs: Expr) -> Bool {
        lhs.description == rhs.description
    }
}

protocol Repository {
    associatedtype Item: Identifiable
    func all() async throws -> [Item]
    func save(_ item: Item) throws
}

extension Repository {
    func first() async throws -> Item? {
        try await all().first
    }
}

public let version = "1.0"
public var counters: [String: Int] = [
    "orders": 0,
    "users": 0,
    "items": 0,
    "carts": 0,
]
