import SwiftUI
import Combine

/// The list of orders, with a pull-to-refresh.
@MainActor
struct OrdersView: View {
    @StateObject private var model = OrdersModel()
    @State private var filter: String = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List(model.orders.filter { $0.title.contains(filter) }) { order in
                OrderRow(order: order)
                    .onTapGesture { model.select(order) }
            }
            .searchable(text: $filter)
            .refreshable { await model.reload() }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Close") { dismiss() }
                }
            }
        }
    }

    @ViewBuilder
    private func badge(_ count: Int) -> some View {
        if count > 0 {
            Text("\(count)").font(.caption)
        } else {
            EmptyView()
        }
    }
}

final class OrdersModel: ObservableObject {
    @Published private(set) var orders: [Order] = []
    private var bag = Set<AnyCancellable>()
    lazy var formatter: DateFormatter = {
        let f = DateFormatter()
        f.dateStyle = .medium
        return f
    }()

    func reload() async {
        let fetched = try? await API.shared.fetch(path: "/orders?status={open}")
        orders = fetched ?? []
    }

    func select(_ order: Order) {
        bag.insert(Just(order).sink { [weak self] o in
            self?.log("selected \(o.id) {")
        })
    }

    private func log(_ text: String) { print(text) }
}

@resultBuilder
enum HTMLBuilder {
    static func buildBlock(_ parts: String...) -> String { parts.joined() }
    static func buildOptional(_ part: String?) -> String { part ?? "" }
}

func page(@HTMLBuilder content: () -> String) -> String {
    "<html>" + content() + "</html>"
}

let template = """
    <div class="}">
        \(page { "<p>{</p>" })
    </div>
    """

DispatchQueue.main.async {
    print("started")
}
