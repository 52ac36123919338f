package org.codepith.sample.data;

/** Lookup tables. */
public final class Tables {
    private Tables() {
    }

    /** CRC table (first entries). */
    static final int[] CRC = {
        0x00000000, 0x77073096, 0xee0e612c, 0x990951ba,
        0x076dc419, 0x706af48f, 0xe963a535, 0x9e6495a3,
        0x0edb8832, 0x79dcb8a4, 0xe0d5e91e, 0x97d2d988,
        0x09b64c2b, 0x7eb17cbd, 0xe7b82d07, 0x90bf1d91,
        0x1db71064, 0x6ab020f2, 0xf3b97148, 0x84be41de,
    };

    public static final String[][] NAMES = new String[][] {
        {"alpha", "a"},
        {"beta", "b"},
        {"gamma", "g"},
        {"delta", "d"},
        {"epsilon", "e"},
        {"zeta", "z"},
    };

    static final int[] SMALL = {1, 2, 3};

    static final String BANNER = """
        codepith
        tables
        """;

    interface Defaults {
        int[] PRIMES = {
            2, 3, 5, 7, 11,
            13, 17, 19, 23, 29,
            31, 37, 41, 43, 47,
            53, 59, 61, 67, 71,
            73, 79, 83, 89, 97,
        };
    }

    static int lookup(int i) {
        int[] local = {
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
            11, 12, 13, 14, 15, 16, 17, 18,
            19, 20, 21, 22, 23, 24, 25, 26,
            27, 28, 29, 30, 31, 32, 33, 34,
            35, 36, 37, 38, 39, 40, 41, 42,
        };
        return CRC[i] ^ local[i % local.length];
    }
}
