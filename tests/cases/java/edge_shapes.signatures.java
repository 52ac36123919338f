package org.codepith.sample.edges;

import java.io.Serializable;

/**
 * Shapes at the edges of the grammar.
 */
class Edges
{
    /** A generic constructor. */
    <T extends Serializable> Edges(T seed, int times) { /* … */ }

    // a switch expression in a field initializer: no function body in it
    static final int CODE = switch (Integer.getInteger("mode", 0)) {
        case 1 -> 10;
        default -> {
            int v = 20;
            yield v;
        }
    };

    // a lambda behind an intersection cast stays a lambda
    final Object task = (Runnable & Serializable) () -> { /* … */ };

    final java.util.function.BiFunction<Integer, Integer, Integer> add =
            (Integer a, Integer b) -> { /* … */ };

    /** Allman braces: the placeholder joins the header's line. */
    public static <T> void each(
            Iterable<? extends T> items,
            java.util.function.Consumer<? super T> action) { /* … */ }

    static int[] matrix()[] { /* … */ }

    private Edges() throws
            IllegalStateException,
            UnsupportedOperationException { /* … */ }
}
