package h3port

// kahan is compensated (Kahan) summation, as H3's Adder.
type kahan struct{ sum, c float64 }

func (a *kahan) add(x float64) {
	y := x - a.c
	t := a.sum + y
	a.c = (t - a.sum) - y
	a.sum = t
}

// earthRadiusKm is a variable so that R*R rounds like C's folding of two
// doubles (Go folds constant expressions exactly).
var earthRadiusKm float64 = EarthRadiusKm

// cagnoli is the signed spherical excess contribution of edge x->y.
func cagnoli(xLat, xLng, yLat, yLng float64) float64 {
	xLat = xLat/2.0 + mPi/4.0
	yLat = yLat/2.0 + mPi/4.0
	sa := float64(fSin(xLat) * fSin(yLat))
	ca := float64(fCos(xLat) * fCos(yLat))
	d := yLng - xLng
	sd := fSin(d)
	cd := fCos(d)
	return -2.0 * fAtan2(float64(sa*sd), float64(sa*cd)+ca)
}

func loopAreaRads2(verts [][2]float64) float64 {
	var a kahan
	for i := range verts {
		j := (i + 1) % len(verts)
		a.add(cagnoli(verts[i][0], verts[i][1], verts[j][0], verts[j][1]))
	}
	if a.sum < 0.0 {
		a.add(4.0 * mPi)
	}
	return a.sum
}

// CellAreaRads2 is the exact area of a cell in steradians (cellAreaRads2).
func CellAreaRads2(h Cell) (float64, error) {
	if !IsValidCell(h) {
		return 0, ErrCellInvalid
	}
	var b boundaryRads
	if err := cellToBoundaryRads(h, &b); err != nil {
		return 0, err
	}
	return loopAreaRads2(b.verts[:b.n]), nil
}

// CellAreaKm2 is the exact area of a cell in km² (cellAreaKm2).
func CellAreaKm2(h Cell) (float64, error) {
	a, err := CellAreaRads2(h)
	if err != nil {
		return 0, err
	}
	return a * float64(earthRadiusKm*earthRadiusKm), nil
}

// CellAreaM2 is the exact area of a cell in m² (cellAreaM2).
func CellAreaM2(h Cell) (float64, error) {
	a, err := CellAreaKm2(h)
	if err != nil {
		return 0, err
	}
	return a * 1000000, nil
}
