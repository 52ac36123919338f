package crlf

// a comment
class A {
  def f(x: Int): Int = {
    x + 1 + 2 + 3
  }

  val p: Int = 1
}

object B:
  def g(y: Int): Int =
    val z = y * 2
    z + 1

  def h = 2
