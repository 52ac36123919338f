package données

/** Größe — un café ☕ */
class Café(val prénom: String) {
    fun größe(ñ: Int): String { /* … */ }

    val straße: String
        get() { /* … */ }
}

fun émoji(): String { /* … */ }
