// Package defaults holds the built-in configuration.
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
var Default = &Config{/* … */}

var (
	// Template is the configuration file written by `init`.
	Template = `…`
	// Version of the configuration format.
	Version = 3
)
