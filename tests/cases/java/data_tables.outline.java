package org.codepith.sample.data;

/** Lookup tables. */
public final class Tables {
    private Tables() {
    }

    /** CRC table (first entries). */
    static final int[] CRC = {/* … */};

    public static final String[][] NAMES = new String[][] {/* … */};

    static final int[] SMALL = {1, 2, 3};

    static final String BANNER = """
        codepith
        tables
        """;

    interface Defaults {
        int[] PRIMES = {/* … */};
    }

    static int lookup(int i) { /* … */ }
}
