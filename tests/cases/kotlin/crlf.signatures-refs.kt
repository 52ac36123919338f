package crlf

// a comment
class A {
    fun f(x: Int): Int { /* … L5-7 */ }

    val p: Int
        get() { /* … L10-12 */ }
}

fun g() { /* … L15 */ }
