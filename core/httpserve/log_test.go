package httpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/tile"
)

// TestAccessLogRecords: one JSON record per request with the client's
// address and a request id; the id is the X-Request-Id header and, in an
// error body, "request_id"; a 500's cause is in the log (level ERROR) and
// never in the answer; a key sent as api%6Bey never reaches the log.
func TestAccessLogRecords(t *testing.T) {
	dir := tile.DirSource(filepath.Join(repo, "testdata/bundle"))
	st, err := tile.Open(context.Background(), dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	ms := tile.MapSource{}
	ms[tile.ManifestPath], _ = dir.Get(context.Background(), tile.ManifestPath)
	for _, k := range st.Manifest().Keys() {
		if !strings.HasPrefix(k, "sx/") { // the search layer listed but gone: autocomplete fails
			ms[tile.Path(k)], _ = dir.Get(context.Background(), tile.Path(k))
		}
	}
	eng, err := core.New(context.Background(), ms, core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	base := serveForTest(t, AccessLogger(Server(eng, Files{}), slog.New(slog.NewJSONHandler(&log, nil))))
	type rec struct {
		Level, Msg, ID, Client, Method, Target, Cause string
		Status, Bytes                                 int
	}
	get := func(target string) (*http.Response, map[string]any, rec) {
		log.Reset()
		resp, err := http.Get(base + target)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var body map[string]any
		json.Unmarshal(b, &body)
		var r rec
		lines := strings.Split(strings.TrimSpace(log.String()), "\n")
		if len(lines) != 1 {
			t.Fatalf("%s: %d log lines: %s", target, len(lines), log.String())
		}
		dec := json.NewDecoder(strings.NewReader(lines[0]))
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%s: log line not JSON: %s", target, lines[0])
		}
		return resp, body, r
	}
	resp, body, r := get("/v1/status?api%6Bey=SECRETKEY")
	if resp.StatusCode != 200 || r.Status != 200 || r.Client != "127.0.0.1" || len(r.ID) != 16 || r.ID != resp.Header.Get("X-Request-Id") || r.Level != "INFO" || body["request_id"] != nil {
		t.Errorf("status: %d %+v", resp.StatusCode, r)
	}
	if strings.Contains(log.String(), "SECRETKEY") {
		t.Errorf("a key sent as api%%6Bey reached the log: %s", log.String())
	}
	resp, body, r = get("/v1/autocomplete?text=pho")
	if resp.StatusCode != 500 || r.Level != "ERROR" || !strings.Contains(r.Cause, "sx/") || body["request_id"] != r.ID || body["message"] != "internal error" {
		t.Errorf("500: %d %v %+v", resp.StatusCode, body, r)
	}
	resp, body, r = get("/v1/autocomplete")
	if resp.StatusCode != 400 || body["request_id"] != r.ID || r.Cause != "" {
		t.Errorf("400: %d %v %+v", resp.StatusCode, body, r)
	}
}
