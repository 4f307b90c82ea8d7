package core

import (
	"fmt"
	"testing"
)

// TestDecodedCacheLRU checks that the decoded-tile cache keeps at most max
// entries and evicts the least recently used one.
func TestDecodedCacheLRU(t *testing.T) {
	c := newDecodedCache(3)
	for i := 0; i < 3; i++ {
		c.put(fmt.Sprint(i), i)
	}
	if v, ok := c.get("0"); !ok || v != 0 { // 0 becomes the most recent
		t.Fatalf("get(0) = %v, %v", v, ok)
	}
	c.put("3", 3) // evicts 1, the least recently used
	if _, ok := c.get("1"); ok {
		t.Fatal("1 should have been evicted")
	}
	for _, k := range []string{"0", "2", "3"} {
		if _, ok := c.get(k); !ok {
			t.Fatalf("%s should still be cached", k)
		}
	}
	c.put("2", 20) // replacing keeps the count
	if v, _ := c.get("2"); v != 20 || c.lru.Len() != 3 || len(c.m) != 3 {
		t.Fatalf("after replace: v=%v len=%d map=%d", v, c.lru.Len(), len(c.m))
	}
	// A hot key survives any number of other keys passing through.
	for i := 100; i < 1000; i++ {
		c.get("0")
		c.put(fmt.Sprint(i), i)
		if c.lru.Len() > 3 || len(c.m) != c.lru.Len() {
			t.Fatalf("size %d / map %d exceeds the bound", c.lru.Len(), len(c.m))
		}
	}
	if _, ok := c.get("0"); !ok {
		t.Fatal("the hot key was evicted")
	}
}
