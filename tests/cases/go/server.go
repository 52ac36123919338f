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
func New(opts Options) *Server {
	if opts.Addr == "" {
		opts.Addr = ":8080"
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	s := &Server{Options: opts, router: chi.NewRouter(), done: make(chan struct{})}
	s.Server = &http.Server{Addr: opts.Addr, Handler: s.router}
	return s
}

// Addr reports the configured address.
func (s Server) Addr() string { return s.Options.Addr }

// Handle registers h for pattern.
func (s *Server) Handle(pattern string, h http.Handler) {
	s.router.Handle(pattern, h)
}

// Serve accepts connections until Shutdown is called.
func (s *Server) Serve(ctx context.Context) error {
	s.Logger.Info("listening", "addr", s.Options.Addr)
	err := s.ListenAndServe()
	if errors.Is(err, http.ErrServerClosed) {
		return ErrClosed
	}
	return fmt.Errorf("server: %w", err)
}

// Shutdown stops the server, waiting at most timeout for open requests.
func (s *Server) Shutdown(timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	close(s.done)
	return s.Server.Shutdown(ctx)
}

func (s *Server) noop() {}

/*
withRecover turns panics in h into 500 responses.

It logs the panic value.
*/
func withRecover(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				http.Error(w, "internal error", http.StatusInternalServerError)
			}
		}()
		h.ServeHTTP(w, r)
	})
}
