// A parameter's default value is part of the signature, closures included.
struct Repository {
  func paginated(
    limit: Int?,
    filter: ((Int) -> Bool) = { _ in return true },
    @ViewBuilder transform: @escaping (Int) -> Int = { child in child }
  ) -> [Int] {
    let all = [1, 2, 3]
    return all.filter(filter).map(transform)
  }

  init(onChange: @escaping () -> Void = {}) {
    onChange()
  }
}

func run(_ work: () -> Void = { print("}") }) {
  let started = Date()
  work()
  print("took", Date().timeIntervalSince(started))
}
