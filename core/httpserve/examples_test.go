package httpserve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// apiExample is one example of docs/API.md §7: a curl command and the answer.
type apiExample struct {
	title  string
	method string
	path   string // /v1/... with its query
	body   string // -d form body, "" for none
	status int    // from "(NNN" in the title, else 200
	// lines [jsonStart, jsonEnd) of docs/API.md hold the answer.
	jsonStart, jsonEnd int
	answer             string
}

var (
	reExampleURL    = regexp.MustCompile(`'(?:http://)?127\.0\.0\.1:8787(/v1/[^']*)'`)
	reExampleBody   = regexp.MustCompile(` -d ([^ ']+|'[^']*')`)
	reExampleStatus = regexp.MustCompile(`\((\d{3})\b`)
)

// parseExamples reads the examples section of docs/API.md.
func parseExamples(t *testing.T, lines []string) []apiExample {
	t.Helper()
	start := -1
	for i, l := range lines {
		if l == "## 7. Examples" {
			start = i
		}
	}
	if start < 0 {
		t.Fatal("docs/API.md has no \"## 7. Examples\" section")
	}
	var out []apiExample
	title := ""
	for i := start; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "### ") {
			title = strings.TrimPrefix(l, "### ")
			continue
		}
		if l != "```sh" || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "curl ") {
			continue
		}
		cmd := lines[i+1]
		m := reExampleURL.FindStringSubmatch(cmd)
		if m == nil {
			t.Fatalf("docs/API.md line %d: no 127.0.0.1:8787/v1 URL in %q", i+2, cmd)
		}
		ex := apiExample{title: title, method: "GET", path: m[1], status: 200}
		if strings.Contains(cmd, "-X POST") {
			ex.method = "POST"
		}
		if b := reExampleBody.FindStringSubmatch(cmd); b != nil {
			ex.body = strings.Trim(b[1], "'")
		}
		if s := reExampleStatus.FindStringSubmatch(title); s != nil {
			ex.status, _ = strconv.Atoi(s[1])
		}
		j := i + 2
		for j < len(lines) && lines[j] != "```json" {
			if strings.HasPrefix(lines[j], "```sh") || strings.HasPrefix(lines[j], "### ") {
				t.Fatalf("docs/API.md line %d: example %q has no ```json answer", i+2, title)
			}
			j++
		}
		k := j + 1
		for k < len(lines) && lines[k] != "```" {
			k++
		}
		if k >= len(lines) {
			t.Fatalf("docs/API.md line %d: unterminated ```json block", j+1)
		}
		ex.jsonStart, ex.jsonEnd = j+1, k
		ex.answer = strings.Join(lines[j+1:k], "\n")
		out = append(out, ex)
		i = k
	}
	return out
}

// TestAPIExamples runs every example of docs/API.md §7 on the sample bundle (what `make demo`
// serves) and checks the documented answer is the answer, JSON value for value. With -update
// it rewrites the answers in docs/API.md, pretty-printed in the server's key order.
func TestAPIExamples(t *testing.T) {
	path := filepath.Join(repo, "docs/API.md")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	exs := parseExamples(t, lines)
	if len(exs) < 14 {
		t.Fatalf("docs/API.md §7 has %d examples, want one per endpoint (≥ 14)", len(exs))
	}
	cf := loadContract(t)
	srv := httptest.NewServer(Handler(contractEngine(t, cf, filepath.Join(repo, cf.Bundle))))
	defer srv.Close()
	// Rewrite from the last example up so earlier line numbers stay valid.
	for n := len(exs) - 1; n >= 0; n-- {
		ex := exs[n]
		var body io.Reader
		if ex.body != "" {
			body = strings.NewReader(ex.body)
		}
		req, err := http.NewRequest(ex.method, srv.URL+ex.path, body)
		if err != nil {
			t.Fatal(err)
		}
		if ex.body != "" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != ex.status {
			t.Errorf("%s: %s %s answered %d, the example says %d", ex.title, ex.method, ex.path, resp.StatusCode, ex.status)
			continue
		}
		if *update {
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, got, "", "  "); err != nil {
				t.Fatalf("%s: the answer is not JSON: %v", ex.title, err)
			}
			lines = append(lines[:ex.jsonStart], append(strings.Split(pretty.String(), "\n"), lines[ex.jsonEnd:]...)...)
			continue
		}
		var want, have any
		if err := json.Unmarshal([]byte(ex.answer), &want); err != nil {
			t.Errorf("%s: the documented answer is not JSON: %v", ex.title, err)
			continue
		}
		if err := json.Unmarshal(got, &have); err != nil {
			t.Errorf("%s: the answer is not JSON: %v", ex.title, err)
			continue
		}
		if !reflect.DeepEqual(want, have) {
			t.Errorf("%s: docs/API.md §7 documents another answer than %s %s gives (go test ./core/httpserve -run APIExamples -update after a deliberate change):\n%s", ex.title, ex.method, ex.path, got)
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
