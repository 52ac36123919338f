@file:JvmName("Shapes")
@file:Suppress("unused")

package com.example.shapes

import kotlin.math.PI
import kotlin.math.sqrt as squareRoot
import java.util.*

/** A shape with an area. */
sealed interface Shape {
    val area: Double
    fun describe(): String { /* … */ }
}

@JvmInline
value class Meters(val value: Double)

data class Circle(val radius: Double) : Shape {
    override val area: Double
        get() { /* … */ }

    init { /* … */ }

    constructor(diameter: Int) : this(diameter / 2.0) { /* … */ }

    companion object {
        const val UNIT = 1.0
        fun unit(): Circle { /* … */ }
    }
}

abstract class Base<T : Comparable<T>>(protected val items: MutableList<T>) where T : Any {
    abstract fun first(): T

    open fun sorted(): List<T> { /* … */ }

    var counter: Int = 0
        private set(value) { /* … */ }

    inner class Cursor(private var index: Int) {
        fun next(): T { /* … */ }
    }
}

enum class Color(val rgb: Int) {
    RED(0xFF0000),
    GREEN(0x00FF00) {
        override fun label(): String { /* … */ }
    },
    BLUE(0x0000FF);

    open fun label(): String { /* … */ }
}

object Registry : Shape {
    private val shapes = mutableMapOf<String, Shape>()
    override val area: Double get() { /* … */ }

    internal fun register(name: String, shape: Shape) { /* … */ }
}

typealias ShapeMap = Map<String, Shape>

fun String.shout(times: Int = 1): String { /* … */ }

suspend inline fun <reified T> List<*>.firstOf(): T? { /* … */ }

val lazyValue: String by lazy { /* … */ }

var template = "${ if (lazyValue.isEmpty()) { "empty" } else "full" } and } braces {"

val raw = """
    a raw string with } and { and ${'$'}{ not a template }
    fun fake() { }
""".trimIndent()

fun interface Action {
    fun run(x: Int)
}

private fun hidden(x: Int) { /* … */ };
