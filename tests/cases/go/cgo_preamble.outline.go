// Package zlibx wraps the system zlib through cgo.
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
func Version() int { /* … */ }

// Free releases memory allocated by C.
func Free(p unsafe.Pointer) { /* … */ }
