package données

/** Größe — un café ☕ */
class Café(val prénom: String) {
  def größe(ñ: Int): String = { /* … */ }

  val straße: String = "日本語"

  def größer(x: Int): Int = { /* … */ }
}

object Émoji:
  def émoji(): String = { /* … */ }
