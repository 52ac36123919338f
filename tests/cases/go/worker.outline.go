package worker

import (
	"context"
	"sync"
	"time"
)

// Job is one unit of work.
type Job func(ctx context.Context) error

// Result reports how a Job ended.
type (
	Result struct {
		ID       int
		Err      error
		Duration time.Duration
	}

	// Hook observes results; it must not block.
	Hook func(Result)
)

// Pool runs jobs on a fixed number of goroutines.
type Pool struct {
	mu      sync.Mutex
	size    int
	jobs    chan Job
	results chan Result
	hooks   []Hook
	wg      sync.WaitGroup
}

var _ interface{ Close() error } = (*Pool)(nil)

// NewPool starts size workers.
// Deprecated: use NewPoolContext, which stops the workers when ctx ends.
func NewPool(size int) *Pool { /* … */ }

// NewPoolContext starts size workers that stop when ctx is done.
func NewPoolContext(
	ctx context.Context,
	size int,
	hooks ...Hook,
) *Pool { /* … */ }

// Submit queues job; it blocks while every worker is busy.
func (p *Pool) Submit(job Job) { /* … */ }

// Results streams the results of finished jobs.
func (p *Pool) Results() <-chan Result { /* … */ }

func (p *Pool) emit(r Result) { /* … */ }

// Close stops accepting jobs and waits for the workers.
func (p *Pool) Close() error { /* … */ }

// Call runs a Hook; it lets a plain func be used where a method value is expected.
func (h Hook) Call(r Result) { h(r) }
