// realcases writes autocomplete eval cases (bundle/eval format) from the
// names as tagged in the OSM input, typed the way people type them, seeded.
// It is a second case set made by another method than casegen, which varies
// the bundle's own place names: the strings here come from the OSM files,
// and a case is kept only when the bundle holds the object under its full
// name (so a miss is the ranking's, not the coverage's):
//
//	go run ./bundle/cmd/realcases --bundle build/hanoi-hcmc --seed 1 --per 50 \
//	  --osm ../shared/data/vn2021/hanoi.osm.pbf --osm ../shared/data/vn2021/hcmc.osm.pbf > cases-real.jsonl
//
// Variants, each drawn evenly from Hà Nội and TP.HCM:
//
//	word_cut    the name cut after k words, k drawn among the cuts no other
//	            name of the input starts with (every such k is a candidate)
//	char_cut    the name cut after n characters, n drawn among every length
//	            from the shortest prefix no other input name starts with
//	plain       lower case, accents dropped (typing without an input method)
//	short       people's abbreviations of a leading phrase (Bệnh viện → BV,
//	            Trường THPT → THPT, Đại học → ĐH, Ủy ban nhân dân → UBND, …),
//	            half of them also lower case without accents
//	short_cut   the short form cut after a word past it, where still unique
//
// Objects: named nodes and named non-highway ways (way point: mean of its
// nodes) carrying a POI key; a name used by another object farther than
// within_m is left out. Every named object of the input (streets too)
// counts when a prefix is judged unique.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"
)

// withinM is how far the indexed object may lie from the tagged one.
const withinM = 200

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

func main() {
	var files multi
	flag.Var(&files, "osm", "OSM input (.osm.pbf or .osm), repeatable")
	dir := flag.String("bundle", "", "bundle directory built from the same input")
	seed := flag.Int64("seed", 1, "random seed")
	per := flag.Int("per", 50, "cases per variant")
	flag.Parse()
	if *dir == "" || len(files) == 0 {
		fmt.Fprintln(os.Stderr, "realcases: --bundle DIR and --osm FILE required")
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "realcases: seed %d\n", *seed)
	var objs []object
	for _, f := range files {
		o, err := readObjects(f)
		if err != nil {
			fail(err)
		}
		objs = append(objs, o...)
	}
	places, err := loadPlaces(*dir)
	if err != nil {
		fail(err)
	}
	g := newGen(objs, places, rand.New(rand.NewSource(*seed)))
	fmt.Fprintf(os.Stderr, "realcases: %d named objects, %d usable (unique name, indexed)\n", len(objs), len(g.pool["hn"])+len(g.pool["hcm"]))
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, v := range variants {
		for _, c := range g.cases(v, *per) {
			if err := enc.Encode(c); err != nil {
				fail(err)
			}
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "realcases:", err)
	os.Exit(1)
}

// object is a named OSM object as tagged.
type object struct {
	id       string // n123 / w123, the bundle's id scheme
	name     string
	lat, lng float64
	poi      bool // a place people look for; others (streets, …) only make prefixes ambiguous
}

// poiKeys are the keys that make a named object a place people look for.
var poiKeys = []string{"amenity", "shop", "tourism", "office", "leisure", "healthcare", "craft", "historic", "building", "place", "public_transport", "railway", "man_made", "landuse"}

func isPOI(t osm.Tags) bool {
	if t.Find("highway") != "" {
		return false
	}
	for _, k := range poiKeys {
		if t.Find(k) != "" {
			return true
		}
	}
	return false
}

func readObjects(path string) ([]object, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ctx := context.Background()
	var sc osm.Scanner
	if strings.HasSuffix(path, ".pbf") {
		sc = osmpbf.New(ctx, f, runtime.GOMAXPROCS(0))
	} else {
		sc = osmxml.New(ctx, f)
	}
	defer sc.Close()
	coords := map[osm.NodeID][2]float64{}
	var out []object
	for sc.Scan() {
		switch e := sc.Object().(type) {
		case *osm.Node:
			coords[e.ID] = [2]float64{e.Lat, e.Lon}
			if n := strings.TrimSpace(e.Tags.Find("name")); n != "" {
				out = append(out, object{id: fmt.Sprintf("n%d", e.ID), name: n, lat: e.Lat, lng: e.Lon, poi: isPOI(e.Tags)})
			}
		case *osm.Way:
			n := strings.TrimSpace(e.Tags.Find("name"))
			if n == "" {
				continue
			}
			var la, lo float64
			k := 0
			for _, wn := range e.Nodes {
				if c, ok := coords[wn.ID]; ok {
					la, lo, k = la+c[0], lo+c[1], k+1
				}
			}
			if k > 0 {
				out = append(out, object{id: fmt.Sprintf("w%d", e.ID), name: n, lat: la / float64(k), lng: lo / float64(k), poi: isPOI(e.Tags)})
			}
		}
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

func loadPlaces(dir string) ([]place.Place, error) {
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource(dir), 1<<20)
	if err != nil {
		return nil, err
	}
	var out []place.Place
	for _, k := range st.Manifest().Keys() {
		if !strings.HasPrefix(k, "place/") {
			continue
		}
		b, err := st.Tile(ctx, k)
		if err != nil {
			return nil, err
		}
		pt, err := place.DecodePlaceTile(b)
		if err != nil {
			return nil, err
		}
		for i := 0; i < pt.Len(); i++ {
			p, err := pt.At(i)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

var variants = []string{"word_cut", "char_cut", "plain", "short", "short_cut"}

type gen struct {
	rng     *rand.Rand
	objs    []object
	pool    map[string][]int // "hn", "hcm" → usable objects
	names   []string         // every distinct folded input name, sorted
	nameSet map[string]bool  // the same, as a set
}

func newGen(objs []object, places []place.Place, rng *rand.Rand) *gen {
	g := &gen{rng: rng, objs: objs, pool: map[string][]int{}, nameSet: map[string]bool{}}
	byName := map[string][]int{}
	for i := range objs {
		f := text.Fold(objs[i].name)
		if len(byName[f]) == 0 {
			g.names = append(g.names, f)
			g.nameSet[f] = true
		}
		byName[f] = append(byName[f], i)
	}
	sort.Strings(g.names)
	indexed := map[string]*place.Place{}
	for i := range places {
		indexed[places[i].ID] = &places[i]
	}
	for i := range objs {
		o := &objs[i]
		if !o.poi || !unique(objs, byName[text.Fold(o.name)], o) {
			continue
		}
		p := indexed[o.id]
		if e := o.expect(); p == nil || !e.Hit(p) {
			continue
		}
		r := "hcm"
		if o.lat > 15 {
			r = "hn"
		}
		g.pool[r] = append(g.pool[r], i)
	}
	return g
}

func unique(objs []object, same []int, o *object) bool {
	for _, j := range same {
		if geo.DistanceM(geo.LatLng{Lat: o.lat, Lng: o.lng}, geo.LatLng{Lat: objs[j].lat, Lng: objs[j].lng}) > withinM {
			return false
		}
	}
	return true
}

func (o *object) expect() eval.Expect {
	return eval.Expect{Name: o.name, Lat: round6(o.lat), Lon: round6(o.lng), WithinM: withinM}
}

func round6(f float64) float64 { return float64(int64(f*1e6+sign(f)*0.5)) / 1e6 }

func sign(f float64) float64 {
	if f < 0 {
		return -1
	}
	return 1
}

// prefixUnique reports whether only one distinct input name, own, starts
// with the folded prefix p.
func (g *gen) prefixUnique(p, own string) bool {
	i := sort.SearchStrings(g.names, p)
	for ; i < len(g.names) && strings.HasPrefix(g.names[i], p); i++ {
		if g.names[i] != own {
			return false
		}
	}
	return true
}

// cases draws n cases of variant v, half from each city.
func (g *gen) cases(v string, n int) []eval.Case {
	var out []eval.Case
	for _, r := range []string{"hn", "hcm"} {
		want := n / 2
		if r == "hcm" {
			want = n - n/2
		}
		idx := append([]int(nil), g.pool[r]...)
		g.rng.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
		for _, i := range idx {
			if want == 0 {
				break
			}
			o := &g.objs[i]
			q, ok := g.variant(v, o)
			if !ok || text.Fold(q) == "" {
				continue
			}
			out = append(out, eval.Case{ID: fmt.Sprintf("%s-%s-%s", r, o.id, v), Kind: "autocomplete",
				Query: map[string]any{"text": q}, Expect: o.expect(), Variant: v})
			want--
		}
	}
	return out
}

func (g *gen) variant(v string, o *object) (string, bool) {
	own := text.Fold(o.name)
	switch v {
	case "word_cut":
		return g.wordCut(o.name, own)
	case "char_cut":
		r := []rune(o.name)
		var ok []int
		for k := 1; k < len(r); k++ {
			p := strings.TrimSpace(string(r[:k]))
			if len(ok) == 0 && !g.prefixUnique(text.Fold(p), own) {
				continue
			}
			if r[k] != ' ' && r[k-1] != ' ' { // inside a word
				ok = append(ok, k)
			}
		}
		if len(ok) == 0 {
			return "", false
		}
		return string(r[:ok[g.rng.Intn(len(ok))]]), true
	case "plain":
		return text.Fold(o.name), true
	case "short":
		return g.short(o.name, own, false)
	case "short_cut":
		return g.short(o.name, own, true)
	}
	return "", false
}

// wordCut cuts s after k of its words, k drawn among the cuts whose folded
// prefix starts no other input name than own.
func (g *gen) wordCut(s, own string) (string, bool) {
	w := strings.Fields(s)
	var ok []int
	for k := 1; k < len(w); k++ {
		if g.prefixUnique(text.Fold(strings.Join(w[:k], " ")), own) {
			ok = append(ok, k)
		}
	}
	if len(ok) == 0 {
		return "", false
	}
	return strings.Join(w[:ok[g.rng.Intn(len(ok))]], " "), true
}

// shorts are the abbreviations people write for the leading words of a
// name, longest first so "Trường Đại học" wins over "Trường".
var shorts = [][2]string{
	{"Trường Trung học phổ thông", "THPT"},
	{"Trường Trung học cơ sở", "THCS"},
	{"Trung học phổ thông", "THPT"},
	{"Trung học cơ sở", "THCS"},
	{"Trường Đại học", "ĐH"},
	{"Trường Cao đẳng", "CĐ"},
	{"Trường Tiểu học", "TH"},
	{"Trường Mầm non", "MN"},
	{"Ủy ban nhân dân", "UBND"},
	{"Uỷ ban nhân dân", "UBND"},
	{"Bệnh viện Đa khoa", "BVĐK"},
	{"Bệnh viện", "BV"},
	{"Đại học", "ĐH"},
	{"Cao đẳng", "CĐ"},
	{"Công ty TNHH", "Cty TNHH"},
	{"Công ty", "Cty"},
	{"Ngân hàng", "NH"},
	{"Khách sạn", "KS"},
	{"Nhà văn hóa", "NVH"},
	{"Nhà văn hoá", "NVH"},
	{"Trung tâm", "TT"},
	{"Chung cư", "CC"},
	{"Trạm y tế", "TYT"},
	{"Thành phố", "TP"},
	{"Phường", "P."},
	{"Quận", "Q."},
	{"Trường", "Tr."},
}

// short abbreviates the first phrase of shorts found at a word boundary
// ("Trường" only at the start: "Công trường" is no school), then, when cut
// is set, cuts the result after a word past the short form. The query must
// still name one object whatever the short form stands for: each of its
// expansions (and the short form as written) is tried in its place, and
// no other input name may equal the result (full) or start with it (cut).
// Half of the time the query is then written lower case without accents.
func (g *gen) short(name, own string, cut bool) (string, bool) {
	low := strings.ToLower(name)
	if len(low) != len(name) {
		return "", false
	}
	for _, sh := range shorts {
		ph := strings.ToLower(sh[0])
		i := strings.Index(low, ph)
		if i < 0 || i > 0 && (low[i-1] != ' ' || sh[1] == "Tr.") {
			continue
		}
		end := i + len(ph)
		if end < len(low) && low[end] != ' ' {
			continue
		}
		before, after := name[:i], strings.Fields(name[end:])
		n := len(after)
		if cut {
			if n < 2 {
				return "", false
			}
			n = 1 + g.rng.Intn(n-1)
		}
		rest := strings.Join(after[:n], " ")
		var alts []string
		for _, o := range shorts {
			if o[1] == sh[1] {
				alts = append(alts, o[0])
			}
		}
		alts = append(alts, sh[1])
		for _, alt := range alts {
			f := text.Fold(strings.TrimSpace(before + alt + " " + rest))
			if cut && !g.prefixUnique(f, own) || !cut && f != own && g.nameSet[f] {
				return "", false
			}
		}
		out := strings.TrimSpace(before + sh[1] + " " + rest)
		if g.rng.Intn(2) == 0 {
			out = text.Fold(out)
		}
		return out, true
	}
	return "", false
}
