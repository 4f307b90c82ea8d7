package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLayerTotals checks the layer table against the files of the sample
// bundle: every tile counted once, in its layer, with its size.
func TestLayerTotals(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "testdata", "bundle")
	var out bytes.Buffer
	if err := run(dir, &out); err != nil {
		t.Fatal(err)
	}
	files, size := 0, 0
	sx := 0
	err := filepath.Walk(filepath.Join(dir, "tiles"), func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		files++
		size += int(fi.Size())
		if strings.Contains(p, string(filepath.Separator)+"sx"+string(filepath.Separator)) {
			sx += int(fi.Size())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{fmt.Sprintf("%-10s %7d %12d\n", "total", files, size), "## sx duplication"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if !strings.Contains(s, fmt.Sprintf(" %12d\n", sx)) {
		t.Errorf("sx total %d not in the layer table:\n%s", sx, s)
	}
}
