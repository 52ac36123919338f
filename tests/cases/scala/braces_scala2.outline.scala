package com.example
package shapes

import scala.collection.mutable
import scala.util.{Try, Success => Ok, Failure}
import java.util._

/** A shape with an area. */
@deprecated("use Shape2", "1.0")
sealed trait Shape extends Product with Serializable {
  def area: Double
  def describe: String = { /* … */ }
}

final case class Circle(radius: Double)(implicit val unit: String = "m") extends Shape {
  override def area: Double = { /* … */ }
  require(radius >= 0, "negative radius")
}

abstract class Base[T <: Comparable[T]](protected val items: mutable.Buffer[T]) {
  type Elem = T
  type Bound <: AnyRef
  val size: Int
  var counter: Int = 0
  private[this] var hidden = 0

  def first: T

  def sorted(implicit ord: Ordering[T]): List[T] = { /* … */ }

  def curried(a: Int)(b: Int)(implicit c: Int): Int = { /* … */ }

  def run(times: Int) { /* … */ }
}

object Registry extends App {
  private val shapes = mutable.Map.empty[String, Shape]

  implicit class RichShape(val s: Shape) extends AnyVal {
    def twice: Double = { /* … */ }
  }

  def register(name: String, shape: Shape): Unit = { /* … */ };

  val raw = """a raw string with } and { braces
    def fake() = { }
  """

  println("started")
}

package object util {
  def helper(x: Int): Int = { /* … */ }
}
