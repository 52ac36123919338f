import SwiftUI
import Combine

/// The list of orders, with a pull-to-refresh.
@MainActor
struct OrdersView: View {
    @StateObject private var model = OrdersModel()
    @State private var filter: String = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View { /* … L11-25 */ }

    @ViewBuilder
    private func badge(_ count: Int) -> some View { /* … L28-34 */ }
}

final class OrdersModel: ObservableObject {
    @Published private(set) var orders: [Order] = []
    private var bag = Set<AnyCancellable>()
    lazy var formatter: DateFormatter = { /* … L40-44 */ }()

    func reload() async { /* … L46-49 */ }

    func select(_ order: Order) { /* … L51-55 */ }

    private func log(_ text: String) { print(text) }
}

@resultBuilder
enum HTMLBuilder {
    static func buildBlock(_ parts: String...) -> String { /* … L62 */ }
    static func buildOptional(_ part: String?) -> String { part ?? "" }
}

func page(@HTMLBuilder content: () -> String) -> String { /* … L66-68 */ }

let template = """
    <div class="}">
        \(page { "<p>{</p>" })
    </div>
    """

DispatchQueue.main.async { /* … L76-78 */ }
