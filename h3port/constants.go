package h3port

// Numeric constants, spelled exactly as in H3's constants.h so that each is
// rounded to the same float64 as in C. Use each one alone in an expression
// (Go folds constant sub-expressions exactly, C rounds at every step).
const (
	mPi              = 3.14159265358979323846
	mPi2             = 1.5707963267948966
	m2Pi             = 6.28318530717958647692528676655900576839433
	mPi180           = 0.0174532925199432957692369076848861271111
	m180Pi           = 57.29577951308232087679815481410517033240547
	epsilon          = 0.0000000000000001
	mSqrt3_2         = 0.8660254037844386467637231707529361834714
	mSin60           = mSqrt3_2
	mRSin60          = 1.1547005383792515290182975610039149112953
	mOneThird        = 0.333333333333333333333333333333333333333
	mOneSeventh      = 0.14285714285714285714285714285714285
	mAp7RotRads      = 0.333473172251832115336090755351601070065900389
	mSinAp7Rot       = 0.3273268353539885718950318
	mCosAp7Rot       = 0.9449111825230680680167902
	mSqrt7           = 2.6457513110645905905016157536392604257102
	mRSqrt7          = 0.37796447300922722721451653623418006081576
	res0UGnomonic    = 0.38196601125010500003
	invRes0UGnomonic = 2.61803398874989588842
	fltEpsilon       = 1.1920928955078125e-07 // FLT_EPSILON

	// EarthRadiusKm is the authalic radius of the Earth used by H3.
	EarthRadiusKm = 6371.007180918475

	// MaxResolution is the finest H3 resolution.
	MaxResolution = 15

	numIcosaFaces = 20
	numBaseCells  = 122
	numHexVerts   = 6
	numPentVerts  = 5
	numPentagons  = 12

	// maxCellBoundaryVerts is the most vertices a cell boundary can have.
	maxCellBoundaryVerts = 10

	epsilonDeg = .000000001
	epsilonRad = epsilonDeg * mPi180 // folded once, as in C's EPSILON_RAD macro use
)
