package httpserve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// TestContractPacked runs the contract cases against the packed form of
// the contract bundle (core/tile/SPEC.md §9: archives read by range and a
// directory): every answer must be byte-identical to the loose bundle's
// golden (format_version included: both are 2).
func TestContractPacked(t *testing.T) {
	cf := loadContract(t)
	dir := filepath.Join(t.TempDir(), "packed")
	// Small archives, so that the bundle has several.
	if err := tile.PackDir(filepath.Join(repo, cf.Bundle), dir, tile.PackOptions{ArchiveBytes: 16 << 10}); err != nil {
		t.Fatal(err)
	}
	eng := contractEngine(t, cf, dir)
	if !eng.Store().Manifest().Packed() {
		t.Fatal("the bundle read is not packed")
	}
	srv := httptest.NewServer(Handler(eng))
	defer srv.Close()
	for _, c := range cf.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var body io.Reader
			if c.Body != nil {
				body = strings.NewReader(*c.Body)
			}
			req, err := http.NewRequest(c.Method, srv.URL+c.URL, body)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			want, err := os.ReadFile(filepath.Join(repo, "testdata/contract/golden", c.Name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != c.Status || string(got) != string(want) {
				t.Errorf("packed: status %d (want %d), body differs from the golden:\n got %s\nwant %s", resp.StatusCode, c.Status, got, want)
			}
		})
	}
}
