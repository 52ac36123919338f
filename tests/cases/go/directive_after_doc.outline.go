// Package webui serves the embedded single-page application.
package webui

import (
	"embed"
	"net/http"
)

// Static holds the compiled assets of the UI.
//go:embed dist/*.html dist/*.js dist/*.css
var Static embed.FS

// Handler serves the embedded files.
//nolint:gocritic // the closure is intentional
func Handler() http.Handler { /* … */ }

// AddInts is called from C.
//export AddInts
func AddInts(a, b int32) int32 { /* … */ }

// hot is on the request path; keep it out of line for profiles.
//go:noinline
func hot(n int) int { /* … */ }
