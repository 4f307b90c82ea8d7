package httpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/tile"
)

var updateMalformed = flag.Bool("update-malformed", false, "rewrite worker/testdata/malformed.json from the table")

// The malformed-request catalogue (issue #14): generated from the tables
// below, written to worker/testdata/malformed.json (which the Worker's test
// js/test/worker-malformed.test.mjs replays under workerd) and replayed
// here against the native server. Every case must get a 4xx in the
// endpoint's error shape whose message names what was wrong.

// mparam is one parameter of an endpoint and the kind of value it takes.
type mparam struct {
	name, kind string
	required   bool
}

// mendpoint is one endpoint: method, path, error shape, a valid base
// query (which the malformed value replaces or joins) and its parameters.
type mendpoint struct {
	method, path, shape string
	base                []string // "k=v", already escaped
	params              []mparam
}

// To add an endpoint, add a row; the catalogue and both tests follow.
var mendpoints = []mendpoint{
	{"GET", "/v1/status", "google", nil, []mparam{{"admin_v2", "bool", false}, {"sessiontoken", "uuid", false}}},
	{"GET", "/v1/autocomplete", "pelias", []string{"text=pho"}, []mparam{
		{"text", "text", true}, {"boundary.circle.lat", "lat", false}, {"boundary.circle.lon", "lon", false},
		{"boundary.circle.radius", "radius", false}, {"size", "size", false}, {"admin_v2", "bool", false}, {"sessiontoken", "uuid", false}}},
	{"GET", "/v1/autocomplete", "google", []string{"input=pho"}, []mparam{
		{"input", "text", true}, {"location", "latlng", false}, {"origin", "latlng", false},
		{"radius", "radius", false}, {"size", "size", false}, {"admin_v2", "bool", false}, {"sessiontoken", "uuid", false}}},
	{"POST", "/v1/forcodes/encode", "google", []string{"lat=21.0285", "lng=105.8542"}, []mparam{
		{"lat", "lat", true}, {"lng", "lon", true}, {"resolution", "resolution", false}, {"admin_v2", "bool", false}, {"sessiontoken", "uuid", false}}},
	{"POST", "/v1/forcodes/decode", "google", []string{"forcodes=HN4TZUZBPKRN0F"}, []mparam{
		{"forcodes", "forcodes", true}, {"admin_v2", "bool", false}, {"sessiontoken", "uuid", false}}},
}

var injections = []string{"' OR '1'='1", "1; DROP TABLE places--", "<script>alert(1)</script>", "$(reboot)", "../../etc/passwd", "{{7*7}}", "\x00"}

// badValues are the malformed values of each kind (raw, escaped later).
var badValues = map[string][]string{
	"latlng":     {"abc", "21.0", "21.0,", ",105.8", "91,105", "21,181", "-91,0", "NaN,105", "Inf,105", "1e999,1", "0x10,5", "21;105", "21 105", strings.Repeat("1", 5000) + ",1"},
	"lat":        {"abc", "", "NaN", "+Inf", "-Infinity", "1e999", "0x1p3", "1_000", "91", "-90.0001", strings.Repeat("9", 400)},
	"lon":        {"abc", "", "NaN", "Inf", "1e999", "0x1p3", "181", "-180.5", strings.Repeat("9", 400)},
	"radius":     {"0", "-1", "abc", "", "NaN", "Inf", "-0", "1e999"},
	"size":       {"0", "-5", "abc", "1.5", "", "1e3", "0x10", "+-1"},
	"bool":       {"yes", "no", "2", "", "tru", "on", "-1"},
	"uuid":       {"abc", "", "00000000-0000-0000-0000-000000000000", "6f1c2a4e-1b2c-4d3e-7f40-123456789abc", "6f1c2a4e-1b2c-4d3e-8f40-123456789abcd", "6f1c2a4e1b2c4d3e8f40123456789abc", "6f1c2a4e-1b2c-4d3e-8f40-12345678zabc"},
	"text":       {"", "   ", strings.Repeat("a", 201), strings.Repeat("ạ", 201), strings.Repeat("x", 20000)},
	"resolution": {"-1", "16", "abc", "1.5", "", "99999999999999999999"},
	"forcodes":   {"", "   "},
}

// injectable kinds reject injection strings (free text does not: it is
// searched for, and answers 200).
var injectable = map[string]bool{"latlng": true, "lat": true, "lon": true, "radius": true, "size": true, "bool": true, "uuid": true, "resolution": true}

// mcase is one catalogue entry.
type mcase struct {
	Name   string `json:"name"`
	Method string `json:"method"`
	URL    string `json:"url"`
	Body   string `json:"body,omitempty"`
	// BodyBytes > 0: the body is that many bytes of "a" (huge bodies are
	// not stored in the file).
	BodyBytes int    `json:"body_bytes,omitempty"`
	Status    int    `json:"status"` // expected; 0 = any 4xx
	Shape     string `json:"shape"`  // google | pelias
	Names     string `json:"names,omitempty"`
}

const demoKey = "demo-key"

func (ep mendpoint) url(query []string) string {
	return ep.path + "?" + strings.Join(append(query, "apikey="+demoKey), "&")
}

// without returns the base query minus name, plus extra.
func (ep mendpoint) with(name string, extra ...string) []string {
	var q []string
	for _, kv := range ep.base {
		if k, _, _ := strings.Cut(kv, "="); k != name {
			q = append(q, kv)
		}
	}
	return append(q, extra...)
}

func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~,", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func malformedCatalogue() []mcase {
	var out []mcase
	for _, ep := range mendpoints {
		tag := ep.method + " " + ep.path + " (" + ep.shape + ")"
		add := func(name, method, url string, status int, names string) {
			out = append(out, mcase{Name: tag + ": " + name, Method: method, URL: url, Status: status, Shape: ep.shape, Names: names})
		}
		for _, p := range ep.params {
			if p.required && p.name == "input" {
				// Without input, autocomplete is the Pelias shape asking
				// for text (API.md §3.1).
				out = append(out, mcase{Name: tag + ": input missing", Method: ep.method, URL: ep.url(ep.with(p.name)), Status: 400, Shape: "pelias", Names: "text"})
			} else if p.required {
				add(p.name+" missing", ep.method, ep.url(ep.with(p.name)), 400, p.name)
			}
			vals := badValues[p.kind]
			if injectable[p.kind] {
				vals = append(append([]string{}, vals...), injections...)
			}
			for _, v := range vals {
				add(fmt.Sprintf("%s=%.40q", p.name, v), ep.method, ep.url(ep.with(p.name, p.name+"="+escape(v))), 400, p.name)
			}
			for _, raw := range []string{"%zz", "%", "%e", "1%G0"} {
				add(p.name+" bad escape "+raw, ep.method, ep.url(ep.with(p.name, p.name+"="+raw)), 400, p.name)
			}
			if p.kind != "forcodes" {
				add(p.name+" invalid UTF-8", ep.method, ep.url(ep.with(p.name, p.name+"=%FF%FE%C3")), 400, p.name)
			}
			if p.kind == "lat" || p.kind == "lon" {
				if prefix, ok := strings.CutSuffix(p.name, ".lat"); ok {
					add(p.name+" without its .lon", ep.method, ep.url(ep.with(p.name, p.name+"=21")), 400, prefix)
				}
			}
		}
		for _, m := range []string{"GET", "POST", "PUT", "DELETE", "PATCH"} {
			if m != ep.method {
				add("wrong method "+m, m, ep.url(ep.base), 405, ep.method)
			}
		}
		add("apikey missing", ep.method, ep.path+"?"+strings.Join(ep.base, "&"), 401, "apikey")
		for _, k := range append([]string{"wrong-key", strings.Repeat("k", 10000), "demo-key "}, injections...) {
			add(fmt.Sprintf("apikey=%.30q", k), ep.method, ep.path+"?"+strings.Join(append(ep.with("apikey"), "apikey="+escape(k)), "&"), 401, "apikey")
		}
		add("apikey bad escape", ep.method, ep.path+"?"+strings.Join(append(ep.with("apikey"), "apikey=%zz"), "&"), 400, "apikey")
		if ep.method == "POST" {
			out = append(out, mcase{Name: tag + ": 2 MB body", Method: "POST", URL: ep.url(nil), BodyBytes: 2 << 20, Status: 413, Shape: "google", Names: "body"})
			out = append(out, mcase{Name: tag + ": bad JSON body", Method: "POST", URL: ep.url(nil), Body: `{"lat": `, Status: 400, Shape: "google"})
		}
	}
	for _, p := range []string{"/v1/nope", "/v1/", "/v1/autocomplete/x", "/v2/status", "/v1/%2e%2e/status"} {
		out = append(out, mcase{Name: "unknown path " + p, Method: "GET", URL: p + "?apikey=" + demoKey, Status: 404, Shape: "google"})
	}
	return out
}

// checkMalformed says what is wrong with an answer to c ("" when right).
func checkMalformed(c mcase, status int, ctype string, body []byte) string {
	if status < 400 || status > 499 || (c.Status != 0 && status != c.Status) {
		return fmt.Sprintf("status %d, want %d", status, c.Status)
	}
	if !strings.HasPrefix(ctype, "application/json") {
		return "content-type " + ctype
	}
	var v struct {
		Status       string   `json:"status"`
		ErrorMessage *string  `json:"error_message"`
		Message      string   `json:"message"`
		Errors       []string `json:"errors"`
		Features     *[]any   `json:"features"`
		Type         string   `json:"type"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return "body not JSON: " + err.Error()
	}
	if v.Status == "" || v.Status == "OK" || v.Message == "" {
		return "no status word or message: " + string(body)
	}
	switch c.Shape {
	case "pelias":
		if v.Type != "FeatureCollection" || v.Features == nil || len(*v.Features) != 0 || len(v.Errors) != 1 || v.Errors[0] != v.Message {
			return "not a Pelias error: " + string(body)
		}
	default:
		if v.ErrorMessage == nil || *v.ErrorMessage != v.Message {
			return "not a Google error: " + string(body)
		}
	}
	if c.Names != "" && !strings.Contains(v.Message, c.Names) {
		return fmt.Sprintf("message %q does not name %s", v.Message, c.Names)
	}
	return ""
}

func TestMalformedCatalogueFile(t *testing.T) {
	cases := malformedCatalogue()
	if len(cases) < 300 {
		t.Fatalf("catalogue has %d cases, want ≥ 300", len(cases))
	}
	b, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	path := filepath.Join(repo, "worker/testdata/malformed.json")
	if *updateMalformed {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(old, b) {
		t.Fatalf("%s is not up to date with the table (go test ./core/httpserve -run MalformedCatalogueFile -update-malformed): %v", path, err)
	}
}

// TestMalformedNative replays the catalogue against the native server
// (NewServer + JSONErrors on a real socket, the access log on).
func TestMalformedNative(t *testing.T) {
	keys, err := os.ReadFile(filepath.Join(repo, "testdata/keys.txt"))
	if err != nil {
		t.Fatal(err)
	}
	hashes, err := core.ParseKeyHashes(string(keys))
	if err != nil {
		t.Fatal(err)
	}
	eng, err := core.New(context.Background(), tile.DirSource(filepath.Join(repo, "testdata/bundle")), core.Options{KeyHashes: hashes})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	base := serveForTest(t, AccessLog(Server(eng, Files{}), &log))
	cases := malformedCatalogue()
	bad := 0
	for _, c := range cases {
		status, ctype, body := doCase(t, base, c)
		if msg := checkMalformed(c, status, ctype, body); msg != "" {
			bad++
			t.Errorf("%s: %s", c.Name, msg)
		}
	}
	t.Logf("%d/%d malformed requests answered a clear 4xx in the right shape", len(cases)-bad, len(cases))
	if strings.Contains(log.String(), demoKey) || strings.Contains(log.String(), "wrong-key") {
		t.Fatal("a key reached the access log")
	}
	if n := strings.Count(log.String(), "\n"); n != len(cases) {
		t.Fatalf("%d access-log lines for %d requests", n, len(cases))
	}
}

func serveForTest(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer("", h)
	go srv.Serve(JSONErrors(ln))
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

func doCase(t *testing.T, base string, c mcase) (int, string, []byte) {
	t.Helper()
	var body io.Reader
	if c.BodyBytes > 0 {
		body = bytes.NewReader(bytes.Repeat([]byte("a"), c.BodyBytes))
	} else if c.Body != "" {
		body = strings.NewReader(c.Body)
	}
	req, err := http.NewRequest(c.Method, base+c.URL, body)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	if c.Body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}
