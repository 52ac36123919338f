// Package webui serves the embedded single-page application.
//
// Bug repro: at outline a doc comment group is cut to its first line by
// deleting the rest of the group, and directives inside the group go with it.
package webui

import (
	"embed"
	"net/http"
)

// Static holds the compiled assets of the UI.
//
//go:embed dist/*.html dist/*.js dist/*.css
var Static embed.FS

// Handler serves the embedded files.
//
// Requests for unknown paths fall back to index.html.
//
//nolint:gocritic // the closure is intentional
func Handler() http.Handler { /* … L22-24 */ }

// AddInts is called from C.
//export AddInts
func AddInts(a, b int32) int32 {
	return a + b
}

// hot is on the request path; keep it out of line for profiles.
//
//go:noinline
func hot(n int) int {
	return n * 2
}
