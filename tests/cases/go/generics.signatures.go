// Package collections provides generic containers.
package collections

import (
	"cmp"
	"fmt"
)

// Number is the set of numeric types Sum accepts.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~float32 | ~float64
}

// Container is anything that knows its size.
type Container interface {
	Len() int
}

// Collection is a container of T that can be iterated.
type Collection[T any] interface {
	Container
	fmt.Stringer

	// Each calls fn for every element until fn returns false.
	Each(fn func(T) bool)
	Add(items ...T) (added int)
}

// Set is an unordered collection of distinct values.
type Set[T comparable] map[T]struct{}

// Pair holds two values of possibly different types.
type Pair[K comparable, V any] struct {
	Key   K
	Value V
}

// List is a singly linked list.
type List[T any] struct {
	head *node[T]
	size int
}

type node[T any] struct {
	value T
	next  *node[T]
}

// Ordering of a comparison.
type Ordering int

const (
	// Less means the left operand is smaller.
	Less Ordering = iota - 1
	Equal
	Greater // the left operand is larger
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
)

const DefaultCapacity = 16

// Map applies f to every element of s.
func Map[T, U any](s []T, f func(T) U) []U { /* … */ }

// Sum adds the numbers in s.
func Sum[N Number](s ...N) N { /* … */ }

// Max returns the larger of a and b.
func Max[T cmp.Ordered](a, b T) T { /* … */ }

// Add inserts v; it reports whether v was new.
func (s Set[T]) Add(v T) bool { /* … */ }

// Len returns the number of elements.
func (s Set[T]) Len() int { /* … */ }

// Push prepends v.
func (l *List[T]) Push(v T) { /* … */ }

// Len returns the number of elements.
func (l *List[T]) Len() int { /* … */ }
