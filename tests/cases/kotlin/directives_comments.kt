// SPDX-License-Identifier: Apache-2.0
/*
 * Copyright notice, a plain block comment.
 */
@file:Suppress("UNUSED_PARAMETER")

package comments

// ktlint-disable no-wildcard-imports
import a.b.*

/** KDoc of a function: first line.
 * second line */
@Deprecated("use other", ReplaceWith("other()"))
fun old(x: Int) /* between header and body */ {
    // inside
    println(x)
}

fun annotated(
    @Suppress("x") a: Int, // trailing comment on a parameter
    b: () -> Unit = { println("default lambda") },
)
// a comment between header and body
{
    b()
    println("called the default lambda once")
}

class Holder {
    //noinspection SpellCheckingInspection
    @get:JvmName("theValue")
    val value: Int
        // a comment before the getter body
        get() {
            /* nested /* comment */ inside */
            return 1
        }

    fun expression() =
        listOf(1, 2, 3)
            .filter { it > 1 }
            .map { it * 2 };

    @Throws(IllegalStateException::class)
    fun thrower() { throw IllegalStateException("no") };
}

/* trailing block comment */
