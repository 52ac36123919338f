// A parameter's default value is part of the signature, closures included.
struct Repository {
  func paginated(
    limit: Int?,
    filter: ((Int) -> Bool) = { _ in return true },
    @ViewBuilder transform: @escaping (Int) -> Int = { child in child }
  ) -> [Int] { /* … L7-10 */ }

  init(onChange: @escaping () -> Void = {}) {
    onChange()
  }
}

func run(_ work: () -> Void = { print("}") }) { /* … L17-21 */ }
