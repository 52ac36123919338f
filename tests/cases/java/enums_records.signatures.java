package org.codepith.sample.shapes;

import java.util.Objects;
import java.util.function.IntBinaryOperator;

/** Shapes, sealed. */
public sealed interface Shape permits Circle, Square, Shape.Empty {

    /** The area. */
    double area();

    default String describe() { /* … */ }

    static Shape empty() { /* … */ }

    /** No shape at all. */
    record Empty() implements Shape {
        public double area() { return 0; }
    }
}

/** A circle with its radius. */
record Circle(double radius) implements Shape {
    /** Validates the radius. */
    Circle { /* … */ }

    Circle(int diameter, boolean half) { /* … */ }

    static final Circle UNIT = new Circle(1);

    @Override
    public double area() { /* … */ }
}

final record Square<T extends Number>(
        T side,
        @Deprecated String label) implements Shape {

    public double area() { /* … */ }
}

non-sealed class Polygon implements Comparable<Polygon> {
    public int compareTo(Polygon other) { /* … */ }
}

/** Arithmetic operators. */
enum Op implements IntBinaryOperator {
    /** Adds. */
    PLUS("+", (a, b) -> a + b),
    MINUS("-", (a, b) -> { /* … */ }),
    TIMES("*", null) {
        @Override
        public int applyAsInt(int a, int b) { /* … */ }
    },
    @Deprecated
    DIVIDE("/", (a, b) -> a / b);

    private final String symbol;
    private final IntBinaryOperator fn;

    Op(String symbol, IntBinaryOperator fn) { /* … */ }

    static { /* … */ }

    public int applyAsInt(int a, int b) { /* … */ }
}

enum Level { LOW, MEDIUM, HIGH; }
