//go:build js && wasm && syumair2

package main

import (
	"context"

	"github.com/syumai/workers/cloudflare/r2"
)

// r2Source reads the bundle from the R2 bucket bound as TILES through
// syumai/workers (which reads the request's env from globalThis.context).
type r2Source struct{}

func (r2Source) Get(_ context.Context, path string) ([]byte, error) {
	b, err := r2.NewBucket("TILES")
	if err != nil {
		return nil, err
	}
	o, err := b.Get(path)
	if o == nil || err != nil {
		return readAllOrMissing(path, nil, false, err)
	}
	return readAllOrMissing(path, o.Body, true, nil)
}

func init() { syumaiR2 = r2Source{} }
