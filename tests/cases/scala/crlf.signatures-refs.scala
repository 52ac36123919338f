package crlf

// a comment
class A {
  def f(x: Int): Int = { /* … L5-7 */ }

  val p: Int = 1
}

object B:
  def g(y: Int): Int = { /* … L14-15 */ }

  def h = 2
