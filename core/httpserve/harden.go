package httpserve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/bando-vn/bando/core"
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
func writeError(w http.ResponseWriter, status int, word, msg, id string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.WriteHeader(status)
	w.Write(errorJSON(word, msg, id))
}

func errorJSON(word, msg, id string) []byte {
	b, _ := json.Marshal(struct {
		Status       string `json:"status"`
		ErrorMessage string `json:"error_message"`
		Message      string `json:"message"`
		RequestID    string `json:"request_id,omitempty"`
	}{word, msg, msg, id})
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
	body := errorJSON(word, "malformed HTTP request: "+msg, "")
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		code, http.StatusText(code), len(body), body), true
}

// AccessLog wraps h to log one line per request to w, as text
// (AccessLogger with slog's text handler).
func AccessLog(h http.Handler, w io.Writer) http.Handler {
	return AccessLogger(h, slog.New(slog.NewTextHandler(w, nil)))
}

// reqInfo is what the access line learns from inside the request: its id
// (made here) and, for a 5xx, the cause (set by Handler).
type reqInfo struct {
	id    string
	cause error
}

type infoKey struct{}

// AccessLogger wraps h to log one record per request to l: method, the
// path and query with every key's value hidden (LogTarget), status,
// response bytes, duration, the client's address and a request id (also
// sent as X-Request-Id and, in error bodies, as "request_id"). A 5xx is
// logged at level ERROR with its cause — the cause never reaches the
// client. A key never reaches the log.
func AccessLogger(h http.Handler, l *slog.Logger) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &reqInfo{id: newRequestID()}
		rw.Header().Set("X-Request-Id", info.id)
		sw := &statusWriter{ResponseWriter: rw, status: 200}
		h.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), infoKey{}, info)))
		attrs := []slog.Attr{
			slog.String("id", info.id),
			slog.String("client", clientAddr(r)),
			slog.String("method", clip(r.Method)),
			slog.String("target", LogTarget(r.URL.EscapedPath(), r.URL.RawQuery)),
			slog.Int("status", sw.status),
			slog.Int("bytes", sw.n),
			slog.Duration("duration", time.Since(start).Round(time.Microsecond)),
		}
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
			cause := "unknown"
			if info.cause != nil {
				cause = info.cause.Error()
			}
			attrs = append(attrs, slog.String("cause", clip(cause)))
		}
		l.LogAttrs(r.Context(), level, "request", attrs...)
	})
}

// clientAddr is the client's IP address (the TCP peer; bando serves on
// 127.0.0.1 or behind a proxy the operator runs, whose X-Forwarded-For is
// not trusted here).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return clip(r.RemoteAddr)
	}
	return host
}

// newRequestID is 16 random hex digits.
func newRequestID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// LogTarget is path?query with every key's value hidden and the line kept
// short and printable (core.LogTarget).
func LogTarget(path, rawQuery string) string { return core.LogTarget(path, rawQuery) }

// clip keeps a log field short and printable.
func clip(s string) string { return core.LogClip(s) }

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
