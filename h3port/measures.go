package h3port

// Average hexagon areas and edge lengths per resolution (latLng.c).
var (
	hexAreaAvgKm2 = [16]float64{
		4.357449416078383e+06, 6.097884417941332e+05, 8.680178039899720e+04,
		1.239343465508816e+04, 1.770347654491307e+03, 2.529038581819449e+02,
		3.612906216441245e+01, 5.161293359717191e+00, 7.373275975944177e-01,
		1.053325134272067e-01, 1.504750190766435e-02, 2.149643129451879e-03,
		3.070918756316060e-04, 4.387026794728296e-05, 6.267181135324313e-06,
		8.953115907605790e-07}
	hexAreaAvgM2 = [16]float64{
		4.357449416078390e+12, 6.097884417941339e+11, 8.680178039899731e+10,
		1.239343465508818e+10, 1.770347654491309e+09, 2.529038581819452e+08,
		3.612906216441250e+07, 5.161293359717198e+06, 7.373275975944188e+05,
		1.053325134272069e+05, 1.504750190766437e+04, 2.149643129451882e+03,
		3.070918756316063e+02, 4.387026794728301e+01, 6.267181135324322e+00,
		8.953115907605802e-01}
	edgeLenAvgKm = [16]float64{
		1281.256011, 483.0568391, 182.5129565, 68.97922179,
		26.07175968, 9.854090990, 3.724532667, 1.406475763,
		0.531414010, 0.200786148, 0.075863783, 0.028663897,
		0.010830188, 0.004092010, 0.001546100, 0.000584169}
	edgeLenAvgM = [16]float64{
		1281256.011, 483056.8391, 182512.9565, 68979.22179,
		26071.75968, 9854.090990, 3724.532667, 1406.475763,
		531.4140101, 200.7861476, 75.86378287, 28.66389748,
		10.83018784, 4.092010473, 1.546099657, 0.584168630}
)

func perRes(t *[16]float64, res int) (float64, error) {
	if res < 0 || res > MaxResolution {
		return 0, ErrResDomain
	}
	return t[res], nil
}

// GetHexagonAreaAvgKm2 is the average hexagon area at res in km²
// (getHexagonAreaAvgKm2).
func GetHexagonAreaAvgKm2(res int) (float64, error) { return perRes(&hexAreaAvgKm2, res) }

// GetHexagonAreaAvgM2 is the average hexagon area at res in m²
// (getHexagonAreaAvgM2).
func GetHexagonAreaAvgM2(res int) (float64, error) { return perRes(&hexAreaAvgM2, res) }

// GetHexagonEdgeLengthAvgKm is the average hexagon edge length at res in km
// (getHexagonEdgeLengthAvgKm).
func GetHexagonEdgeLengthAvgKm(res int) (float64, error) { return perRes(&edgeLenAvgKm, res) }

// GetHexagonEdgeLengthAvgM is the average hexagon edge length at res in m
// (getHexagonEdgeLengthAvgM).
func GetHexagonEdgeLengthAvgM(res int) (float64, error) { return perRes(&edgeLenAvgM, res) }
