// SPDX-License-Identifier: Apache-2.0
@file:Suppress("UNUSED_PARAMETER")

package comments

// ktlint-disable no-wildcard-imports
import a.b.*

/** KDoc of a function: first line. */
@Deprecated("use other", ReplaceWith("other()"))
fun old(x: Int) /* between header and body */ { /* … */ }

fun annotated(
    @Suppress("x") a: Int,
    b: () -> Unit = { println("default lambda") },
)
{ /* … */ }

class Holder {
    //noinspection SpellCheckingInspection
    @get:JvmName("theValue")
    val value: Int
        get() { /* … */ }

    fun expression() { /* … */ };

    @Throws(IllegalStateException::class)
    fun thrower() { /* … */ };
}

