// SPDX-License-Identifier: Apache-2.0
//> using scala 3.3

package comments

// scalafmt: off
import a.b.{c => d, _}

/** Scaladoc of a function: first line. */
@throws[Exception]("sometimes")
def old(x: Int) /* between header and body */ = { /* … */ }

def annotated(
    @unchecked a: Int,
    b: () => Unit = () => println("default lambda"),
): Unit =
  { /* … */ }

class Holder {
  @transient lazy val value: Int = {
    1 + 2
  }

  def expression: List[Int] = { /* … */ }

  def thrower(): Nothing = { /* … */ };
}

