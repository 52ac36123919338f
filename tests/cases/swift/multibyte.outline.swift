import Foundation

/// Größe eines Fensters — in Punkten.
struct Größe {
    var breite: Double
    var höhe: Double
    func fläche() -> Double { /* … */ }
}

enum 天気 {
    case 晴れ, 雨(量: Int)
    var 説明: String { /* … */ }
}

func grüß(_ name: String) -> String { /* … */ }
