#include "tables.h"

static const unsigned char crc_table[] = {/* … */};

const char *const month_names[12] = {/* … */};

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
};

static int cmd_help(int argc, char **argv);
static int cmd_list(int argc, char **argv);

static const struct command commands[] = {/* … */};

int small[3] = { 1, 2, 3 };

static int cmd_help(int argc, char **argv) { /* … */ }

static int cmd_list(int argc, char **argv) { /* … */ }
