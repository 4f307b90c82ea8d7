package h3port

// Error is an H3 error code, mirroring the C library's H3Error values
// (E_FAILED = 1 ... E_DELETED_DIGIT = 19). The zero value means success and is
// never returned as an error by this package.
type Error uint32

// H3 error codes, with the same numeric values as the C library.
const (
	ErrFailed           Error = 1  // E_FAILED
	ErrDomain           Error = 2  // E_DOMAIN
	ErrLatLngDomain     Error = 3  // E_LATLNG_DOMAIN
	ErrResDomain        Error = 4  // E_RES_DOMAIN
	ErrCellInvalid      Error = 5  // E_CELL_INVALID
	ErrDirEdgeInvalid   Error = 6  // E_DIR_EDGE_INVALID
	ErrUndirEdgeInvalid Error = 7  // E_UNDIR_EDGE_INVALID
	ErrVertexInvalid    Error = 8  // E_VERTEX_INVALID
	ErrPentagon         Error = 9  // E_PENTAGON
	ErrDuplicateInput   Error = 10 // E_DUPLICATE_INPUT
	ErrNotNeighbors     Error = 11 // E_NOT_NEIGHBORS
	ErrResMismatch      Error = 12 // E_RES_MISMATCH
	ErrMemoryAlloc      Error = 13 // E_MEMORY_ALLOC
	ErrMemoryBounds     Error = 14 // E_MEMORY_BOUNDS
	ErrOptionInvalid    Error = 15 // E_OPTION_INVALID
	ErrIndexInvalid     Error = 16 // E_INDEX_INVALID
	ErrBaseCellDomain   Error = 17 // E_BASE_CELL_DOMAIN
	ErrDigitDomain      Error = 18 // E_DIGIT_DOMAIN
	ErrDeletedDigit     Error = 19 // E_DELETED_DIGIT
)

// errorDescriptions are describeH3Error's texts, indexed by code.
var errorDescriptions = [...]string{
	"Success",
	"The operation failed but a more specific error is not available",
	"Argument was outside of acceptable range",
	"Latitude or longitude arguments were outside of acceptable range",
	"Resolution argument was outside of acceptable range",
	"Cell argument was not valid",
	"Directed edge argument was not valid",
	"Undirected edge argument was not valid",
	"Vertex argument was not valid",
	"Pentagon distortion was encountered",
	"Duplicate input",
	"Cell arguments were not neighbors",
	"Cell arguments had incompatible resolutions",
	"Memory allocation failed",
	"Bounds of provided memory were insufficient",
	"Mode or flags argument was not valid",
	"Index argument was not valid",
	"Base cell number was outside of acceptable range",
	"Child digits invalid",
	"Deleted subsequence indicates invalid index",
}

// DescribeH3Error returns the C library's description of an error code
// ("Invalid error code" for unknown codes).
func DescribeH3Error(code uint32) string {
	if code < uint32(len(errorDescriptions)) {
		return errorDescriptions[code]
	}
	return "Invalid error code"
}

// Error implements the error interface with describeH3Error's text.
func (e Error) Error() string { return DescribeH3Error(uint32(e)) }

// Code returns the numeric H3Error value.
func (e Error) Code() uint32 { return uint32(e) }

// ErrorCode extracts the H3 error code from err: 0 for nil, the code for an
// Error, and ErrFailed's code for any other error.
func ErrorCode(err error) uint32 {
	if err == nil {
		return 0
	}
	if e, ok := err.(Error); ok {
		return uint32(e)
	}
	return uint32(ErrFailed)
}
