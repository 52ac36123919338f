package crlf

// a comment
class A {
    fun f(x: Int): Int {
        return x + 1 + 2 + 3
    }

    val p: Int
        get() {
            return 42 + 1
        }
}

fun g() = listOf(1, 2, 3).map { it * 2 }
