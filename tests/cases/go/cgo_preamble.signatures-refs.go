// Package zlibx wraps the system zlib through cgo.
//
// Bug repro: the comment directly above import "C" is the cgo preamble (C
// code and #cgo flags), not documentation; outline shortens it to its first
// line, which breaks the build. The directive regex's `^#cgo` alternative can
// never match, because a comment's text starts with `//` or `/*`.
package zlibx

/*
#cgo pkg-config: zlib
#cgo LDFLAGS: -lz
#include <stdlib.h>
#include <zlib.h>

static int version_major(void) { return ZLIB_VERNUM >> 12; }
*/
import "C"

import (
	"errors"
	"unsafe"
)

// ErrInit is returned when zlib fails to initialise.
var ErrInit = errors.New("zlibx: init failed")

// Version reports the major version of the linked zlib.
func Version() int { /* … L28-30 */ }

// Free releases memory allocated by C.
func Free(p unsafe.Pointer) {
	C.free(p)
}
