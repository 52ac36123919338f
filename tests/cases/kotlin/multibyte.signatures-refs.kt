package données

/** Größe — un café ☕ */
class Café(val prénom: String) {
    fun größe(ñ: Int): String { /* … L5-7 */ }

    val straße: String
        get() { /* … L10-12 */ }
}

fun émoji(): String { /* … L15 */ }
