//go:build !linux || !(amd64 || arm64)

package tile

// exchange: no atomic exchange here; WriteBundle swaps with two renames.
func exchange(a, b string) error { return errNoExchange }

// flushAll: the files are left to the system to flush.
func flushAll() {}
