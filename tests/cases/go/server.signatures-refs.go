// Copyright 2024 The Acme Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build linux || darwin
// +build linux darwin

// Package server implements the HTTP front end of the acme service.
//
// It wires handlers, middleware and graceful shutdown together.
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
//
// The zero value is usable: every field has a default.
type Options struct {
	// Addr is the TCP address to listen on.
	Addr string `json:"addr" yaml:"addr"`
	// ReadTimeout bounds reading a whole request.
	ReadTimeout  time.Duration `json:"read_timeout,omitempty"`
	WriteTimeout time.Duration `json:"write_timeout,omitempty"` // 0 means no limit
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
func New(opts Options) *Server { /* … L55-65 */ }

// Addr reports the configured address.
func (s Server) Addr() string { /* … L68 */ }

// Handle registers h for pattern.
func (s *Server) Handle(pattern string, h http.Handler) { /* … L71-73 */ }

// Serve accepts connections until Shutdown is called.
func (s *Server) Serve(ctx context.Context) error { /* … L76-83 */ }

// Shutdown stops the server, waiting at most timeout for open requests.
func (s *Server) Shutdown(timeout time.Duration) error { /* … L86-91 */ }

func (s *Server) noop() {}

/*
withRecover turns panics in h into 500 responses.

It logs the panic value.
*/
func withRecover(h http.Handler) http.Handler { /* … L100-109 */ }
