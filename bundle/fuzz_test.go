package bundle

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/paulmach/osm"
)

// FuzzScanOSM feeds arbitrary bytes to the OSM reader (format sniffing, XML,
// PBF and JSON decoders): it returns objects or an InputError, never panics.
func FuzzScanOSM(f *testing.F) {
	for _, p := range []string{"../testdata/sample.osm"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"elements":[{"type":"node","id":1,"lat":21,"lon":105,"tags":{"name":"A","amenity":"cafe"}}]}`))
	f.Add([]byte("\x00\x00\x00\x0d\x0a\x09OSMHeader\x18\x01"))
	f.Add([]byte(`<osm><node id="1" lat="x" lon="1"/></osm>`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(dir, "in")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		c := newPlaceCollector()
		err := scanOSM(context.Background(), p, nil, func(o osm.Object) { c.add(o) })
		var ie *InputError
		if err != nil && !errors.As(err, &ie) {
			t.Fatalf("untyped error %v", err)
		}
		c.finish(nil, nil)
	})
}
