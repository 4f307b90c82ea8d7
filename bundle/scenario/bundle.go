package scenario

import (
	"context"
	"fmt"

	"github.com/bando-vn/bando/bundle"
)

// BundleEngine builds every scenario map with the real bundle builder
// (bundle.Build, OSM XML in, tile bundle out) and opens the routing
// engine on the bundle it wrote: OpenRouter, or bando's own
// (OpenBandoRouter) when nil.
type BundleEngine struct {
	OpenRouter func(ctx context.Context, bundleDir, profile string) (Router, error)
}

// Open implements Engine.
func (e BundleEngine) Open(ctx context.Context, osmFile, dir, profile string) (Router, error) {
	if _, err := bundle.Build(ctx, bundle.Options{OSM: []string{osmFile}, Out: dir, NoBasemap: true}); err != nil {
		return nil, fmt.Errorf("bundle.Build: %w", err)
	}
	if e.OpenRouter == nil {
		return OpenBandoRouter(ctx, dir, profile)
	}
	return e.OpenRouter(ctx, dir, profile)
}
