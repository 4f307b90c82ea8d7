// Command mapkit writes the glyphs and sprite of the bando map style
// (js/style.mjs) from a font and Maki's SVG icons, both from npm:
//
//	mapkit --regular NotoSans_400Regular.ttf --bold NotoSans_700Bold.ttf --icons maki/icons --out DIR
//
// DIR gets glyphs/<font stack>/<start>-<end>.pbf for the code point
// ranges Vietnamese text uses, and sprite.{json,png}, sprite@2x.{json,png}
// with one badge per POI class of the basemap, and icon-192.png,
// icon-512.png for the demo's web app manifest.
package main

import (
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"

	"github.com/bando-vn/bando/bundle/basemapbuild"
	"github.com/bando-vn/bando/bundle/mapkit"
)

// Ranges holds the code points of Vietnamese names: Latin and Latin-1,
// Latin Extended-A/B (ă đ ĩ ũ ơ ư), combining marks, Latin Extended
// Additional (ạ ả … ỹ), general punctuation.
var ranges = []int{0, 256, 768, 7680, 8192}

// group colours of the POI badges.
var (
	food    = color.RGBA{0xe0, 0x7b, 0x1a, 255}
	shop    = color.RGBA{0x9c, 0x4d, 0xcc, 255}
	health  = color.RGBA{0xd3, 0x2f, 0x2f, 255}
	culture = color.RGBA{0x13, 0x8d, 0x90, 255}
	civic   = color.RGBA{0x5d, 0x6d, 0x7e, 255}
	travel  = color.RGBA{0x1a, 0x73, 0xe8, 255}
	nature  = color.RGBA{0x3a, 0x9a, 0x3a, 255}
)

// icons: POI class → colour (the class is also the Maki icon's file name).
var icons = map[string]color.RGBA{
	"restaurant": food, "cafe": food, "fast-food": food, "ice-cream": food, "bar": food, "bakery": food,
	"grocery": shop, "convenience": shop, "clothing-store": shop, "hairdresser": shop, "mobile-phone": shop,
	"shop": shop, "suitcase": shop, "scooter": shop, "bicycle": shop, "car-repair": shop, "bank": shop,
	"hospital": health, "doctor": health, "dentist": health, "pharmacy": health,
	"museum": culture, "attraction": culture, "monument": culture, "landmark": culture, "theatre": culture,
	"cinema": culture, "place-of-worship": culture, "library": culture, "zoo": culture, "information": culture,
	"school": civic, "post": civic, "police": civic, "fire-station": civic, "town-hall": civic, "toilet": civic,
	"drinking-water": civic, "lodging": travel, "fuel": travel, "parking": travel, "bus": travel,
	"rail": travel, "airport": travel, "park": nature, "fitness-centre": nature, "stadium": nature,
}

func main() {
	regular := flag.String("regular", "", "regular TrueType font")
	bold := flag.String("bold", "", "bold TrueType font")
	iconDir := flag.String("icons", "", "directory of Maki SVG icons")
	out := flag.String("out", "", "output directory")
	flag.Parse()
	if *regular == "" || *bold == "" || *iconDir == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*regular, *bold, *iconDir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mapkit:", err)
		os.Exit(1)
	}
}

func run(regular, bold, iconDir, out string) error {
	for stack, file := range map[string]string{"Noto Sans Regular": regular, "Noto Sans Bold": bold} {
		b, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		f, err := mapkit.ParseFont(b)
		if err != nil {
			return err
		}
		dir := filepath.Join(out, "glyphs", stack)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for _, start := range ranges {
			gs, err := f.Range(start)
			if err != nil {
				return err
			}
			name := filepath.Join(dir, fmt.Sprintf("%d-%d.pbf", start, start+255))
			if err := os.WriteFile(name, mapkit.EncodeGlyphs(stack, start, gs), 0o644); err != nil {
				return err
			}
		}
	}
	list, err := iconList(iconDir)
	if err != nil {
		return err
	}
	for _, r := range []int{1, 2} {
		png, js, err := mapkit.Sprite(list, r)
		if err != nil {
			return err
		}
		suffix := map[int]string{1: "", 2: "@2x"}[r]
		if err := os.WriteFile(filepath.Join(out, "sprite"+suffix+".png"), png, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, "sprite"+suffix+".json"), js, 0o644); err != nil {
			return err
		}
	}
	// the app's icons (web app manifest): a map marker on the app's blue
	marker, err := os.ReadFile(filepath.Join(iconDir, "marker.svg"))
	if err != nil {
		return err
	}
	for _, size := range []int{192, 512} {
		png, err := mapkit.Badge(mapkit.Icon{Name: "app", SVG: marker, Fill: travel}, size)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("icon-%d.png", size)), png, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// iconList: a badge for every POI class the basemap writes.
func iconList(dir string) ([]mapkit.Icon, error) {
	var list []mapkit.Icon
	for _, c := range basemapbuild.POIClasses() {
		fill, ok := icons[c]
		if !ok {
			return nil, fmt.Errorf("POI class %q has no colour", c)
		}
		svg, err := os.ReadFile(filepath.Join(dir, c+".svg"))
		if err != nil {
			return nil, err
		}
		list = append(list, mapkit.Icon{Name: c, SVG: svg, Fill: fill})
	}
	return list, nil
}
