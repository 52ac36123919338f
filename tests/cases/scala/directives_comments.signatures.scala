// SPDX-License-Identifier: Apache-2.0
/*
 * Copyright notice, a plain block comment.
 */
//> using scala 3.3

package comments

// scalafmt: off
import a.b.{c => d, _}

/** Scaladoc of a function: first line.
  * second line */
@throws[Exception]("sometimes")
def old(x: Int) /* between header and body */ = { /* … */ }

def annotated(
    @unchecked a: Int, // trailing comment on a parameter
    b: () => Unit = () => println("default lambda"),
): Unit =
  // a comment before the body
  { /* … */ }

class Holder {
  /* nested /* comment */ inside */
  @transient lazy val value: Int = {
    1 + 2
  }

  def expression: List[Int] = { /* … */ }

  def thrower(): Nothing = { /* … */ };
}

/* trailing block comment */
