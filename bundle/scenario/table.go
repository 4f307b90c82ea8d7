package scenario

import (
	"fmt"
	"math"
	"strconv"
)

// table is a step's data table keyed by its header row.
type table struct {
	header []string
	rows   []map[string]string
	raw    [][]string // the body rows as written
}

func newTable(st Step) (*table, error) {
	if len(st.Table) == 0 {
		return nil, fmt.Errorf("line %d: step %q needs a table", st.Line, st.Text)
	}
	t := &table{header: st.Table[0], raw: st.Table[1:]}
	for _, r := range st.Table[1:] {
		m := make(map[string]string, len(r))
		for i, k := range t.header {
			m[k] = r[i]
		}
		t.rows = append(t.rows, m)
	}
	return t, nil
}

func (t *table) has(col string) bool {
	for _, h := range t.header {
		if h == col {
			return true
		}
	}
	return false
}

// jsNum formats a value as OSRM's JSON gives it (rounded to 0.1) and
// JavaScript prints it: 10 → "10", 199.94 → "199.9".
func jsNum(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}
