// Package assets bundles the web UI and its defaults.
package assets

import "embed"

//go:generate go run ./gen -out routes_gen.go
//go:generate stringer -type=Kind

// Kind classifies an asset.
type Kind uint8

const (
	KindUnknown Kind = iota
	KindHTML
	KindCSS
	KindJS
)

//go:embed static/*.html static/*.css
var Files embed.FS

//go:embed VERSION
var version string

const usage = `assets: serve the bundled web UI

Usage:
	assets serve [-addr host:port]
	assets list
	assets version

Run "assets help <command>" for details.
`

const banner = `acme/assets`

// MIMETypes maps a file extension to its content type.
var MIMETypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".gif":  "image/gif",
	".ico":  "image/x-icon",
	".wasm": "application/wasm",
	".txt":  "text/plain; charset=utf-8",
}

var (
	// Compressible lists the kinds worth gzipping.
	Compressible = []Kind{KindHTML, KindCSS, KindJS}

	defaultOrder = []string{
		"index.html",
		"app.css",
		"app.js",
		"vendor.js",
		"favicon.ico",
		"manifest.json",
	}
)

// KindOf guesses the kind of a file from its name.
var KindOf = func(name string) Kind {
	switch {
	case hasSuffix(name, ".html"):
		return KindHTML
	case hasSuffix(name, ".css"):
		return KindCSS
	case hasSuffix(name, ".js"):
		return KindJS
	}
	return KindUnknown
}

var hasSuffix = func(s, suffix string) bool { return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix }

// Version returns the embedded VERSION file, trimmed.
func Version() string {
	for len(version) > 0 && (version[len(version)-1] == '\n' || version[len(version)-1] == '\r') {
		version = version[:len(version)-1]
	}
	return version
}

func init() {
	_ = usage
	_ = banner
}
