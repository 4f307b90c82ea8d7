//go:build linux && (amd64 || arm64)

package tile

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

// renameExchange is renameat2(2)'s RENAME_EXCHANGE flag.
const renameExchange = 2

// exchange swaps the directories at a and b atomically (renameat2 with
// RENAME_EXCHANGE): at every instant each path names a whole directory.
// errNoExchange when the kernel or file system cannot.
func exchange(a, b string) error {
	pa, err := syscall.BytePtrFromString(a)
	if err != nil {
		return err
	}
	pb, err := syscall.BytePtrFromString(b)
	if err != nil {
		return err
	}
	const atFDCWD = -100
	fd := atFDCWD
	_, _, e := syscall.Syscall6(sysRenameat2, uintptr(fd), uintptr(unsafe.Pointer(pa)), uintptr(fd), uintptr(unsafe.Pointer(pb)), renameExchange, 0)
	switch {
	case e == 0:
		return nil
	case errors.Is(e, syscall.ENOSYS) || errors.Is(e, syscall.EINVAL) || errors.Is(e, syscall.ENOTSUP):
		return errNoExchange
	}
	return &os.LinkError{Op: "renameat2", Old: a, New: b, Err: e}
}

// flushAll writes every file system's dirty data to disk (sync(2)).
func flushAll() { syscall.Sync() }
