package httpserve

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bando-vn/bando/core"
)

// Files are optional static trees served next to /v1 by the native server.
type Files struct {
	Page   string // directory served at / (the demo page); "" for none
	Bundle string // bundle directory served at /bundle/ when Page is set
}

// Server is the native server's handler: /v1/ through e and, with f.Page,
// the demo files (GET/HEAD of existing regular files at clean paths).
// Everything else — other paths, unclean paths ("//", "/./", "/../", a
// trailing "/"), missing files — gets e's JSON 404 (API.md §1), never Go's
// plain-text 404 or a redirect.
func Server(e *core.Engine, f Files) http.Handler {
	api := Handler(e)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if f.Page != "" && !strings.HasPrefix(p, "/v1/") && (r.Method == "GET" || r.Method == "HEAD") && clean(p) && serveFile(w, r, f, p) {
			return
		}
		api.ServeHTTP(w, r)
	})
}

// clean: p is absolute and path.Clean leaves it as is.
func clean(p string) bool {
	return strings.HasPrefix(p, "/") && path.Clean(p) == p && !strings.Contains(p, "\\")
}

// serveFile serves the regular file p names, if there is one.
func serveFile(w http.ResponseWriter, r *http.Request, f Files, p string) bool {
	dir, rel := f.Page, strings.TrimPrefix(p, "/")
	if rest, ok := strings.CutPrefix(p, "/bundle/"); ok && f.Bundle != "" {
		dir, rel = f.Bundle, rest
	}
	if rel == "" {
		rel = "index.html"
	}
	file, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return false
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	http.ServeContent(w, r, st.Name(), st.ModTime(), file)
	return true
}
