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
int add(int a, int b) { /* … L29-32 */ }

/// Parses a decimal number.
/// Returns -1 on error.
static long
parse_number(const char *text,
             char **end) { /* … L39-45 */ }

// A plain comment, dropped at outline.
char *join(const char *a, const char *b);

static inline unsigned square_u(unsigned x) { return x * x; }

int main(int argc, char *argv[]) { /* … L53-61 */ }
