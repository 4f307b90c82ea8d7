package scenario

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Report is the outcome of a run over .feature files.
type Report struct {
	Results []Result
}

// RunDir runs every .feature file under dir (sorted by path); tmp is a
// scratch directory for the bundles. A file that does not parse counts as
// one failed scenario naming the parse error.
func RunDir(ctx context.Context, dir string, eng Engine, tmp string) (*Report, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".feature") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no .feature files under %s", dir)
	}
	sort.Strings(files)
	rep := &Report{}
	for i, file := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dir, file)
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		f, err := Parse(filepath.ToSlash(rel), string(src))
		if err != nil {
			rep.Results = append(rep.Results, Result{File: filepath.ToSlash(rel), Scenario: "(file)", Outcome: Fail, Reasons: []string{err.Error()}})
			continue
		}
		rep.Results = append(rep.Results, RunFeature(ctx, f, eng, filepath.Join(tmp, fmt.Sprintf("f%d", i)))...)
	}
	return rep, nil
}

// Counts returns passed, failed and skipped scenarios.
func (r *Report) Counts() (pass, fail, skip int) {
	for _, res := range r.Results {
		switch res.Outcome {
		case Pass:
			pass++
		case Fail:
			fail++
		default:
			skip++
		}
	}
	return
}

// WriteText prints every failure with its reasons, every skip with why,
// then `N passed, M failed, K skipped`.
func (r *Report) WriteText(w io.Writer) {
	for _, o := range []Outcome{Fail, Skip} {
		for _, res := range r.Results {
			if res.Outcome != o {
				continue
			}
			fmt.Fprintf(w, "%s %s:%d %s\n", strings.ToUpper(o.String()), res.File, res.Line, res.Scenario)
			for _, why := range res.Reasons {
				fmt.Fprintf(w, "    %s\n", why)
			}
		}
	}
	p, f, s := r.Counts()
	fmt.Fprintf(w, "%d passed, %d failed, %d skipped\n", p, f, s)
}

// WriteMarkdown writes per-file counts and the skip list (SCENARIOS.md).
func (r *Report) WriteMarkdown(w io.Writer) {
	type counts struct{ p, f, s int }
	per := map[string]*counts{}
	var files []string
	for _, res := range r.Results {
		c := per[res.File]
		if c == nil {
			c = &counts{}
			per[res.File] = c
			files = append(files, res.File)
		}
		switch res.Outcome {
		case Pass:
			c.p++
		case Fail:
			c.f++
		default:
			c.s++
		}
	}
	p, f, s := r.Counts()
	fmt.Fprintf(w, "**%d passed, %d failed, %d skipped** (%d scenarios)\n\n", p, f, s, len(r.Results))
	fmt.Fprintln(w, "| file | passed | failed | skipped |\n|---|---:|---:|---:|")
	for _, file := range files {
		c := per[file]
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", file, c.p, c.f, c.s)
	}
	for _, o := range []Outcome{Fail, Skip} {
		title := map[Outcome]string{Fail: "Failures", Skip: "Skipped, with why"}[o]
		fmt.Fprintf(w, "\n### %s\n\n", title)
		for _, res := range r.Results {
			if res.Outcome == o {
				fmt.Fprintf(w, "- `%s:%d` %s — %s\n", res.File, res.Line, mdEscape(res.Scenario), mdEscape(strings.Join(res.Reasons, "; ")))
			}
		}
	}
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
