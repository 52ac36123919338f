/* CRLF line endings; written for codepith's tests. */
#include <string.h>

#define TWICE(x) \
    ((x) + (x))

/**
 * Copies a string.
 * Returns dst.
 */
char *copy(char *dst, const char *src) { /* … L12-14 */ }

/// Counts bytes.
/// In order.
size_t count(const char *s) { /* … L19-21 */ }

struct pair {
    int a;
    int b;
};
