package h3port

import (
	"math/rand"
	"testing"
)

func TestRoundDiv7(t *testing.T) {
	check := func(n int) {
		if got, want := roundDiv7(n), lround(float64(n)*mOneSeventh); got != want {
			t.Fatalf("roundDiv7(%d) = %d, lround = %d", n, got, want)
		}
	}
	for n := -3000000; n <= 3000000; n++ {
		check(n)
	}
	r := rand.New(rand.NewSource(testSeed(t)))
	for i := 0; i < 3000000; i++ {
		check(int(r.Int63n(1<<41)) - 1<<40 + 1)
		check(int(r.Int63n(1<<34)) - 1<<33)
	}
}
