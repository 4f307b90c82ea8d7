package h3port_test

import (
	"fmt"

	"github.com/bando-vn/bando/h3port"
)

func ExampleLatLngToCell() {
	c, err := h3port.LatLngToCell(h3port.LatLng{Lat: 21.028, Lng: 105.852}, 9)
	if err != nil {
		panic(err)
	}
	fmt.Println(c, c.Resolution(), h3port.IsValidCell(c))
	// Output: 89415cb4e53ffff 9 true
}

func ExampleCellToBoundary() {
	c, _ := h3port.StringToH3("8928342e20fffff")
	b, _ := h3port.CellToBoundary(c)
	fmt.Printf("%d vertices, first %.6f,%.6f\n", len(b), b[0].Lat, b[0].Lng)
	// Output: 6 vertices, first 37.499739,-122.499047
}

func ExampleGridDisk() {
	c, _ := h3port.StringToH3("85283473fffffff")
	d, _ := h3port.GridDisk(c, 1)
	fmt.Println(d)
	// Output: [85283473fffffff 85283447fffffff 8528347bfffffff 85283463fffffff 85283477fffffff 8528340ffffffff 8528340bfffffff]
}

func ExampleError() {
	_, err := h3port.CellToLatLng(0)
	fmt.Println(h3port.ErrorCode(err), err)
	// Output: 5 Cell argument was not valid
}

func ExampleCellsToMultiPolygon() {
	c, _ := h3port.StringToH3("85283473fffffff")
	ring, _ := h3port.GridRing(c, 1) // a ring of 6 cells around a hole
	mp, _ := h3port.CellsToMultiPolygon(ring)
	p := mp[0]
	fmt.Printf("%d polygon(s); outer loop %d vertices, %d hole(s) of %d vertices\n",
		len(mp), len(p.GeoLoop), len(p.Holes), len(p.Holes[0]))
	// Output: 1 polygon(s); outer loop 18 vertices, 1 hole(s) of 6 vertices
}
