//go:build js && wasm && warmup

package main

import (
	"embed"
	"io/fs"
)

//go:embed all:warmup
var warmFS embed.FS

func init() {
	if sub, err := fs.Sub(warmFS, "warmup"); err == nil {
		warmBundle = sub
	}
}
