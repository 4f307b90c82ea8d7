package place

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
	"github.com/vmihailenco/msgpack/v5"
)

// Layer versions written into the manifest.
const (
	PlaceLayerVersion  = 1
	SearchLayerVersion = 2 // v2: the sharded index under sx/ (FORMAT.md); v1 was search/<two letters>
	// RegionalLayerVersion is the search layer's version in a bundle of
	// regional indexes (FORMAT.md §2.1): their keys are a scheme a v2
	// reader would read as no index at all.
	RegionalLayerVersion = 3
	// ReaderVersion is the tile format version (core/tile) a bundle of
	// these layers needs: id layer 2 and the regional search index are
	// changes a version 1 reader would misread (SPEC.md §6).
	ReaderVersion = 2
)

// packedTile is the msgpack map shared by place and search tiles. Unknown
// keys are ignored by readers; absent keys decode as empty (SPEC.md).
type packedTile struct {
	V    int    `msgpack:"v"`
	IDs  []byte `msgpack:"ids,omitempty"`  // place: id blob
	IOff []byte `msgpack:"ioff,omitempty"` // place: id offsets
	Tok  []byte `msgpack:"tok,omitempty"`  // search: token blob
	TOff []byte `msgpack:"toff,omitempty"` // search: token offsets
	POff []byte `msgpack:"poff,omitempty"` // search: posting offsets (in entries)
	Post []byte `msgpack:"post,omitempty"` // search: uint32 record indexes
	ROff []byte `msgpack:"roff"`           // record offsets
	Recs []byte `msgpack:"recs"`           // records: msgpack Place arrays
	Fold []byte `msgpack:"fold,omitempty"` // search: per record, folded names joined by "\n"
	FOff []byte `msgpack:"foff,omitempty"` // search: offsets of fold
	Low  []byte `msgpack:"low,omitempty"`  // search: per record, lower-cased names joined by "\n"
	LOff []byte `msgpack:"loff,omitempty"` // search: offsets of low
	Rank []byte `msgpack:"rank,omitempty"` // search: u32 rank per record
	LatE []byte `msgpack:"lat,omitempty"`  // search: i32 lat (1e-7°) per record
	LngE []byte `msgpack:"lng,omitempty"`  // search: i32 lng (1e-7°) per record
	Kind []byte `msgpack:"kind,omitempty"` // search: 1 byte per record, 1 = venue
	Cnt  []byte `msgpack:"cnt,omitempty"`  // search (lexicon): u32 per token, places having it
	CY   []byte `msgpack:"cy,omitempty"`   // id: i32 row of each id's place tile
	CX   []byte `msgpack:"cx,omitempty"`   // id: i32 column of each id's place tile
}

// EncodePlaceTile returns a place tile holding places sorted by ID.
func EncodePlaceTile(places []Place) ([]byte, error) {
	ps := append([]Place(nil), places...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].ID < ps[j].ID })
	ids := make([][]byte, len(ps))
	recs := make([][]byte, len(ps))
	for i := range ps {
		ids[i] = []byte(ps[i].ID)
		b, err := msgpack.Marshal(&ps[i])
		if err != nil {
			return nil, err
		}
		recs[i] = b
	}
	t := packedTile{V: PlaceLayerVersion}
	t.IOff, t.IDs = packRecords(ids)
	t.ROff, t.Recs = packRecords(recs)
	return marshal(&t)
}

func marshal(t *packedTile) ([]byte, error) {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	if err := enc.Encode(t); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodePacked reads the packed map of a place or search tile in place:
// its bin fields alias b (nothing is copied, so a decoded tile costs its
// bytes and a cache miss makes no garbage beyond them). Lengths are
// checked against b (tile.ReadMap); unknown keys are ignored (SPEC.md §6).
func decodePacked(b []byte) (*packedTile, error) {
	var t packedTile
	err := tile.ReadMap(b, func(k []byte, v tile.MapValue) error {
		if string(k) == "v" {
			if v.Kind != 'i' {
				return fmt.Errorf("%w: tile version is not an integer", tile.ErrCorrupt)
			}
			t.V = int(v.Int)
			return nil
		}
		f := t.field(k)
		if f == nil {
			return nil
		}
		switch v.Kind {
		case 'b', 's':
			*f = v.Bytes
		case 'n':
			*f = nil
		default:
			return fmt.Errorf("%w: tile field %q is not bytes", tile.ErrCorrupt, k)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := tile.CheckLayerVersion("place/search", int64(t.V)); err != nil {
		return nil, err
	}
	return &t, nil
}

// field returns the packed column named k, nil for a key it does not know.
func (t *packedTile) field(k []byte) *[]byte {
	switch string(k) {
	case "ids":
		return &t.IDs
	case "ioff":
		return &t.IOff
	case "tok":
		return &t.Tok
	case "toff":
		return &t.TOff
	case "poff":
		return &t.POff
	case "post":
		return &t.Post
	case "roff":
		return &t.ROff
	case "recs":
		return &t.Recs
	case "fold":
		return &t.Fold
	case "foff":
		return &t.FOff
	case "low":
		return &t.Low
	case "loff":
		return &t.LOff
	case "rank":
		return &t.Rank
	case "lat":
		return &t.LatE
	case "lng":
		return &t.LngE
	case "kind":
		return &t.Kind
	case "cnt":
		return &t.Cnt
	case "cy":
		return &t.CY
	case "cx":
		return &t.CX
	}
	return nil
}

// PlaceTile is a decoded place tile: records are decoded on access.
type PlaceTile struct {
	ids, recs records
}

// DecodePlaceTile checks a place tile's tables without decoding its records.
func DecodePlaceTile(b []byte) (*PlaceTile, error) {
	t, err := decodePacked(b)
	if err != nil {
		return nil, err
	}
	return placeTileOf(t)
}

func placeTileOf(t *packedTile) (*PlaceTile, error) {
	pt := &PlaceTile{ids: records{t.IOff, t.IDs}, recs: records{t.ROff, t.Recs}}
	if err := pt.ids.check("ids"); err != nil {
		return nil, err
	}
	if err := pt.recs.check("records"); err != nil {
		return nil, err
	}
	if pt.ids.Len() != pt.recs.Len() {
		return nil, fmt.Errorf("%w: %d ids for %d records", tile.ErrCorrupt, pt.ids.Len(), pt.recs.Len())
	}
	return pt, nil
}

// Len is the number of places in the tile.
func (t *PlaceTile) Len() int { return t.recs.Len() }

// At decodes place i.
func (t *PlaceTile) At(i int) (Place, error) { return decodePlace(t.recs.At(i)) }

// Locate reads place i's position (1e-7°) and calls cat with each of its
// categories (a view of the tile's bytes, valid during the call), without
// decoding the rest of the record: what a point query needs of every place
// of a cell, where At decodes the few it answers with. A record written
// otherwise than this package writes it is decoded whole (At); an error
// is At's.
func (t *PlaceTile) Locate(i int, cat func([]byte)) (lat, lng int32, err error) {
	b := t.recs.At(i)
	var buf [8][]byte
	if lat, lng, cats, ok := locatePlace(b, buf[:0]); ok && tile.CheckMsgpack(b) == nil {
		for _, c := range cats {
			cat(c)
		}
		return lat, lng, nil
	}
	p, err := decodePlace(b)
	if err != nil {
		return 0, 0, err
	}
	for _, c := range p.Category {
		cat([]byte(c))
	}
	return p.Lat, p.Lng, nil
}

// Find returns the place with this id (binary search over the id table).
func (t *PlaceTile) Find(id string) (Place, bool, error) {
	i := sort.Search(t.ids.Len(), func(i int) bool { return string(t.ids.At(i)) >= id })
	if i == t.ids.Len() || string(t.ids.At(i)) != id {
		return Place{}, false, nil
	}
	p, err := t.At(i)
	return p, err == nil, err
}

func decodePlace(b []byte) (Place, error) {
	if err := tile.CheckMsgpack(b); err != nil {
		return Place{}, fmt.Errorf("place record: %w", err)
	}
	if p, ok := readPlace(b); ok { // a record as this package writes it
		return p, nil
	}
	// Anything else (a nil record, extra fields, other types, an error):
	// msgpack.Unmarshal's own answer and message.
	var p Place
	if err := msgpack.Unmarshal(b, &p); err != nil {
		return Place{}, fmt.Errorf("%w: place record: %v", tile.ErrCorrupt, err)
	}
	return p, nil
}

// rankOrder returns place indexes by rank descending, then id.
func rankOrder(places []Place) []int {
	idx := make([]int, len(places))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		pa, pb := &places[idx[a]], &places[idx[b]]
		if pa.Rank != pb.Rank {
			return pa.Rank > pb.Rank
		}
		return pa.ID < pb.ID
	})
	return idx
}

func uniqueTokens(name string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range text.Tokens(name) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

func encodeSearchTile(places []Place, toks map[string][]int) ([]byte, error) {
	t, err := searchTile(places, toks)
	if err != nil {
		return nil, err
	}
	return marshal(t)
}

// encodeLexicon writes a lexicon tile (FORMAT.md §2): tokens with the
// number of places having each, no postings and no records.
func encodeLexicon(counts map[string]int) ([]byte, error) {
	toks := make(map[string][]int, len(counts))
	for t := range counts {
		toks[t] = nil
	}
	t, err := searchTile(nil, toks)
	if err != nil {
		return nil, err
	}
	cnt := make([]uint32, 0, len(counts))
	for _, tok := range sortedKeys(counts) { // the token table's order
		cnt = append(cnt, uint32(counts[tok]))
	}
	t.Cnt = putU32s(cnt)
	return marshal(t)
}

// searchTile builds the columns of a search tile: the places posted by
// toks (token → place indexes) as records.
func searchTile(places []Place, toks map[string][]int) (*packedTile, error) {
	tokList := make([]string, 0, len(toks))
	for t := range toks {
		tokList = append(tokList, t)
	}
	sort.Strings(tokList)
	local := map[int]uint32{} // place index → record index in this tile
	var recIdx []int
	var post []uint32
	poff := []uint32{0}
	tokBytes := make([][]byte, len(tokList))
	for ti, t := range tokList {
		tokBytes[ti] = []byte(t)
		for _, pi := range toks[t] {
			r, ok := local[pi]
			if !ok {
				r = uint32(len(recIdx))
				local[pi] = r
				recIdx = append(recIdx, pi)
			}
			post = append(post, r)
		}
		poff = append(poff, uint32(len(post)))
	}
	n := len(recIdx)
	recs, fold, low := make([][]byte, n), make([][]byte, n), make([][]byte, n)
	rank, lat, lng := make([]uint32, n), make([]uint32, n), make([]uint32, n)
	kind := make([]byte, n)
	for i, pi := range recIdx {
		p := places[pi]
		p.Tags = searchTags(p.Tags)
		b, err := msgpack.Marshal(&p)
		if err != nil {
			return nil, err
		}
		recs[i] = b
		folded, lower := indexNames(&p)
		fold[i], low[i] = []byte(strings.Join(folded, "\n")), []byte(strings.Join(lower, "\n"))
		rank[i], lat[i], lng[i] = uint32(max(p.Rank, 0)), uint32(p.Lat), uint32(p.Lng)
		kind[i] = LayerCode(p.Layer)
	}
	t := packedTile{V: SearchLayerVersion, POff: putU32s(poff), Post: putU32s(post),
		Rank: putU32s(rank), LatE: putU32s(lat), LngE: putU32s(lng), Kind: kind}
	if t.Kind == nil {
		t.Kind = []byte{}
	}
	t.TOff, t.Tok = packRecords(tokBytes)
	t.ROff, t.Recs = packRecords(recs)
	t.FOff, t.Fold = packRecords(fold)
	t.LOff, t.Low = packRecords(low)
	return &t, nil
}

// Layer codes of the search tile's kind column.
const (
	KindOther   = 0 // place=* localities and anything else
	KindVenue   = 1
	KindStreet  = 2
	KindAddress = 3
	KindAdmin   = 4 // administrative units: eligible outside the radius
)

// LayerCode is the kind byte of a layer.
func LayerCode(layer string) byte {
	switch layer {
	case "venue":
		return KindVenue
	case "street":
		return KindStreet
	case "address":
		return KindAddress
	case "region", "county", "locality":
		return KindAdmin
	}
	return KindOther
}

// searchTags keeps the tags an autocomplete answer shows.
func searchTags(tags []string) []string {
	var out []string
	for i := 0; i+1 < len(tags); i += 2 {
		switch tags[i] {
		case "addr:housenumber", "addr:street", "addr:postcode", "alt_name", "old_name", "short_name", "name:en", "name:vi", "admin_level", "admin_code":
			out = append(out, tags[i], tags[i+1])
		}
	}
	return out
}
