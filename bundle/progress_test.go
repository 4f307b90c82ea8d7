package bundle

import (
	"bytes"
	"testing"
	"time"
)

// fakeStage runs a stage of 10 units, one every 1.5 s of a fake clock.
func fakeStage(w *bytes.Buffer, quiet bool) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := t0
	var p *stageProgress
	if quiet {
		p = newProgress(nil, "fake stage", "cells", 1, 10)
	} else {
		p = newProgress(w, "fake stage", "cells", 1, 10)
	}
	p.start, p.last, p.now = t0, t0, func() time.Time { return clock }
	for range 10 {
		clock = clock.Add(1500 * time.Millisecond)
		p.add(1)
	}
}

func TestProgressFormat(t *testing.T) {
	var b bytes.Buffer
	fakeStage(&b, false)
	// Lines at 3 s (2 done), 6 s (4), 9 s (6), 12 s (8), 15 s (10): at most
	// one every two seconds, the time left from the rate so far.
	want := "  fake stage: 20% (2 of 10 cells), about 12s left\n" +
		"  fake stage: 40% (4 of 10 cells), about 9s left\n" +
		"  fake stage: 60% (6 of 10 cells), about 6s left\n" +
		"  fake stage: 80% (8 of 10 cells), about 3s left\n" +
		"  fake stage: 100% (10 of 10 cells), about 0s left\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestProgressQuiet(t *testing.T) {
	var b bytes.Buffer
	fakeStage(&b, true)
	if b.Len() != 0 {
		t.Errorf("quiet stage printed %q", b.String())
	}
	var nilp *stageProgress
	nilp.add(1) // a stage without progress must not panic
}
