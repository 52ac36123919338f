package org.codepith.sample.shapes;

import java.util.Objects;
import java.util.function.IntBinaryOperator;

/** Shapes, sealed. */
public sealed interface Shape permits Circle, Square, Shape.Empty {

    /** The area. */
    double area();

    default String describe() { /* … L12-14 */ }

    static Shape empty() { /* … L16-18 */ }

    /** No shape at all. */
    record Empty() implements Shape {
        public double area() { return 0; }
    }
}

/** A circle with its radius. */
record Circle(double radius) implements Shape {
    /** Validates the radius. */
    Circle { /* … L29-33 */ }

    Circle(int diameter, boolean half) { /* … L35-37 */ }

    static final Circle UNIT = new Circle(1);

    @Override
    public double area() { /* … L42-44 */ }
}

final record Square<T extends Number>(
        T side,
        @Deprecated String label) implements Shape {

    public double area() { /* … L51-54 */ }
}

non-sealed class Polygon implements Comparable<Polygon> {
    public int compareTo(Polygon other) { /* … L58-60 */ }
}

/** Arithmetic operators. */
enum Op implements IntBinaryOperator {
    /** Adds. */
    PLUS("+", (a, b) -> a + b),
    MINUS("-", (a, b) -> { /* … L67-70 */ }),
    TIMES("*", null) {
        @Override
        public int applyAsInt(int a, int b) { /* … L73-75 */ }
    },
    @Deprecated
    DIVIDE("/", (a, b) -> a / b);

    private final String symbol;
    private final IntBinaryOperator fn;

    Op(String symbol, IntBinaryOperator fn) { /* … L83-86 */ }

    static { /* … L88-91 */ }

    public int applyAsInt(int a, int b) { /* … L93-95 */ }
}

enum Level { LOW, MEDIUM, HIGH; }
