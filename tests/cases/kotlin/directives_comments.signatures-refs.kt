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
fun old(x: Int) /* between header and body */ { /* … L15-18 */ }

fun annotated(
    @Suppress("x") a: Int, // trailing comment on a parameter
    b: () -> Unit = { println("default lambda") },
)
// a comment between header and body
{ /* … L25-28 */ }

class Holder {
    //noinspection SpellCheckingInspection
    @get:JvmName("theValue")
    val value: Int
        // a comment before the getter body
        get() { /* … L35-38 */ }

    fun expression() { /* … L40-43 */ };

    @Throws(IllegalStateException::class)
    fun thrower() { /* … L46 */ };
}

/* trailing block comment */
