//go:build linux || darwin
// +build linux darwin

// Package server implements the HTTP front end of the acme service.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	chi "github.com/go-chi/chi/v5"
	_ "net/http/pprof"
	. "github.com/acme/service/internal/testhooks"
)

// ErrClosed is returned by Serve after Shutdown.
var ErrClosed = errors.New("server: closed")

// Options configure a Server.
type Options struct {
	// Addr is the TCP address to listen on.
	Addr string `json:"addr" yaml:"addr"`
	// ReadTimeout bounds reading a whole request.
	ReadTimeout  time.Duration `json:"read_timeout,omitempty"`
	WriteTimeout time.Duration `json:"write_timeout,omitempty"`
	TLS          struct {
		CertFile string `json:"cert_file"`
		KeyFile  string `json:"key_file"`
	} `json:"tls"`
	Logger *slog.Logger `json:"-"`
}

// Server is an HTTP server with graceful shutdown.
type Server struct {
	Options
	*http.Server

	router chi.Router
	done   chan struct{}
}

// New returns a Server for opts.
func New(opts Options) *Server { /* … */ }

// Addr reports the configured address.
func (s Server) Addr() string { /* … */ }

// Handle registers h for pattern.
func (s *Server) Handle(pattern string, h http.Handler) { /* … */ }

// Serve accepts connections until Shutdown is called.
func (s *Server) Serve(ctx context.Context) error { /* … */ }

// Shutdown stops the server, waiting at most timeout for open requests.
func (s *Server) Shutdown(timeout time.Duration) error { /* … */ }

func (s *Server) noop() {}

/* withRecover turns panics in h into 500 responses. */
func withRecover(h http.Handler) http.Handler { /* … */ }
