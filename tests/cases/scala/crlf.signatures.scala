package crlf

// a comment
class A {
  def f(x: Int): Int = { /* … */ }

  val p: Int = 1
}

object B:
  def g(y: Int): Int = { /* … */ }

  def h = 2
