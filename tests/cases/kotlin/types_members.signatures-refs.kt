@file:JvmName("Shapes")
@file:Suppress("unused")

package com.example.shapes

import kotlin.math.PI
import kotlin.math.sqrt as squareRoot
import java.util.*

/**
 * A shape with an area.
 * More detail here.
 */
sealed interface Shape {
    val area: Double
    fun describe(): String { /* … L16 */ }
}

@JvmInline
value class Meters(val value: Double)

data class Circle(val radius: Double) : Shape {
    override val area: Double
        get() { /* … L24 */ }

    init { /* … L26-28 */ }

    constructor(diameter: Int) : this(diameter / 2.0) { /* … L30-32 */ }

    companion object {
        const val UNIT = 1.0
        fun unit(): Circle { /* … L36-38 */ }
    }
}

abstract class Base<T : Comparable<T>>(protected val items: MutableList<T>) where T : Any {
    abstract fun first(): T

    open fun sorted(): List<T> { /* … L45-49 */ }

    var counter: Int = 0
        private set(value) { /* … L52-55 */ }

    inner class Cursor(private var index: Int) {
        fun next(): T { /* … L58 */ }
    }
}

enum class Color(val rgb: Int) {
    RED(0xFF0000),
    GREEN(0x00FF00) {
        override fun label(): String { /* … L65-67 */ }
    },
    BLUE(0x0000FF);

    open fun label(): String { /* … L71 */ }
}

object Registry : Shape {
    private val shapes = mutableMapOf<String, Shape>()
    override val area: Double get() { /* … L76 */ }

    internal fun register(name: String, shape: Shape) { /* … L78-80 */ }
}

typealias ShapeMap = Map<String, Shape>

fun String.shout(times: Int = 1): String { /* … L85-87 */ }

suspend inline fun <reified T> List<*>.firstOf(): T? { /* … L89 */ }

val lazyValue: String by lazy { /* … L91-94 */ }

var template = "${ if (lazyValue.isEmpty()) { "empty" } else "full" } and } braces {"

val raw = """
    a raw string with } and { and ${'$'}{ not a template }
    fun fake() { }
""".trimIndent()

fun interface Action {
    fun run(x: Int)
}

private fun hidden(x: Int) { /* … L107 */ };
