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
fun old(x: Int) /* between header and body */ { /* … */ }

fun annotated(
    @Suppress("x") a: Int, // trailing comment on a parameter
    b: () -> Unit = { println("default lambda") },
)
// a comment between header and body
{ /* … */ }

class Holder {
    //noinspection SpellCheckingInspection
    @get:JvmName("theValue")
    val value: Int
        // a comment before the getter body
        get() { /* … */ }

    fun expression() { /* … */ };

    @Throws(IllegalStateException::class)
    fun thrower() { /* … */ };
}

/* trailing block comment */
