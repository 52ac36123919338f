package données

/** Größe — un café ☕ */
class Café(val prénom: String) {
  def größe(ñ: Int): String = {
    s"¡Hola, $prénom! ${ñ} ☕ — «ünïcödé»"
  }

  val straße: String = "日本語"

  def größer(x: Int): Int =
    x * 2 + x * 3 + x * 4 + x * 5
}

object Émoji:
  def émoji(): String = "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"
