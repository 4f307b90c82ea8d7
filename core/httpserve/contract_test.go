package httpserve

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/tile"
)

var update = flag.Bool("update", false, "rewrite testdata/contract/golden from the native runtime")

// contractCase is one request of testdata/contract/cases.json.
type contractCase struct {
	Name   string  `json:"name"`
	Method string  `json:"method"`
	URL    string  `json:"url"`
	Body   *string `json:"body"`
	Status int     `json:"status"`
}

type contractFile struct {
	Bundle string         `json:"bundle"`
	Keys   string         `json:"keys"`
	Cases  []contractCase `json:"cases"`
}

const repo = "../.."

func loadContract(t *testing.T) contractFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repo, "testdata/contract/cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cf contractFile
	if err := json.Unmarshal(b, &cf); err != nil {
		t.Fatal(err)
	}
	if len(cf.Cases) == 0 {
		t.Fatal("no contract cases")
	}
	return cf
}

// contractEngine opens the bundle at dir with the contract's keys.
func contractEngine(t *testing.T, cf contractFile, dir string) *core.Engine {
	t.Helper()
	keys, err := os.ReadFile(filepath.Join(repo, cf.Keys))
	if err != nil {
		t.Fatal(err)
	}
	hashes, err := core.ParseKeyHashes(string(keys))
	if err != nil {
		t.Fatal(err)
	}
	eng, err := core.New(context.Background(), tile.DirSource(dir), core.Options{KeyHashes: hashes})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// TestContract runs every contract case through the native HTTP handler
// (httptest) and compares status and exact body bytes with the goldens.
func TestContract(t *testing.T) {
	cf := loadContract(t)
	srv := httptest.NewServer(Handler(contractEngine(t, cf, filepath.Join(repo, cf.Bundle))))
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
			if resp.StatusCode != c.Status {
				t.Errorf("status %d, want %d; body %s", resp.StatusCode, c.Status, got)
			}
			if resp.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("missing CORS header")
			}
			if c.Status != 204 && resp.Header.Get("Content-Type") != "application/vnd.mapbox-vector-tile" && !json.Valid(got) {
				t.Errorf("body is not JSON: %s", got)
			}
			golden := filepath.Join(repo, "testdata/contract/golden", c.Name+".json")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if string(got) != string(want) {
				t.Errorf("body differs from %s:\n got %s\nwant %s", golden, got, want)
			}
		})
	}
}
