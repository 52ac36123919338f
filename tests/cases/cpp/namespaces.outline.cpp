/* SPDX-License-Identifier: Apache-2.0 */
#pragma once
#include <cstdio>
#include "config.h"

#define CP_VERSION_MAJOR 1
#define CP_CHECK(cond)                   \
    do {                                 \
        if (!(cond)) std::abort();       \
    } while (0)

extern "C" {
int c_entry(int argc, char **argv);
typedef void (*c_callback)(void *);
}

extern "C" int c_single(void);

namespace {
int hidden_counter = 0;

int bump() { /* … */ }
}

namespace outer {
namespace inner {

#ifdef CP_TRACE
void trace(const char *msg) { /* … */ }
#else
inline void trace(const char *) {}
#endif

}

namespace alias = inner;
}

namespace outer::nested::deep {
enum class Mode : unsigned char { Off, On, Auto };
using Callback = void (*)(Mode);
}

using namespace outer;
using std::printf;
