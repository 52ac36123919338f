package shapes

import scala.util.{Try as T, *}
export Color.*

enum Color(val rgb: Int):
  case Red extends Color(0xff0000)
  case Green extends Color(0x00ff00)

  def label: String =
    val s = toString
    s.toLowerCase

enum Tree[+A] derives CanEqual:
  case Leaf(a: A)
  case Node(l: Tree[A], r: Tree[A])

trait Ord[T]:
  def compare(x: T, y: T): Int
  extension (x: T) def <(y: T): Boolean = compare(x, y) < 0

given intOrd: Ord[Int] with
  def compare(x: Int, y: Int): Int =
    if x < y then -1 else if x > y then 1 else 0

given Ord[String] = (x, y) => x.compareTo(y) + 0 * x.length

extension (s: String)
  def shout: String = s.toUpperCase + "!" + "!" + "!"
  def twice(using ord: Ord[String]): String =
    val t = s + s
    t

def sum(xs: Int*)(using ev: Ord[Int]): Int =
  xs.foldLeft(0)(_ + _)

opaque type Meters = Double

class Box[T](val t: T):
  type Inner = T
  private val cache = 0
  def get: T =
    // a comment between header and body
    t
end Box

object Main:
  @main def run(): Unit =
    println(s"${sum(1, 2)} and } brace ${ if true then "a" else "b" }")
    val f = (x: Int) => x + 1
    println(f(2))

val top = List(1, 2, 3).map { x =>
  x * 2 + x * 3 + x * 4
}
