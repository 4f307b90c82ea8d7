//go:build !js

package core

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/basemap"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/tile"
)

// TestSpecVersions holds every version a FORMAT or SPEC file declares
// against the constant the code writes and reads, so a format change that
// bumps one and not the other fails here (core/tile/SPEC.md §6).
func TestSpecVersions(t *testing.T) {
	for _, c := range []struct {
		file, pattern string // pattern's first group is the declared version
		code          int
	}{
		{"tile/SPEC.md", `(?m)^# bando tile format — version (\d+)$`, tile.FormatVersion},
		{"tile/SPEC.md", "`format_version` \\| int \\| the version the writer implemented \\(this document: (\\d+)\\)", tile.FormatVersion},
		{"tile/SPEC.md", `(?m)^### place \(version (\d+)\)$`, place.PlaceLayerVersion},
		{"tile/SPEC.md", "(?m)^### place \\(version \\d+\\)\\n\\| key .*\\n\\|.*\\n\\| `v` \\| int \\| (\\d+) \\|", place.PlaceLayerVersion},
		{"tile/SPEC.md", `(?m)^### search \(version (\d+);`, place.SearchLayerVersion},
		{"tile/SPEC.md", "(?m)^### search \\(version \\d+;.*\\n\\| key .*\\n\\|.*\\n\\| `v` \\| int \\| (\\d+) \\|", place.SearchLayerVersion},
		{"tile/SPEC.md", `(?m)^### basemap \(version (\d+)\)$`, basemap.ArchiveVersion},
		// the index's layout (regional indexes: 3); its tiles' v is SearchLayerVersion
		{"place/FORMAT.md", `(?m)^# Search index \(layer .search., prefix .sx/.\) — version (\d+)(\.\d+)?$`, place.RegionalLayerVersion},
		{"admin/FORMAT.md", `(?m)^# bando admin tiles — format v(\d+)$`, admin.FormatVersion},
		{"admin/FORMAT.md", `(?m)^Status: v(\d+),`, admin.FormatVersion},
		{"basemap/FORMAT.md", `(?m)^# bando basemap layer — version (\d+)$`, basemap.ArchiveVersion},
		{"geocode/FORMAT.md", `(?m)^# Address layer \(layer .address., prefix .ax/.\) — version (\d+)$`, geocode.AddressLayerVersion},
		{"route/graph/FORMAT.md", `(?m)^# bando graph layers — version (\d+)$`, graph.Version},
	} {
		b, err := os.ReadFile(filepath.FromSlash(c.file))
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(c.pattern).FindSubmatch(b)
		if m == nil {
			t.Errorf("%s: no version matching %s", c.file, c.pattern)
			continue
		}
		if v, _ := strconv.Atoi(string(m[1])); v != c.code {
			t.Errorf("%s declares version %d (%q), the code %d", c.file, v, m[0], c.code)
		}
	}
}
