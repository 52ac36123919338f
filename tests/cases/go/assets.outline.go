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

const usage = `…`

const banner = `acme/assets`

// MIMETypes maps a file extension to its content type.
var MIMETypes = map[string]string{/* … */}

var (
	// Compressible lists the kinds worth gzipping.
	Compressible = []Kind{KindHTML, KindCSS, KindJS}

	defaultOrder = []string{/* … */}
)

// KindOf guesses the kind of a file from its name.
var KindOf = func(name string) Kind { /* … */ }

var hasSuffix = func(s, suffix string) bool { /* … */ }

// Version returns the embedded VERSION file, trimmed.
func Version() string { /* … */ }

func init() { /* … */ }
