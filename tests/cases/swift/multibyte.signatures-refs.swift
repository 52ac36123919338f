import Foundation

/// Größe eines Fensters — in Punkten.
struct Größe {
    var breite: Double
    var höhe: Double
    func fläche() -> Double { /* … L7-9 */ }
}

enum 天気 {
    case 晴れ, 雨(量: Int)
    var 説明: String { /* … L14-19 */ }
}

func grüß(_ name: String) -> String { /* … L22-25 */ }
