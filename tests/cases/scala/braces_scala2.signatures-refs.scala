package com.example
package shapes

import scala.collection.mutable
import scala.util.{Try, Success => Ok, Failure}
import java.util._

/** A shape with an area.
  * More detail here.
  */
@deprecated("use Shape2", "1.0")
sealed trait Shape extends Product with Serializable {
  def area: Double
  def describe: String = { /* … L14 */ }
}

final case class Circle(radius: Double)(implicit val unit: String = "m") extends Shape {
  override def area: Double = { /* … L18 */ }
  require(radius >= 0, "negative radius")
}

abstract class Base[T <: Comparable[T]](protected val items: mutable.Buffer[T]) {
  type Elem = T
  type Bound <: AnyRef
  val size: Int
  var counter: Int = 0
  private[this] var hidden = 0

  def first: T

  def sorted(implicit ord: Ordering[T]): List[T] = { /* … L31-34 */ }

  def curried(a: Int)(b: Int)(implicit c: Int): Int = { /* … L36-38 */ }

  // a procedure, Scala 2's body without `=`
  def run(times: Int) { /* … L41-43 */ }
}

object Registry extends App {
  private val shapes = mutable.Map.empty[String, Shape]

  implicit class RichShape(val s: Shape) extends AnyVal {
    def twice: Double = { /* … L50 */ }
  }

  def register(name: String, shape: Shape): Unit = { /* … L53 */ };

  val raw = """a raw string with } and { braces
    def fake() = { }
  """

  println("started")
}

package object util {
  def helper(x: Int): Int = x * x + x * x + x
}
