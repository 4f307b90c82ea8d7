package tile

import (
	"crypto/sha256"
	"encoding/hex"
)

func entryOf(b []byte) TileEntry {
	sum := sha256.Sum256(b)
	return TileEntry{Size: len(b), SHA256: hex.EncodeToString(sum[:])}
}
