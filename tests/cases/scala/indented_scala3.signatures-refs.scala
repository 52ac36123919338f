package shapes

import scala.util.{Try as T, *}
export Color.*

enum Color(val rgb: Int):
  case Red extends Color(0xff0000)
  case Green extends Color(0x00ff00)

  def label: String = { /* … L11-12 */ }

enum Tree[+A] derives CanEqual:
  case Leaf(a: A)
  case Node(l: Tree[A], r: Tree[A])

trait Ord[T]:
  def compare(x: T, y: T): Int
  extension (x: T) def <(y: T): Boolean = compare(x, y) < 0

given intOrd: Ord[Int] with
  def compare(x: Int, y: Int): Int = { /* … L24 */ }

given Ord[String] = (x, y) => { /* … L26 */ }

extension (s: String)
  def shout: String = { /* … L29 */ }
  def twice(using ord: Ord[String]): String = { /* … L31-32 */ }

def sum(xs: Int*)(using ev: Ord[Int]): Int = { /* … L35 */ }

opaque type Meters = Double

class Box[T](val t: T):
  type Inner = T
  private val cache = 0
  def get: T =
    // a comment between header and body
    t
end Box

object Main:
  @main def run(): Unit = { /* … L49-51 */ }

val top = List(1, 2, 3).map { x => { /* … L54 */ }
}
