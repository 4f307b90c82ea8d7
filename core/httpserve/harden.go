package httpserve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Timeouts and limits of the native server (NewServer). A client that
// stalls half-way through its request is cut off after ReadTimeout; an idle
// keep-alive connection after IdleTimeout.
const (
	ReadHeaderTimeout = 5 * time.Second
	ReadTimeout       = 10 * time.Second
	WriteTimeout      = 30 * time.Second
	IdleTimeout       = 60 * time.Second
	MaxHeaderBytes    = 16 << 10
)

// NewServer returns an http.Server for h with the timeouts above and
// MaxHeaderBytes. Serve it with JSONErrors(listener) so that net/http's own
// 400/431 answers are JSON too.
func NewServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// writeError writes a Google-shape error (API.md §1) from the transport
// layer, before the request reaches the core.
func writeError(w http.ResponseWriter, status int, word, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(status)
	w.Write(errorJSON(word, msg))
}

func errorJSON(word, msg string) []byte {
	b, _ := json.Marshal(struct {
		Status       string `json:"status"`
		ErrorMessage string `json:"error_message"`
		Message      string `json:"message"`
	}{word, msg, msg})
	return b
}

// goErrorHeaders is what net/http writes after the status line of the
// answers it makes itself, straight to the connection, for a request it
// cannot parse (400, 431, 501). No answer of ours has it: ours are JSON.
const goErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// JSONErrors wraps l so that net/http's own plain-text error answers
// become API.md's JSON error shape (same status).
func JSONErrors(l net.Listener) net.Listener { return jsonListener{l} }

type jsonListener struct{ net.Listener }

func (l jsonListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &jsonConn{Conn: c}, nil
}

type jsonConn struct {
	net.Conn
}

func (c *jsonConn) Write(p []byte) (int, error) {
	if b, ok := rewriteGoError(p); ok {
		if _, err := c.Conn.Write(b); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// rewriteGoError turns "HTTP/1.1 400 Bad Request<goErrorHeaders>text" into
// the same status with a JSON body.
func rewriteGoError(p []byte) ([]byte, bool) {
	if !bytes.HasPrefix(p, []byte("HTTP/1.1 ")) {
		return nil, false
	}
	i := bytes.Index(p, []byte(goErrorHeaders))
	if i < 0 {
		return nil, false
	}
	line := string(p[len("HTTP/1.1 "):i])
	code, err := strconv.Atoi(line[:min(3, len(line))])
	if err != nil || code < 400 || code > 599 {
		return nil, false
	}
	msg := string(p[i+len(goErrorHeaders):])
	word := "INVALID_REQUEST"
	if code >= 500 {
		word = "UNKNOWN_ERROR"
	}
	body := errorJSON(word, "malformed HTTP request: "+msg)
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		code, http.StatusText(code), len(body), body), true
}

// AccessLog wraps h to write one line per request to w: time (UTC,
// RFC 3339), method, path and query with the apikey's value replaced by
// "-", status, response bytes and duration. A key never reaches the log.
func AccessLog(h http.Handler, w io.Writer) http.Handler {
	var mu sync.Mutex
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: rw, status: 200}
		h.ServeHTTP(sw, r)
		line := fmt.Sprintf("%s %s %s %d %d %s\n", start.UTC().Format(time.RFC3339), r.Method,
			LogTarget(r.URL.EscapedPath(), r.URL.RawQuery), sw.status, sw.n, time.Since(start).Round(time.Microsecond))
		mu.Lock()
		io.WriteString(w, line)
		mu.Unlock()
	})
}

// LogTarget is path?query with every apikey value (and anything that is
// not printable ASCII) hidden: what a log may show of a request.
func LogTarget(path, rawQuery string) string {
	if rawQuery == "" {
		return clip(path)
	}
	parts := strings.Split(rawQuery, "&")
	for i, part := range parts {
		k, _, _ := strings.Cut(part, "=")
		if lk := strings.ToLower(k); strings.Contains(lk, "apikey") || strings.Contains(lk, "key") || strings.Contains(lk, "token") && lk != "sessiontoken" {
			parts[i] = k + "=-"
		}
	}
	return clip(path + "?" + strings.Join(parts, "&"))
}

// clip keeps a log line short and printable.
func clip(s string) string {
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, s)
}

type statusWriter struct {
	http.ResponseWriter
	status int
	n      int
}

func (s *statusWriter) WriteHeader(code int) { s.status = code; s.ResponseWriter.WriteHeader(code) }
func (s *statusWriter) Write(p []byte) (int, error) {
	n, err := s.ResponseWriter.Write(p)
	s.n += n
	return n, err
}
