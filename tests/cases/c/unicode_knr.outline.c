#include <stdarg.h>

/** Grüße an die Welt — greets the world. */
const char *greeting = "Grüße, 世界! ✓";

int old_style(a, b)
    int a;
    char *b; { /* … */ }

__attribute__((noreturn)) void die(const char *fmt, ...) { /* … */ }

static __inline__ int __attribute__((always_inline)) fast(int x) { /* … */ }

int sum(int count, ...) __attribute__((deprecated));

_Noreturn void quit(int code);

_Static_assert(sizeof(int) >= 2, "int too small");

int café(int ñ) { /* … */ }
