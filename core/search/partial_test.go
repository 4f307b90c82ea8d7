package search

import (
	"reflect"
	"testing"
)

func TestWithout(t *testing.T) {
	w := []string{"a", "b", "c"}
	if got, want := without(w, 1), [][]string{{"a", "b"}, {"a", "c"}, {"b", "c"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("without 1 = %v, want %v", got, want)
	}
	if got, want := without(w, 2), [][]string{{"a"}, {"b"}, {"c"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("without 2 = %v, want %v", got, want)
	}
	long := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	if got := without(long, 1); len(got) != maxPartialRuns || got[0][len(got[0])-1] != "7" {
		t.Errorf("without on 8 words = %v", got)
	}
}
