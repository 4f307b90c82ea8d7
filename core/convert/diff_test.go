package convert

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/text"
)

// theirAnswer is one line written by bench/convert-diff/run.mjs.
type theirAnswer struct {
	Row         int    `json:"row"`
	OldWardCode string `json:"old_ward_code"`
	Input       string `json:"input"`
	Structured  struct {
		Ward, Province, Message string
		OK                      bool `json:"ok"`
	} `json:"structured"`
	Text struct {
		Ward, Province, Message string
		OK                      bool `json:"ok"`
	} `json:"text"`
}

// TestDifferentialVAC compares our old → new answers with vietnam-address-converter's over every
// row of the official table (bench/convert-diff/NOTE.md says how to produce
// $CONVERT_DIFF_THEIRS; without it the test has nothing to compare and says so).
func TestDifferentialVAC(t *testing.T) {
	path := os.Getenv("CONVERT_DIFF_THEIRS")
	if path == "" {
		t.Skip("set CONVERT_DIFF_THEIRS to the output of bench/convert-diff/run.mjs (NOTE.md)")
	}
	w := load(t)
	rows := readTable(t, w.dir)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts := map[string]int{}
	examples := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a theirAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		if a.Row < 1 || a.Row > len(rows) {
			t.Fatalf("row %d out of the table", a.Row)
		}
		row := rows[a.Row-1]
		kind, ours := classify(w, a, w.conv.newSide(expectedNew(w, row)))
		if d := w.conv.oldDist[row["old_district_code"]]; kind == "differ: ours is not the table's" && d != nil && d.Province != row["old_province_code"] {
			kind = "input from a row whose province contradicts its district"
		}
		counts[kind]++
		if len(examples[kind]) < *diffExamples {
			examples[kind] = append(examples[kind], fmt.Sprintf("%s → theirs %s, ours %s", a.Input, a.Structured.Ward, ours))
		}
	}
	var kinds []string
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%-40s %5d  e.g. %q", k, counts[k], examples[k])
	}
	for _, k := range kinds {
		if !explained[k] {
			t.Errorf("unexplained disagreement %q: %d rows", k, counts[k])
		}
	}
}

// explained lists the kinds of answers NOTE.md accounts for.
var explained = map[string]bool{
	"agree":                             true,
	"agree: split, theirs first":        true,
	"split: theirs another candidate":   true,
	"they do not answer":                true,
	"differ: theirs is not the table's": true,
	// the same new ward (same code); new_units.json (later than their data) has its new unit word
	"agree but for the unit word (Xã → Phường since)": true,
	// row 8884 (Phường 4, Thành phố Tân An) names Tiền Giang (82) for a district of Long An (80):
	// the text is inconsistent, we keep the ward and the province it names
	"input from a row whose province contradicts its district": true,
}

var diffExamples = flag.Int("diff-examples", 4, "examples logged per kind of answer")

// classify compares their answer and ours for one row with the table's answer for that row.
func classify(w *world, a theirAnswer, table Side) (kind, ours string) {
	res, err := w.conv.Convert(context.Background(), a.Input, true, nil)
	ours = describe(res)
	if !a.Structured.OK {
		return "they do not answer", ours
	}
	if err != nil {
		return "we do not answer", ours
	}
	theirs := func(r Result) bool {
		return text.Fold(r.To.Ward.Name) == text.Fold(a.Structured.Ward) && provinceKey(r.To.Province.Name) == provinceKey(a.Structured.Province)
	}
	oursHasTable := false
	for _, r := range res {
		oursHasTable = oursHasTable || r.To == table
	}
	for _, r := range res {
		if r.To == table && len(res) == 1 && !theirs(r) && unitKey(r.To.Ward.Name) == unitKey(a.Structured.Ward) {
			return "agree but for the unit word (Xã → Phường since)", ours
		}
	}
	switch {
	case !oursHasTable:
		return "differ: ours is not the table's", ours
	case len(res) == 1 && theirs(res[0]):
		return "agree", ours
	case len(res) > 1 && theirs(res[0]):
		return "agree: split, theirs first", ours
	}
	for _, r := range res[1:] {
		if theirs(r) {
			return "split: theirs another candidate", ours
		}
	}
	return "differ: theirs is not the table's", ours
}

// unitKey folds a ward name without its unit word.
func unitKey(s string) string {
	f := text.Fold(s)
	for _, w := range []string{"phuong ", "xa ", "thi tran ", "dac khu "} {
		f = strings.TrimPrefix(f, w)
	}
	return f
}

// provinceKey folds a province name without its unit word ("Tỉnh Cao Bằng" and "Cao Bằng" agree).
func provinceKey(s string) string {
	f := text.Fold(s)
	for _, w := range []string{"thanh pho ", "tinh "} {
		f = strings.TrimPrefix(f, w)
	}
	return f
}
