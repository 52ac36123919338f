// Package defaults holds the built-in configuration.
//
// Minor bug repro: at outline, large literals are elided when written as
// `var x = T{…}` or `const x = `…``, but not when the composite literal is
// behind `&` (`var x = &T{…}`) nor for a raw string inside a `var ( … )`
// block.
package defaults

import "time"

// Config is the service configuration.
type Config struct {
	Addr         string
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	MaxBodyBytes int64
	Debug        bool
}

// Default is used when no configuration file is given.
var Default = &Config{
	Addr:         ":8080",
	ReadTimeout:  5 * time.Second,
	WriteTimeout: 10 * time.Second,
	MaxBodyBytes: 1 << 20,
	Debug:        false,
}

var (
	// Template is the configuration file written by `init`.
	Template = `# service configuration
addr = ":8080"
read_timeout = "5s"
write_timeout = "10s"
max_body_bytes = 1048576
debug = false
`
	// Version of the configuration format.
	Version = 3
)
