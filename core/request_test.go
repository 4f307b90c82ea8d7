package core

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// FuzzParseQuery is the differential test of the query parser against
// url.ParseQuery: without ";" they agree on what is an error and, when
// neither fails, on every value; ";" is an ordinary character.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"text=pho%20hue&size=3", "a=1&a=2&b", "x=%zz", "%zz=1", "a+b=c+d", "destination=1,2;3,4", "&&=&", "k=%e1%bb%9f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := parseQuery(raw)
		if strings.Contains(raw, ";") {
			if err == nil && got == nil {
				t.Fatal("nil values")
			}
			return
		}
		want, werr := url.ParseQuery(raw)
		if (err == nil) != (werr == nil) {
			t.Fatalf("%q: error %v, url.ParseQuery %v", raw, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %v, url.ParseQuery %v", raw, got, want)
		}
	})
}
