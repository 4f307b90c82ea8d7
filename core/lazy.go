package core

import "sync"

// lazy is engine state built on first use. A build that fails is not
// kept: the request that saw the failure gets the error and the next one
// builds again (a transient read error, a corrupt tile since repaired, or a
// cancelled first request must not fail every later request).
type lazy[T any] struct {
	mu    sync.Mutex
	v     T
	built bool
}

// get returns the built value, building it with build when it has not been
// built yet. Concurrent callers wait for one build.
func (l *lazy[T]) get(build func() (T, error)) (T, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.built {
		return l.v, nil
	}
	v, err := build()
	if err != nil {
		var zero T
		return zero, err
	}
	l.v, l.built = v, true
	return v, nil
}
