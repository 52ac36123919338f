package org.codepith.sample.nested;

import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Outer holds nested, anonymous and local classes.
 */
public class Outer {
    static int counter;

    static { /* … L13-18 */ }

    { /* … L20-23 */ }

    /** A comparator kept in a field: an anonymous class inside kept code. */
    public static final Comparator<String> BY_LENGTH = new Comparator<String>() {
        private int calls;

        @Override
        public int compare(String a, String b) { /* … L30-33 */ }
    };

    private final Supplier<String> lazy = () -> { /* … L36-39 */ };

    private final Runnable quick = () -> { /* … L41 */ };

    private final Callable<Integer> answer = Outer::compute;

    static class Nested {
        private final int value;

        Nested(int value) { /* … L48-50 */ }

        class Inner {
            int twice() { /* … L53-55 */ }
        }
    }

    private static int compute() { /* … L59-72 */ }

    protected interface Listener {
        void onEvent(String name);

        class Adapter implements Listener {
            public void onEvent(String name) { /* … L78-80 */ }
        }
    }
}

class PackagePrivate extends Outer.Nested {
    PackagePrivate() { super(1); }
}
