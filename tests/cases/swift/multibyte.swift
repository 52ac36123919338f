import Foundation

/// Größe eines Fensters — in Punkten.
struct Größe {
    var breite: Double
    var höhe: Double
    func fläche() -> Double {
        breite * höhe // „Fläche“
    }
}

enum 天気 {
    case 晴れ, 雨(量: Int)
    var 説明: String {
        switch self {
        case .晴れ: return "☀️ {"
        case .雨(let 量): return "🌧 \(量) }"
        }
    }
}

func grüß(_ name: String) -> String {
    let emoji = "👋 \(name) 🎉"
    return emoji
}
