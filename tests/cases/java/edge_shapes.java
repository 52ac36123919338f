package org.codepith.sample.edges;

import java.io.Serializable;

/**
 * Shapes at the edges of the grammar.
 */
class Edges
{
    /** A generic constructor. */
    <T extends Serializable> Edges(T seed, int times)
    {
        for (int i = 0; i < times; i++) {
            System.out.println(seed);
        }
    }

    // a switch expression in a field initializer: no function body in it
    static final int CODE = switch (Integer.getInteger("mode", 0)) {
        case 1 -> 10;
        default -> {
            int v = 20;
            yield v;
        }
    };

    // a lambda behind an intersection cast stays a lambda
    final Object task = (Runnable & Serializable) () -> {
        System.out.println("task");
        System.out.println("done");
    };

    final java.util.function.BiFunction<Integer, Integer, Integer> add =
            (Integer a, Integer b) ->
                    a + b + a * b + a - b;

    /** Allman braces: the placeholder joins the header's line. */
    public static <T> void each(
            Iterable<? extends T> items,
            java.util.function.Consumer<? super T> action)
    {
        for (T item : items) {
            action.accept(item);
        }
    }

    static int[] matrix()[] {
        return new int[][] {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
    }

    private Edges() throws
            IllegalStateException,
            UnsupportedOperationException {
        this(null, 0);
    }
}
