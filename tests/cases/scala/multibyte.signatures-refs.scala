package données

/** Größe — un café ☕ */
class Café(val prénom: String) {
  def größe(ñ: Int): String = { /* … L5-7 */ }

  val straße: String = "日本語"

  def größer(x: Int): Int = { /* … L12 */ }
}

object Émoji:
  def émoji(): String = { /* … L16 */ }
