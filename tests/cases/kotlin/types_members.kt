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
    fun describe(): String = "shape with area $area and a longer description"
}

@JvmInline
value class Meters(val value: Double)

data class Circle(val radius: Double) : Shape {
    override val area: Double
        get() = PI * radius * radius

    init {
        require(radius >= 0) { "negative radius: $radius" }
    }

    constructor(diameter: Int) : this(diameter / 2.0) {
        println("from a diameter of $diameter")
    }

    companion object {
        const val UNIT = 1.0
        fun unit(): Circle {
            return Circle(UNIT)
        }
    }
}

abstract class Base<T : Comparable<T>>(protected val items: MutableList<T>) where T : Any {
    abstract fun first(): T

    open fun sorted(): List<T> {
        val copy = items.toMutableList()
        copy.sort()
        return copy
    }

    var counter: Int = 0
        private set(value) {
            check(value >= 0)
            field = value
        }

    inner class Cursor(private var index: Int) {
        fun next(): T = items[index++].also { counter += 1 }
    }
}

enum class Color(val rgb: Int) {
    RED(0xFF0000),
    GREEN(0x00FF00) {
        override fun label(): String {
            return "green, the colour of grass"
        }
    },
    BLUE(0x0000FF);

    open fun label(): String = name.lowercase().replaceFirstChar { it.uppercase() }
}

object Registry : Shape {
    private val shapes = mutableMapOf<String, Shape>()
    override val area: Double get() = shapes.values.sumOf { it.area }

    internal fun register(name: String, shape: Shape) {
        shapes[name] = shape
    }
}

typealias ShapeMap = Map<String, Shape>

fun String.shout(times: Int = 1): String {
    return this.uppercase().repeat(times) + "!"
}

suspend inline fun <reified T> List<*>.firstOf(): T? = firstOrNull { it is T } as T?

val lazyValue: String by lazy {
    println("computed once, and only once")
    "value"
}

var template = "${ if (lazyValue.isEmpty()) { "empty" } else "full" } and } braces {"

val raw = """
    a raw string with } and { and ${'$'}{ not a template }
    fun fake() { }
""".trimIndent()

fun interface Action {
    fun run(x: Int)
}

private fun hidden(x: Int) = x * x + x * x + x * x;
