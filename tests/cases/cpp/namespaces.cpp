/* SPDX-License-Identifier: Apache-2.0 */
// Namespaces, linkage and preprocessor structure; written for codepith's tests.
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

int bump()
{
    hidden_counter += 1;
    return hidden_counter;
}
}  // namespace

namespace outer {
namespace inner {

#ifdef CP_TRACE
void trace(const char *msg)
{
    std::fprintf(stderr, "%s\n", msg);
    bump();
}
#else
inline void trace(const char *) {}
#endif

}  // namespace inner

namespace alias = inner;
}  // namespace outer

namespace outer::nested::deep {
enum class Mode : unsigned char { Off, On, Auto };
using Callback = void (*)(Mode);
}

using namespace outer;
using std::printf;
