package mapkit

import (
	"bytes"
	"encoding/json"
	"image/color"
	"image/png"
	"math"
	"testing"

	"golang.org/x/image/font/gofont/goregular"
)

// readPB splits one protobuf message into its fields (varints and bytes).
func readPB(t *testing.T, b []byte) (vars map[int][]uint64, bufs map[int][][]byte) {
	t.Helper()
	vars, bufs = map[int][]uint64{}, map[int][][]byte{}
	uv := func() uint64 {
		var v uint64
		for s := 0; ; s += 7 {
			if len(b) == 0 {
				t.Fatal("truncated varint")
			}
			c := b[0]
			b = b[1:]
			v |= uint64(c&0x7f) << s
			if c < 0x80 {
				return v
			}
		}
	}
	for len(b) > 0 {
		k := uv()
		switch k & 7 {
		case 0:
			vars[int(k>>3)] = append(vars[int(k>>3)], uv())
		case 2:
			n := uv()
			bufs[int(k>>3)] = append(bufs[int(k>>3)], b[:n])
			b = b[n:]
		default:
			t.Fatalf("wire type %d", k&7)
		}
	}
	return
}

func TestGlyphRange(t *testing.T) {
	f, err := ParseFont(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := f.Range(0)
	if err != nil {
		t.Fatal(err)
	}
	pb := EncodeGlyphs("Go Regular", 0, gs)
	_, top := readPB(t, pb)
	_, stack := readPB(t, top[1][0])
	if string(stack[1][0]) != "Go Regular" || string(stack[2][0]) != "0-255" {
		t.Fatalf("fontstack %q range %q", stack[1][0], stack[2][0])
	}
	if len(stack[3]) != len(gs) || len(gs) < 150 {
		t.Fatalf("%d glyphs encoded of %d", len(stack[3]), len(gs))
	}
	found := map[uint64]bool{}
	for _, g := range stack[3] {
		v, b := readPB(t, g)
		id, w, h := v[1][0], int(v[3][0]), int(v[4][0])
		found[id] = true
		if id == 'H' {
			bm := b[2][0]
			W, H := w+2*glyphBorder, h+2*glyphBorder
			if len(bm) != W*H || w < 8 || h < 12 {
				t.Fatalf("H: %d×%d, bitmap %d bytes", w, h, len(bm))
			}
			// corners outside (< the edge value 191); the stems of H inside
			if bm[0] >= 100 || bm[W*H-1] >= 100 {
				t.Fatalf("H: corners %d %d", bm[0], bm[W*H-1])
			}
			stem := 0
			for x := 0; x < W; x++ {
				stem = max(stem, int(bm[H/2*W+x]))
			}
			if stem < 192 {
				t.Fatalf("H: nothing inside on the middle row (max %d)", stem)
			}
			top := int(v[6][0]>>1) ^ -int(v[6][0]&1)
			if top+topShift < 12 || top+topShift > 24 { // the cap height of a 24 px font
				t.Fatalf("H: top %d", top)
			}
		}
	}
	for _, r := range "Aa0 .?" {
		if !found[uint64(r)] {
			t.Fatalf("%q missing", r)
		}
	}
	if _, err := f.Range(100); err == nil {
		t.Fatal("a range not at a multiple of 256 is an error")
	}
}

// The distance field against the exact one of a square: inside and outside
// distances from its sides.
func TestSDFSquare(t *testing.T) {
	p, err := parsePath("M2 2H12V12H2Z", 1)
	if err != nil {
		t.Fatal(err)
	}
	got := p.sdf(0, 0, 14, 14, 8, 0.25)
	for j := 0; j < 14; j++ {
		for i := 0; i < 14; i++ {
			x, y := float64(i)+0.5, float64(j)+0.5
			dx, dy := max(2-x, x-12), max(2-y, y-12)
			var d float64
			if dx < 0 && dy < 0 {
				d = max(dx, dy)
			} else {
				d = math.Hypot(max(dx, 0), max(dy, 0))
			}
			want := math.Round(min(255, max(0, 255-255*(d/8+0.25))))
			if math.Abs(float64(got[j*14+i])-want) > 1 {
				t.Fatalf("(%d,%d): %d, want %v", i, j, got[j*14+i], want)
			}
		}
	}
}

func TestParsePath(t *testing.T) {
	// a circle of radius 5 from two arcs, relative commands, implicit lineto, S and T
	for _, c := range []struct {
		d    string
		area float64
	}{
		{"M2,7.5a5,5 0 1,0 10,0a5 5 0 1 0-10 0z", math.Pi * 25},
		{"M0 0 10 0 10 10 0 10z", 100},
		{"m0 0h10v10h-10z", 100},
		{"M0 0C0 0 10 0 10 0S10 10 10 10L0 10Z", 100},
		{"M0 0Q5 0 10 0T15 0V10H0Z", 150},
	} {
		p, err := parsePath(c.d, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.d, err)
		}
		cov := p.coverage(0, 0, 20, 20)
		var a float64
		for _, v := range cov {
			a += v
		}
		if math.Abs(a-c.area)/c.area > 0.05 {
			t.Fatalf("%s: area %.1f, want %.1f", c.d, a, c.area)
		}
	}
	for _, bad := range []string{"10 10", "M1", "Mx", "M0 0A1 1 0 2 0 3 3", "M0 0L1e999 0"} {
		if _, err := parsePath(bad, 1); err == nil {
			t.Fatalf("%q: no error", bad)
		}
	}
}

func TestSprite(t *testing.T) {
	icons := []Icon{
		{Name: "square", SVG: []byte(`<svg><path d="M4 4H11V11H4Z"/></svg>`), Fill: color.RGBA{200, 0, 0, 255}},
		{Name: "bar", SVG: []byte(`<svg><path d="M7 2h1v11h-1z"/></svg>`), Fill: color.RGBA{0, 0, 200, 255}},
	}
	for _, r := range []int{1, 2} {
		pngB, js, err := Sprite(icons, r)
		if err != nil {
			t.Fatal(err)
		}
		var idx map[string]SpriteEntry
		if err := json.Unmarshal(js, &idx); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(pngB))
		if err != nil {
			t.Fatal(err)
		}
		e := idx["square"]
		if e.Width != BadgeSize*r || e.PixelRatio != r || idx["bar"].X != 0 || e.X != BadgeSize*r {
			t.Fatalf("ratio %d: %+v", r, idx)
		}
		// the centre of the square badge is white (the icon), its edge red, its corner transparent
		c := func(x, y int) color.RGBA { return color.RGBAModel.Convert(img.At(e.X+x, e.Y+y)).(color.RGBA) }
		mid, s := e.Width/2, e.Width
		if m := c(mid, mid); m.R < 240 || m.G < 240 {
			t.Fatalf("ratio %d: centre %v", r, m)
		}
		if m := c(mid, 3*r); m.R < 150 || m.G > 60 {
			t.Fatalf("ratio %d: badge %v", r, m)
		}
		if m := c(0, 0); m.A != 0 || c(s-1, s-1).A != 0 {
			t.Fatalf("ratio %d: corner %v", r, m)
		}
	}
	if _, _, err := Sprite([]Icon{{Name: "x", SVG: []byte("<svg/>")}}, 1); err == nil {
		t.Fatal("an icon without a path is an error")
	}
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"M2,7.5a5,5 0 1,0 10,0z", "m0 0h10v10h-10z", "M0 0C0 0 10 0 10 0S10 10 10 10", "M0 0Q0 0 1 1T2 2", "M1-2.5.5e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, d string) {
		p, err := parsePath(d, 1.5)
		if err != nil {
			return
		}
		p.coverage(0, 0, 3, 3)
		p.sdf(0, 0, 3, 3, 8, 0.25)
	})
}

func TestBadge(t *testing.T) {
	b, err := Badge(Icon{Name: "app", SVG: []byte(`<svg><path d="M4 4H11V11H4Z"/></svg>`), Fill: color.RGBA{0, 0, 200, 255}}, 192)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 192 {
		t.Fatalf("%v %v", err, img.Bounds())
	}
	if _, err := Badge(Icon{SVG: []byte(`<svg><path d="M0 0"/></svg>`)}, 4); err == nil {
		t.Fatal("size 4 is an error")
	}
}
