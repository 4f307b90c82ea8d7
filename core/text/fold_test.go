package text

import (
	"reflect"
	"testing"
)

func TestFold(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Phố Huế", "pho hue"},
		{"Đường Nguyễn Trãi", "duong nguyen trai"},
		{"Q.1", "q 1"},
		{"  HỒ   CHÍ MINH!! ", "ho chi minh"},
		{"Hoà", "hoa"},
		{"Hòa", "hoa"},
		{"Pho\u0302\u0301", "pho"}, // decomposed marks
		{"Ẩm thực 36", "am thuc 36"},
		{"", ""},
		{"東京", "東京"},
	}
	for _, c := range cases {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTokens(t *testing.T) {
	got := Tokens("12 ngõ 34, Hàng Bạc")
	want := []string{"12", "ngo", "34", "hang", "bac"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tokens = %v, want %v", got, want)
	}
}

func FuzzFold(f *testing.F) {
	f.Add("Phố Huế")
	f.Add("\xff\xfe")
	f.Fuzz(func(t *testing.T, s string) {
		out := Fold(s)
		if Fold(out) != out {
			t.Fatalf("Fold not idempotent on %q: %q then %q", s, out, Fold(out))
		}
	})
}

func TestMatchSpans(t *testing.T) {
	f := FoldMapped("Phố Nguyễn Trãi, Hà Nội")
	got := f.MatchSpans([]string{"ng", "tr"})
	want := []Span{{Length: 2, Offset: 4}, {Length: 2, Offset: 11}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("MatchSpans = %v, want %v", got, want)
	}
	if f.S != Fold(f.Source) {
		t.Fatalf("FoldMapped %q differs from Fold %q", f.S, Fold(f.Source))
	}
}

func FuzzFoldMapped(f *testing.F) {
	f.Add("Phố Huế", "ph")
	f.Fuzz(func(t *testing.T, s, q string) {
		m := FoldMapped(s)
		if m.S != Fold(s) || len(m.Start) != len(m.S) {
			t.Fatalf("FoldMapped(%q) = %q, Fold = %q", s, m.S, Fold(s))
		}
		for _, sp := range m.MatchSpans(Tokens(q)) {
			if sp.Offset < 0 || sp.Length <= 0 {
				t.Fatalf("bad span %+v", sp)
			}
		}
	})
}
