/* CRLF line endings; written for codepith's tests. */
#include <string.h>

#define TWICE(x) \
    ((x) + (x))

/**
 * Copies a string.
 * Returns dst.
 */
char *copy(char *dst, const char *src)
{
    return strcpy(dst, src);
}

/// Counts bytes.
/// In order.
size_t count(const char *s)
{
    return strlen(s);
}

struct pair {
    int a;
    int b;
};
