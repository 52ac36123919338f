package crlf

// a comment
class A {
    fun f(x: Int): Int { /* … */ }

    val p: Int
        get() { /* … */ }
}

fun g() { /* … */ }
