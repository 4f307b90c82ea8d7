package mapkit

import (
	"fmt"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The SDF parameters MapLibre's shaders expect of server glyphs: glyphs
// drawn at 24 px, a 3 px border, distances of ±8 px, the edge at 0.75.
const (
	glyphSize   = 24
	glyphBorder = 3
	sdfRadius   = 8.0
	sdfCutoff   = 0.25
	// topShift puts the baseline where MapLibre's shaping puts it (its
	// fixed offsets assume top is measured from 24 px above the baseline).
	topShift = 24
)

// Glyph is one rendered glyph: the SDF bitmap is (Width+6)×(Height+6) bytes.
type Glyph struct {
	ID            rune
	Bitmap        []byte
	Width, Height int
	Left, Top     int
	Advance       int
}

// Font is a parsed TrueType/OpenType font.
type Font struct {
	f   *sfnt.Font
	buf sfnt.Buffer
}

// ParseFont reads a TrueType or OpenType (CFF) font.
func ParseFont(b []byte) (*Font, error) {
	f, err := sfnt.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("mapkit: font: %w", err)
	}
	return &Font{f: f}, nil
}

// Range renders the glyphs of code points start..start+255 that the font
// has (start a multiple of 256), in code point order.
func (fo *Font) Range(start int) ([]Glyph, error) {
	if start < 0 || start%256 != 0 || start > 0xffff00 {
		return nil, fmt.Errorf("mapkit: range start %d", start)
	}
	var out []Glyph
	for r := rune(start); r < rune(start+256); r++ {
		g, ok, err := fo.glyph(r)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, g)
		}
	}
	return out, nil
}

func (fo *Font) glyph(r rune) (Glyph, bool, error) {
	idx, err := fo.f.GlyphIndex(&fo.buf, r)
	if err != nil || idx == 0 {
		return Glyph{}, false, nil // not in the font
	}
	ppem := fixed.I(glyphSize)
	adv, err := fo.f.GlyphAdvance(&fo.buf, idx, ppem, font.HintingNone)
	if err != nil {
		return Glyph{}, false, fmt.Errorf("mapkit: glyph %U: %w", r, err)
	}
	segs, err := fo.f.LoadGlyph(&fo.buf, idx, ppem, nil)
	if err != nil {
		return Glyph{}, false, fmt.Errorf("mapkit: glyph %U: %w", r, err)
	}
	g := Glyph{ID: r, Advance: int(math.Round(f26(adv)))}
	var p path
	for _, s := range segs {
		a := s.Args
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			p.moveTo(f26(a[0].X), f26(a[0].Y))
		case sfnt.SegmentOpLineTo:
			p.lineTo(f26(a[0].X), f26(a[0].Y))
		case sfnt.SegmentOpQuadTo:
			p.quadTo(f26(a[0].X), f26(a[0].Y), f26(a[1].X), f26(a[1].Y))
		case sfnt.SegmentOpCubeTo:
			p.cubeTo(f26(a[0].X), f26(a[0].Y), f26(a[1].X), f26(a[1].Y), f26(a[2].X), f26(a[2].Y))
		}
	}
	p.close()
	if len(p.segs) == 0 { // a space: advance only
		return g, true, nil
	}
	minX, minY, maxX, maxY := p.bounds()
	left, top := int(math.Floor(minX)), int(math.Floor(minY)) // y down: top is the highest row
	g.Width, g.Height = int(math.Ceil(maxX))-left, int(math.Ceil(maxY))-top
	g.Left, g.Top = left, -top-topShift
	g.Bitmap = p.sdf(float64(left-glyphBorder), float64(top-glyphBorder), g.Width+2*glyphBorder, g.Height+2*glyphBorder, sdfRadius, sdfCutoff)
	return g, true, nil
}

func f26(v fixed.Int26_6) float64 { return float64(v) / 64 }

// EncodeGlyphs writes one glyph range as MapLibre's glyph protobuf:
// glyphs{stacks=1: fontstack{name=1, range=2, glyphs=3: glyph{id=1,
// bitmap=2, width=3, height=4, left=5 (sint32), top=6 (sint32), advance=7}}}.
func EncodeGlyphs(stack string, start int, gs []Glyph) []byte {
	var fs []byte
	fs = pbBytes(fs, 1, []byte(stack))
	fs = pbBytes(fs, 2, []byte(fmt.Sprintf("%d-%d", start, start+255)))
	for _, g := range gs {
		var m []byte
		m = pbVarint(m, 1, uint64(g.ID))
		if len(g.Bitmap) > 0 {
			m = pbBytes(m, 2, g.Bitmap)
		}
		m = pbVarint(m, 3, uint64(g.Width))
		m = pbVarint(m, 4, uint64(g.Height))
		m = pbVarint(m, 5, zigzag(g.Left))
		m = pbVarint(m, 6, zigzag(g.Top))
		m = pbVarint(m, 7, uint64(max(g.Advance, 0)))
		fs = pbBytes(fs, 3, m)
	}
	return pbBytes(nil, 1, fs)
}

func zigzag(v int) uint64 { return uint64((int64(v) << 1) ^ (int64(v) >> 63)) }

func pbVarint(b []byte, field int, v uint64) []byte {
	b = appendUvarint(b, uint64(field<<3))
	return appendUvarint(b, v)
}

func pbBytes(b []byte, field int, v []byte) []byte {
	b = appendUvarint(b, uint64(field<<3|2))
	b = appendUvarint(b, uint64(len(v)))
	return append(b, v...)
}

func appendUvarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
