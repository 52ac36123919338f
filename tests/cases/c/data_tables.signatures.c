/* Data tables and initializers; written for codepith's tests. */
#include "tables.h"

static const unsigned char crc_table[] = {
    0x00, 0x07, 0x0e, 0x09, 0x1c, 0x1b, 0x12, 0x15,
    0x38, 0x3f, 0x36, 0x31, 0x24, 0x23, 0x2a, 0x2d,
    0x70, 0x77, 0x7e, 0x79, 0x6c, 0x6b, 0x62, 0x65,
    0x48, 0x4f, 0x46, 0x41, 0x54, 0x53, 0x5a, 0x5d,
};

const char *const month_names[12] = {
    "January", "February", "March",
    "April", "May", "June",
    "July", "August", "September",
    "October", "November", "December",
};

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
};

static int cmd_help(int argc, char **argv);
static int cmd_list(int argc, char **argv);

static const struct command commands[] = {
    { .name = "help", .run = cmd_help },
    { .name = "list", .run = cmd_list },
    { .name = "quit", .run = 0 },
    { 0 },
};

int small[3] = { 1, 2, 3 };

static int cmd_help(int argc, char **argv) { /* … */ }

static int cmd_list(int argc, char **argv) { /* … */ }
