package org.codepith.sample.shapes;

import java.util.Objects;
import java.util.function.IntBinaryOperator;

/** Shapes, sealed. */
public sealed interface Shape permits Circle, Square, Shape.Empty {

    /** The area. */
    double area();

    default String describe() {
        return getClass().getSimpleName() + " of area " + area();
    }

    static Shape empty() {
        return new Empty();
    }

    /** No shape at all. */
    record Empty() implements Shape {
        public double area() { return 0; }
    }
}

/** A circle with its radius. */
record Circle(double radius) implements Shape {
    /** Validates the radius. */
    Circle {
        if (radius < 0) {
            throw new IllegalArgumentException("radius " + radius);
        }
    }

    Circle(int diameter, boolean half) {
        this(diameter / 2.0);
    }

    static final Circle UNIT = new Circle(1);

    @Override
    public double area() {
        return Math.PI * radius * radius;
    }
}

final record Square<T extends Number>(
        T side,
        @Deprecated String label) implements Shape {

    public double area() {
        double s = side.doubleValue();
        return s * s;
    }
}

non-sealed class Polygon implements Comparable<Polygon> {
    public int compareTo(Polygon other) {
        return 0;
    }
}

/** Arithmetic operators. */
enum Op implements IntBinaryOperator {
    /** Adds. */
    PLUS("+", (a, b) -> a + b),
    MINUS("-", (a, b) -> {
        int r = a - b;
        return r;
    }),
    TIMES("*", null) {
        @Override
        public int applyAsInt(int a, int b) {
            return a * b;
        }
    },
    @Deprecated
    DIVIDE("/", (a, b) -> a / b);

    private final String symbol;
    private final IntBinaryOperator fn;

    Op(String symbol, IntBinaryOperator fn) {
        this.symbol = symbol;
        this.fn = fn;
    }

    static {
        Objects.requireNonNull(PLUS);
        System.out.println("ops ready");
    }

    public int applyAsInt(int a, int b) {
        return fn.applyAsInt(a, b);
    }
}

enum Level { LOW, MEDIUM, HIGH; }
