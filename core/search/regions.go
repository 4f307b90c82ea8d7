package search

import (
	"context"
	"slices"
	"strings"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/place"
)

// A regional index (core/place/FORMAT.md §2.1) is one index per province
// under "sx/<code>/" plus the national one under "sx/vn/". A query is
// planned and read in each region the bundle has, each within its own
// budget, and the candidates of all of them are ranked together: the
// scores do not depend on the region a place was read from.

// rooted is the index of one region seen as a whole index: the planner's
// keys "sx/<k>" are root+"<k>", and keys outside the root do not exist.
type rooted struct {
	Source
	root string
}

func (r rooted) key(k string) string {
	return r.root + strings.TrimPrefix(k, place.IndexPrefix)
}

func (r rooted) Size(k string) (int, bool) { return r.Source.Size(r.key(k)) }

func (r rooted) Floor(k string) (string, bool) {
	f, ok := r.Source.Floor(r.key(k))
	if !ok || !strings.HasPrefix(f, r.root) {
		return "", false
	}
	return place.IndexPrefix + f[len(r.root):], true
}

func (r rooted) SearchTile(ctx context.Context, k string) (*place.SearchTile, error) {
	return r.Source.SearchTile(ctx, r.key(k))
}

func (r rooted) eachKeyWithPrefix(p string, fn func(key string)) {
	if kl, ok := r.Source.(keyLister); ok {
		kl.eachKeyWithPrefix(r.key(p), func(k string) { fn(place.IndexPrefix + k[len(r.root):]) })
	}
}

func (r rooted) areas(s string) (*addr.Gazetteer, error) {
	if as, ok := r.Source.(areaSource); ok {
		return as.areas(s)
	}
	return nil, nil
}

// Regions returns the key roots of the index's regions, the national one
// first; nil for an index of one piece (search layer v2: keys "sx/<k>").
// It walks the manifest's key order down from "sx/:" (':' sorts after the
// digits): each step lands on the last key of the next province below, so
// a bundle of n provinces costs n+2 Floor calls.
func Regions(src Source) []string {
	nat := nationalRoot
	if k, ok := src.Floor(nationalProbe); !ok || !strings.HasPrefix(k, nat) {
		return nil
	}
	out := []string{nat}
	for cur := place.IndexPrefix + ":"; ; {
		k, ok := src.Floor(cur)
		if !ok || len(k) < len(place.IndexPrefix)+3 || !strings.HasPrefix(k, place.IndexPrefix) {
			break
		}
		root := k[:len(place.IndexPrefix)+3]
		if !isDigit(root[3]) || !isDigit(root[4]) || root[5] != '/' {
			break
		}
		out = append(out, root)
		cur = root
	}
	slices.Reverse(out[1:])
	return out
}

// The national index's root, and the key just past it ('~' sorts after
// every byte a key may hold), made once: every query asks.
var (
	nationalRoot  = place.RegionRoot(place.NationalRegion)
	nationalProbe = nationalRoot + "~"
)

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
