#include <string.h>

#define TWICE(x) \
    ((x) + (x))

/** Copies a string. */
char *copy(char *dst, const char *src) { /* … */ }

/// Counts bytes.
size_t count(const char *s) { /* … */ }

struct pair {
    int a;
    int b;
};
