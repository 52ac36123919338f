/* Multibyte text, K&R definitions, attributes and variadics; written for codepith's tests. */
#include <stdarg.h>

/** Grüße an die Welt — greets the world. */
const char *greeting = "Grüße, 世界! ✓";

/* K&R-style definition: the parameter declarations are part of the header. */
int old_style(a, b)
    int a;
    char *b; { /* … L11-13 */ }

__attribute__((noreturn)) void die(const char *fmt, ...) { /* … L16-22 */ }

static __inline__ int __attribute__((always_inline)) fast(int x) { /* … L25-27 */ }

int sum(int count, ...) __attribute__((deprecated));

_Noreturn void quit(int code);

_Static_assert(sizeof(int) >= 2, "int too small");

int café(int ñ) { /* … L36-39 */ }
