package données

/** Größe — un café ☕ */
class Café(val prénom: String) {
    fun größe(ñ: Int): String {
        return "¡Hola, $prénom! ${ñ} ☕ — «ünïcödé»"
    }

    val straße: String
        get() {
            return "日本語の名前 $prénom"
        }
}

fun émoji(): String = "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"
