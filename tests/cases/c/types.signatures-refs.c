/* Struct, union, enum and typedef shapes; written for codepith's tests. */
#include <stdint.h>

struct node;

typedef struct node {
    int value;            /* the payload */
    struct node *next;
    unsigned flags : 3;   /* a bit-field */
    union {
        int32_t i;
        float f;
    } as;
    struct {
        int x, y;
    } pos;
} node_t;

typedef union {
    uint8_t bytes[4];
    uint32_t word;
} word_t;

enum state {
    STATE_IDLE,
    STATE_RUNNING = 1 << 2,
    STATE_DONE,
};

typedef enum { LOW, HIGH } level_t;

typedef int (*compare_fn)(const void *, const void *);
typedef void handler_t(int signal);

struct ops {
    int (*open)(const char *path, int flags);
    void (*close)(int fd);
};

/** A linked-list walk. */
node_t *find(node_t *head, int value) { /* … L42-49 */ }

static int (*pick(int which))(const void *, const void *) { /* … L52-55 */ }

const char **names(void) { /* … L58-61 */ }
