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
  def describe: String = s"shape with area ${area} and } a brace"
}

final case class Circle(radius: Double)(implicit val unit: String = "m") extends Shape {
  override def area: Double = math.Pi * radius * radius
  require(radius >= 0, "negative radius")
}

abstract class Base[T <: Comparable[T]](protected val items: mutable.Buffer[T]) {
  type Elem = T
  type Bound <: AnyRef
  val size: Int
  var counter: Int = 0
  private[this] var hidden = 0

  def first: T

  def sorted(implicit ord: Ordering[T]): List[T] = {
    val copy = items.toList
    copy.sorted
  }

  def curried(a: Int)(b: Int)(implicit c: Int): Int = {
    a + b + c + counter + hidden
  }

  // a procedure, Scala 2's body without `=`
  def run(times: Int) {
    for (i <- 0 until times) println(i)
  }
}

object Registry extends App {
  private val shapes = mutable.Map.empty[String, Shape]

  implicit class RichShape(val s: Shape) extends AnyVal {
    def twice: Double = s.area * 2 + s.area * 2
  }

  def register(name: String, shape: Shape): Unit = { shapes(name) = shape };

  val raw = """a raw string with } and { braces
    def fake() = { }
  """

  println("started")
}

package object util {
  def helper(x: Int): Int = x * x + x * x + x
}
