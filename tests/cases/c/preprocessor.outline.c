/* SPDX-License-Identifier: MIT */
#ifndef PREPROCESSOR_H
#define PREPROCESSOR_H

#include <stddef.h>
#if defined(_WIN32)
#include <windows.h>
#define PATH_SEP '\\'
#elif defined(__APPLE__) || defined(__linux__)
#include <unistd.h>
#define PATH_SEP '/'
#else
#error "unsupported platform"
#endif

#pragma once

#define LOG(level, ...)                              \
    fprintf(stderr, "[%s] ", #level),                \
    fprintf(stderr, __VA_ARGS__)

#define COLORS(X) \
    X(RED)        \
    X(GREEN)      \
    X(BLUE)

#define AS_ENUM(name) COLOR_##name,
enum color {
    COLOR_NONE,
    COLOR_RED,
    COLOR_COUNT
};
#undef AS_ENUM

#ifdef HAVE_THREADS
int start_worker(void (*fn)(void *), void *arg) { /* … */ }
#else
static int start_worker(void (*fn)(void *), void *arg) { /* … */ }
#endif

#if 0
void disabled(void) { return; }
#endif

#endif
