package org.codepith.sample.nested;

import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Outer holds nested, anonymous and local classes.
 */
public class Outer {
    static int counter;

    static {
        counter = 1;
        for (int i = 0; i < 3; i++) {
            counter += i;
        }
    }

    {
        counter++;
        System.out.println("instance initializer");
    }

    /** A comparator kept in a field: an anonymous class inside kept code. */
    public static final Comparator<String> BY_LENGTH = new Comparator<String>() {
        private int calls;

        @Override
        public int compare(String a, String b) {
            calls++;
            return Integer.compare(a.length(), b.length());
        }
    };

    private final Supplier<String> lazy = () -> {
        String s = "computed";
        return s.toUpperCase();
    };

    private final Runnable quick = () -> System.out.println("quick");

    private final Callable<Integer> answer = Outer::compute;

    static class Nested {
        private final int value;

        Nested(int value) {
            this.value = value;
        }

        class Inner {
            int twice() {
                return value * 2;
            }
        }
    }

    private static int compute() {
        class Local {
            int go() {
                return 42;
            }
        }
        Runnable r = new Runnable() {
            public void run() {
                System.out.println("inside a body");
            }
        };
        r.run();
        return new Local().go();
    }

    protected interface Listener {
        void onEvent(String name);

        class Adapter implements Listener {
            public void onEvent(String name) {
                System.out.println(name);
            }
        }
    }
}

class PackagePrivate extends Outer.Nested {
    PackagePrivate() { super(1); }
}
