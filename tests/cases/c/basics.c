/*
 * basics.c -- a small module of codepith's C golden cases.
 * Written for codepith's tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include "basics.h"

#define BUF_SIZE 256
#define SQUARE(x) ((x) * (x))
#define SWAP(a, b) \
    do {           \
        int t = a; \
        a = b;     \
        b = t;     \
    } while (0)

/** The number of calls so far. */
static int calls = 0;

/**
 * Adds two integers.
 *
 * @param a the first
 * @param b the second
 * @return their sum
 */
int add(int a, int b)
{
    calls++;
    return a + b;
}

/// Parses a decimal number.
/// Returns -1 on error.
static long
parse_number(const char *text,
             char **end)
{
    long value = strtol(text, end, 10);
    if (*end == text) {
        return -1;
    }
    return value;
}

// A plain comment, dropped at outline.
char *join(const char *a, const char *b);

static inline unsigned square_u(unsigned x) { return x * x; }

int main(int argc, char *argv[])
{
    char buf[BUF_SIZE];
    /* a comment inside a body */
    for (int i = 1; i < argc; i++) {
        snprintf(buf, sizeof buf, "%d", add(i, SQUARE(i)));
        puts(buf);
    }
    return calls > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
