import SwiftUI
import Combine

/// The list of orders, with a pull-to-refresh.
@MainActor
struct OrdersView: View {
    @StateObject private var model = OrdersModel()
    @State private var filter: String = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View { /* … */ }

    @ViewBuilder
    private func badge(_ count: Int) -> some View { /* … */ }
}

final class OrdersModel: ObservableObject {
    @Published private(set) var orders: [Order] = []
    private var bag = Set<AnyCancellable>()
    lazy var formatter: DateFormatter = { /* … */ }()

    func reload() async { /* … */ }

    func select(_ order: Order) { /* … */ }

    private func log(_ text: String) { /* … */ }
}

@resultBuilder
enum HTMLBuilder {
    static func buildBlock(_ parts: String...) -> String { /* … */ }
    static func buildOptional(_ part: String?) -> String { /* … */ }
}

func page(@HTMLBuilder content: () -> String) -> String { /* … */ }

let template = """
    <div class="}">
        \(page { /* … */ })
    </div>
    """

DispatchQueue.main.async { /* … */ }
