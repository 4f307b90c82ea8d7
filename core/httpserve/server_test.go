package httpserve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/tile"
)

// rawGet sends target exactly as written (no client-side cleaning).
func rawGet(t *testing.T, srv *httptest.Server, target string) (int, http.Header, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", target)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// TestPathsOutsideV1: paths outside /v1/ and unclean paths get the JSON
// 404 of API.md §1 — not Go's plain-text 404 nor a redirect — with and
// without the demo page (issue #8 item 9); the page itself still loads.
func TestPathsOutsideV1(t *testing.T) {
	eng, err := core.New(context.Background(), tile.DirSource(repo+"/testdata/bundle"), core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Files{{}, {Page: repo + "/js/demo", Bundle: repo + "/testdata/bundle"}} {
		srv := httptest.NewServer(Server(eng, f))
		for _, target := range []string{"/", "/nope", "/v1", "/v1/", "//v1/status", "/v1//status", "/v1/../v1/status", "/v1/./status",
			"/x/../v1/status", "/nope.html", "/bundle/../go.mod", "/v1/status/"} {
			if f.Page != "" && target == "/" {
				continue
			}
			st, h, body := rawGet(t, srv, target)
			var g struct{ Status string }
			if st != 404 || json.Unmarshal([]byte(body), &g) != nil || g.Status != "NOT_FOUND" || h.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("page %q: GET %s: %d %q, want the JSON 404", f.Page, target, st, body)
			}
		}
		if f.Page != "" {
			for _, target := range []string{"/", "/index.html", "/bundle/manifest.json"} {
				if st, _, body := rawGet(t, srv, target); st != 200 || len(body) == 0 {
					t.Errorf("page: GET %s: %d", target, st)
				}
			}
		}
		if st, _, _ := rawGet(t, srv, "/v1/status"); st != 200 {
			t.Errorf("/v1/status: %d", st)
		}
		srv.Close()
	}
}
