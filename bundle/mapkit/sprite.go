package mapkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"sort"
	"strings"
)

// Icon is one sprite image: an SVG icon (15×15 view box, as Maki's) drawn
// white on a round badge of colour Fill.
type Icon struct {
	Name string
	SVG  []byte
	Fill color.RGBA
}

// BadgeSize is an icon's size in CSS pixels (the sprite's pixel ratio scales it).
const BadgeSize = 19

var pathD = regexp.MustCompile(`<path[^>]*\sd="([^"]*)"`)

// svgPaths returns the d attributes of an SVG document's <path> elements.
func svgPaths(svg []byte) ([]string, error) {
	var ds []string
	for _, m := range pathD.FindAllSubmatch(svg, -1) {
		d := string(m[1])
		for _, e := range []string{"&#xA;", "&#x9;", "&#10;", "&#9;"} {
			d = strings.ReplaceAll(d, e, " ")
		}
		ds = append(ds, d)
	}
	if len(ds) == 0 {
		return nil, fmt.Errorf("mapkit: svg: no <path d=…>")
	}
	return ds, nil
}

// SpriteEntry is one image of a sprite index (MapLibre's sprite JSON).
type SpriteEntry struct {
	X          int `json:"x"`
	Y          int `json:"y"`
	Width      int `json:"width"`
	Height     int `json:"height"`
	PixelRatio int `json:"pixelRatio"`
}

// Sprite draws the icons at pixel ratio ratio (1 or 2) into one PNG, in
// rows, sorted by name, and returns it with its JSON index.
func Sprite(icons []Icon, ratio int) (pngBytes, index []byte, err error) {
	if ratio < 1 || ratio > 4 {
		return nil, nil, fmt.Errorf("mapkit: pixel ratio %d", ratio)
	}
	icons = append([]Icon(nil), icons...)
	sort.Slice(icons, func(i, j int) bool { return icons[i].Name < icons[j].Name })
	size := BadgeSize * ratio
	perRow := 16
	rows := (len(icons) + perRow - 1) / perRow
	img := image.NewRGBA(image.Rect(0, 0, perRow*size, max(rows, 1)*size))
	idx := map[string]SpriteEntry{}
	for i, ic := range icons {
		x, y := i%perRow*size, i/perRow*size
		if err := drawBadge(img, x, y, size, ic); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", ic.Name, err)
		}
		idx[ic.Name] = SpriteEntry{x, y, size, size, ratio}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, nil, err
	}
	js, err := json.Marshal(idx)
	return buf.Bytes(), js, err
}

// drawBadge: a disc of the icon's colour with a white rim, the icon white on it.
func drawBadge(img *image.RGBA, ox, oy, size int, ic Icon) error {
	ds, err := svgPaths(ic.SVG)
	if err != nil {
		return err
	}
	s := float64(size)
	inner := s * 0.62 // the icon's box within the badge
	var glyph path
	for _, d := range ds {
		p, err := parsePath(d, inner/15)
		if err != nil {
			return err
		}
		glyph.segs = append(glyph.segs, p.segs...)
	}
	off := (s - inner) / 2
	cov := glyph.coverage(-off, -off, size, size)
	r := s/2 - 0.5
	for j := 0; j < size; j++ {
		for i := 0; i < size; i++ {
			// disc coverage: 1 inside radius r, fading over a pixel
			d := math.Hypot(float64(i)+0.5-s/2, float64(j)+0.5-s/2)
			disc := min(1, max(0, r-d+0.5))
			rim := min(1, max(0, d-(r-float64(size)/BadgeSize)+0.5)) // a 1 CSS px white rim
			c := mix(ic.Fill, color.RGBA{255, 255, 255, 255}, max(rim, cov[j*size+i]))
			a := disc
			img.SetRGBA(ox+i, oy+j, color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)})
		}
	}
	return nil
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

// Badge draws one icon alone as a size×size PNG (an app icon).
func Badge(ic Icon, size int) ([]byte, error) {
	if size < 8 || size > 1024 {
		return nil, fmt.Errorf("mapkit: badge size %d", size)
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	if err := drawBadge(img, 0, 0, size, ic); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}
