package bundle

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// stageProgress prints how far a long stage is and when it should end (from
// the rate so far), every two seconds at most: a stage shorter than that
// prints nothing. A nil writer prints nothing (--quiet). Safe for use by
// several goroutines.
type stageProgress struct {
	mu    sync.Mutex
	w     io.Writer
	name  string
	unit  string
	div   int64 // shown counts are done/div and total/div (1<<20 for MB)
	total int64
	done  int64
	start time.Time
	last  time.Time
	now   func() time.Time
}

func newProgress(w io.Writer, name, unit string, div, total int64) *stageProgress {
	t := time.Now()
	return &stageProgress{w: w, name: name, unit: unit, div: max(div, 1), total: total, start: t, last: t, now: time.Now}
}

// add counts n more units done and prints a line if the last one is over
// two seconds old.
func (p *stageProgress) add(n int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	now := p.now()
	if p.w == nil || now.Sub(p.last) <= 2*time.Second {
		return
	}
	p.last = now
	eta := "?"
	if p.done > 0 {
		left := time.Duration(float64(now.Sub(p.start)) * float64(p.total-p.done) / float64(p.done))
		eta = max(left, 0).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "  %s: %d%% (%d of %d %s), about %s left\n", p.name, p.done*100/max(p.total, 1), p.done/p.div, p.total/p.div, p.unit, eta)
}
