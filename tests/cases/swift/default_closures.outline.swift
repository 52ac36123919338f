struct Repository {
  func paginated(
    limit: Int?,
    filter: ((Int) -> Bool) = { _ in return true },
    @ViewBuilder transform: @escaping (Int) -> Int = { child in child }
  ) -> [Int] { /* … */ }

  init(onChange: @escaping () -> Void = {}) { /* … */ }
}

func run(_ work: () -> Void = { print("}") }) { /* … */ }
