package httpserve

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawExchange sends raw bytes on a new connection and returns the answer.
func rawExchange(t *testing.T, addr, req string) (status int, ctype string, body []byte) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	go io.WriteString(c, req)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// TestGoOwnErrorsAreJSON: requests net/http refuses before any handler
// runs (bad Host, headers over MaxHeaderBytes, bad transfer encoding) get
// API.md's JSON error shape with net/http's status.
func TestGoOwnErrorsAreJSON(t *testing.T) {
	base := serveForTest(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.Error("handler reached") }))
	addr := strings.TrimPrefix(base, "http://")
	for _, c := range []struct {
		req    string
		status int
	}{
		{"GET /v1/status HTTP/1.1\r\nHost: a b\r\n\r\n", 400},
		{"GET /v1/status HTTP/1.1\r\n\r\n", 400}, // no Host
		{"GET /v1/status HTTP/1.1\r\nHost: x\r\nX: " + strings.Repeat("a", MaxHeaderBytes+8192) + "\r\n\r\n", 431},
		{"GET /v1/status HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400},
		{"POST /v1/status HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501},
	} {
		status, ctype, body := rawExchange(t, addr, c.req)
		var v struct {
			Status       string `json:"status"`
			Message      string `json:"message"`
			ErrorMessage string `json:"error_message"`
		}
		if status != c.status || !strings.HasPrefix(ctype, "application/json") || json.Unmarshal(body, &v) != nil || v.Status == "" || v.Message == "" || v.ErrorMessage != v.Message {
			t.Errorf("%.40q: %d %s %s", c.req, status, ctype, body)
		}
	}
}

// TestStalledBodiesAreCut: connections that send half a request and stall
// are closed by the read timeout (here shortened to 300 ms).
func TestStalledBodiesAreCut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer("", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.ReadAll(r.Body) }))
	srv.ReadTimeout, srv.ReadHeaderTimeout = 300*time.Millisecond, 300*time.Millisecond
	go srv.Serve(JSONErrors(ln))
	defer srv.Close()
	const n = 50
	conns := make([]net.Conn, n)
	for i := range conns {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		half := "POST /v1/forcodes/decode HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nforcodes="
		if i%2 == 1 {
			half = "GET /v1/status HTTP/1.1\r\nHost: x\r\n" // headers never finished
		}
		io.WriteString(c, half)
		conns[i] = c
	}
	deadline := time.Now().Add(3 * time.Second)
	for i, c := range conns {
		c.SetReadDeadline(deadline)
		if _, err := io.ReadAll(c); err != nil {
			t.Fatalf("connection %d still open 3 s after stalling: %v", i, err)
		}
	}
	if NewServer("", nil).ReadTimeout != ReadTimeout || ReadTimeout > 30*time.Second || IdleTimeout == 0 {
		t.Fatal("NewServer's timeouts are not set")
	}
}

func TestLogTargetHidesKeys(t *testing.T) {
	got := LogTarget("/v1/autocomplete", "text=pho&apikey=SECRET&api_key=S2&key=S3&token=S4&sessiontoken=6f1c&x=%0a&api%6Bey=S5&%61pi%6bey=S6&api+key=S7")
	for _, s := range []string{"SECRET", "S2", "S3", "S4", "S5", "S6", "S7"} {
		if strings.Contains(got, s) {
			t.Errorf("%s in %s", s, got)
		}
	}
	if !strings.Contains(got, "sessiontoken=6f1c") || !strings.Contains(got, "text=pho") {
		t.Fatal(got)
	}
}

func FuzzRewriteGoError(f *testing.F) {
	f.Add([]byte("HTTP/1.1 400 Bad Request" + goErrorHeaders + "400 Bad Request"))
	f.Add([]byte("HTTP/1.1 431 Request Header Fields Too Large" + goErrorHeaders + "x"))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}"))
	f.Fuzz(func(t *testing.T, p []byte) {
		b, ok := rewriteGoError(p)
		if !ok {
			return
		}
		resp, err := http.ReadResponse(bufio.NewReader(strings.NewReader(string(b))), nil)
		if err != nil {
			t.Fatalf("rewritten answer does not parse: %v\n%q", err, b)
		}
		body, _ := io.ReadAll(resp.Body)
		var v map[string]string
		if resp.StatusCode < 400 || json.Unmarshal(body, &v) != nil || v["message"] == "" {
			t.Fatalf("rewritten answer: %d %q", resp.StatusCode, body)
		}
	})
}

func FuzzLogTarget(f *testing.F) {
	f.Add("/v1/x", "apikey=SECRET&text=a")
	f.Fuzz(func(t *testing.T, path, q string) {
		got := LogTarget(path, q)
		if strings.ContainsAny(got, "\n\r") {
			t.Fatalf("log line break: %q", got)
		}
	})
}
