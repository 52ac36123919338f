package org.codepith.sample.edges;

import java.io.Serializable;

/**
 * Shapes at the edges of the grammar.
 */
class Edges
{
    /** A generic constructor. */
    <T extends Serializable> Edges(T seed, int times) { /* … L12-16 */ }

    // a switch expression in a field initializer: no function body in it
    static final int CODE = switch (Integer.getInteger("mode", 0)) {
        case 1 -> 10;
        default -> {
            int v = 20;
            yield v;
        }
    };

    // a lambda behind an intersection cast stays a lambda
    final Object task = (Runnable & Serializable) () -> { /* … L28-31 */ };

    final java.util.function.BiFunction<Integer, Integer, Integer> add =
            (Integer a, Integer b) -> { /* … L35 */ };

    /** Allman braces: the placeholder joins the header's line. */
    public static <T> void each(
            Iterable<? extends T> items,
            java.util.function.Consumer<? super T> action) { /* … L41-45 */ }

    static int[] matrix()[] { /* … L47-49 */ }

    private Edges() throws
            IllegalStateException,
            UnsupportedOperationException { /* … L53-55 */ }
}
