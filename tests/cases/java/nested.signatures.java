package org.codepith.sample.nested;

import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Outer holds nested, anonymous and local classes.
 */
public class Outer {
    static int counter;

    static { /* … */ }

    { /* … */ }

    /** A comparator kept in a field: an anonymous class inside kept code. */
    public static final Comparator<String> BY_LENGTH = new Comparator<String>() {
        private int calls;

        @Override
        public int compare(String a, String b) { /* … */ }
    };

    private final Supplier<String> lazy = () -> { /* … */ };

    private final Runnable quick = () -> { /* … */ };

    private final Callable<Integer> answer = Outer::compute;

    static class Nested {
        private final int value;

        Nested(int value) { /* … */ }

        class Inner {
            int twice() { /* … */ }
        }
    }

    private static int compute() { /* … */ }

    protected interface Listener {
        void onEvent(String name);

        class Adapter implements Listener {
            public void onEvent(String name) { /* … */ }
        }
    }
}

class PackagePrivate extends Outer.Nested {
    PackagePrivate() { super(1); }
}
