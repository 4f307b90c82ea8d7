// Command layersize measures where a bundle's bytes go: per layer, and for
// the search index (sx/) per kind of shard, per column, per kind of place
// and how often each record is repeated across shards and layers.
//
//	go run ./bundle/cmd/layersize --bundle build/hanoi
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
	"github.com/vmihailenco/msgpack/v5"
)

func main() {
	dir := flag.String("bundle", "", "bundle directory")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "layersize: --bundle is required")
		os.Exit(2)
	}
	if err := run(*dir, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "layersize:", err)
		os.Exit(1)
	}
}

type tally struct{ files, bytes int }

func (t *tally) add(n int) { t.files++; t.bytes += n }

func run(dir string, w io.Writer) error {
	mb, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return err
	}
	m, err := tile.ParseManifest(mb)
	if err != nil {
		return err
	}
	layers := map[string]*tally{}
	shards := map[string]*tally{}
	cols := map[string]int{}
	kindRec := map[byte]*tally{} // records per kind: count, bytes (recs+fold+low+columns)
	recSeen := map[string]int{}  // place id → copies in sx
	recBytes := map[string]int{} // place id → bytes of one copy
	var postings, tokBytes int
	layerRec := map[string]map[string]int{} // layer → id → record bytes
	for _, k := range m.Keys() {
		b, err := os.ReadFile(filepath.Join(dir, tile.Path(k)))
		if err != nil {
			return err
		}
		l := k[:strings.IndexByte(k+"/", '/')]
		if layers[l] == nil {
			layers[l] = &tally{}
		}
		layers[l].add(len(b))
		switch l {
		case "sx":
			sk := shardKind(k)
			if shards[sk] == nil {
				shards[sk] = &tally{}
			}
			shards[sk].add(len(b))
			t, err := columns(b)
			if err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			sum := 0
			for c, v := range t {
				cols[c] += len(v)
				sum += len(v)
			}
			cols["(msgpack framing)"] += len(b) - sum
			postings += len(t["post"]) / 4
			tokBytes += len(t["tok"])
			recs := offsets(t["roff"], t["recs"])
			folds := offsets(t["foff"], t["fold"])
			lows := offsets(t["loff"], t["low"])
			for i, r := range recs {
				var p place.Place
				if err := msgpack.Unmarshal(r, &p); err != nil {
					return fmt.Errorf("%s: record %d: %w", k, i, err)
				}
				n := len(r) + 17 // rank, lat, lng, kind, roff
				if i < len(folds) {
					n += len(folds[i]) + 4
				}
				if i < len(lows) {
					n += len(lows[i]) + 4
				}
				kd := place.LayerCode(p.Layer)
				if kindRec[kd] == nil {
					kindRec[kd] = &tally{}
				}
				kindRec[kd].add(n)
				recSeen[p.ID]++
				recBytes[p.ID] = n
				if i < len(folds) && i < len(lows) && string(folds[i]) == string(lows[i]) {
					cols["(low equal to fold)"] += len(lows[i])
				}
			}
		case "place", "pid":
			t, err := columns(b)
			if err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			if layerRec[l] == nil {
				layerRec[l] = map[string]int{}
			}
			for _, r := range offsets(t["roff"], t["recs"]) {
				if len(r) == 0 { // id layer 2: an id whose record is in its place tile
					continue
				}
				var p place.Place
				if err := msgpack.Unmarshal(r, &p); err != nil {
					return fmt.Errorf("%s: %w", k, err)
				}
				layerRec[l][p.ID] = len(r)
			}
		}
	}
	total := tally{}
	fmt.Fprintln(w, "## layers (files, bytes)")
	for _, l := range sortedKeys(layers) {
		fmt.Fprintf(w, "%-10s %7d %12d\n", l, layers[l].files, layers[l].bytes)
		total.files += layers[l].files
		total.bytes += layers[l].bytes
	}
	fmt.Fprintf(w, "%-10s %7d %12d\n", "total", total.files, total.bytes)
	fmt.Fprintln(w, "\n## sx by shard kind (files, bytes)")
	for _, s := range sortedKeys(shards) {
		fmt.Fprintf(w, "%-22s %7d %12d\n", s, shards[s].files, shards[s].bytes)
	}
	fmt.Fprintln(w, "\n## sx by column (bytes)")
	for _, c := range sortedKeys(cols) {
		fmt.Fprintf(w, "%-22s %12d\n", c, cols[c])
	}
	fmt.Fprintln(w, "\n## sx records by kind of place (copies, bytes incl. fold/low/columns)")
	names := map[byte]string{0: "other", 1: "venue", 2: "street", 3: "address", 4: "admin"}
	for kd := byte(0); kd <= 4; kd++ {
		if t := kindRec[kd]; t != nil {
			fmt.Fprintf(w, "%-10s %9d %12d\n", names[kd], t.files, t.bytes)
		}
	}
	copies, once := 0, 0
	hist := map[int]int{}
	for id, n := range recSeen {
		copies += n
		once += recBytes[id]
		switch {
		case n == 1:
			hist[1]++
		case n <= 3:
			hist[3]++
		case n <= 10:
			hist[10]++
		default:
			hist[99]++
		}
	}
	fmt.Fprintf(w, "\n## sx duplication\ndistinct places %d, record copies %d (%.2f per place), postings %d, token bytes %d\n",
		len(recSeen), copies, float64(copies)/float64(max(len(recSeen), 1)), postings, tokBytes)
	fmt.Fprintf(w, "bytes of one copy of each place's record+names+columns: %d\n", once)
	fmt.Fprintf(w, "places by copies: 1: %d, 2-3: %d, 4-10: %d, >10: %d\n", hist[1], hist[3], hist[10], hist[99])
	for _, l := range sortedKeys(layerRec) {
		n := 0
		for _, v := range layerRec[l] {
			n += v
		}
		fmt.Fprintf(w, "%s: %d places, %d record bytes\n", l, len(layerRec[l]), n)
	}
	return nil
}

// shardKind names the kind of an sx key (core/place/FORMAT.md §2).
func shardKind(k string) string {
	rest := strings.TrimPrefix(k, place.IndexPrefix)
	switch {
	case strings.HasSuffix(rest, "-t"):
		return "lexicon -t"
	case strings.Contains(rest, "-p/") || strings.HasSuffix(rest, "-p"):
		return "pair -p"
	case strings.Contains(rest, "-w/"):
		if strings.Count(rest, "-") > 1 {
			return "pair word area -w/q"
		}
		return "word area -w/q"
	case strings.HasSuffix(rest, "-ws"):
		return "word summary -ws"
	case strings.HasSuffix(rest, "-w"):
		return "word -w"
	case strings.HasSuffix(rest, "-s"):
		return "prefix summary -s"
	}
	return "prefix"
}

// columns returns a packed tile's bin fields by name.
func columns(b []byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := tile.ReadMap(b, func(k []byte, v tile.MapValue) error {
		if v.Kind == 'b' || v.Kind == 's' {
			out[string(k)] = v.Bytes
		}
		return nil
	})
	return out, err
}

// offsets splits blob by an offsets table (SPEC.md §4); nil when invalid.
func offsets(off, blob []byte) [][]byte {
	n := len(off)/4 - 1
	var out [][]byte
	for i := 0; i < n; i++ {
		a, b := binary.LittleEndian.Uint32(off[4*i:]), binary.LittleEndian.Uint32(off[4*i+4:])
		if a > b || int(b) > len(blob) {
			return nil
		}
		out = append(out, blob[a:b])
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
