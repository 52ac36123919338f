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
def old(x: Int) /* between header and body */ = {
  // inside
  println(x)
}

def annotated(
    @unchecked a: Int, // trailing comment on a parameter
    b: () => Unit = () => println("default lambda"),
): Unit =
  // a comment before the body
  b()
  println("called the default lambda once")

class Holder {
  /* nested /* comment */ inside */
  @transient lazy val value: Int = {
    1 + 2
  }

  def expression: List[Int] =
    List(1, 2, 3)
      .filter(_ > 1)
      .map(_ * 2);

  def thrower(): Nothing = { throw new IllegalStateException("no") };
}

/* trailing block comment */
