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
	for _, c := range []struct {
		desc, typed string
		want        []Span
	}{
		{"Phố Nguyễn Trãi, Hà Nội", "ng tr", []Span{{2, 4}, {2, 11}}},                           // prefixes
		{"Bệnh viện Bạch Mai, Hà Nội", "bv bach mai", []Span{{4, 0}, {4, 5}, {4, 10}, {3, 15}}}, // a short form: both words
		{"Nguyễn Trãi, Thanh Xuân", "nguyeenx traix", []Span{{6, 0}, {4, 7}}},                   // Telex
		{"Nguyễn Trãi, Thanh Xuân", "nguyne trai", []Span{{6, 0}, {4, 7}}},                      // a typo: the whole word
		{"Đường Kinh Dương Vương", "kinh duong vuo", []Span{{4, 6}, {5, 11}, {3, 17}}},
		{"Quận 1, Thành phố Hồ Chí Minh", "Q.1", []Span{{4, 0}, {1, 5}}}, // "q1" is quận 1
		{"𝔸 Phở", "pho", []Span{{3, 3}}},                                 // UTF-16: the astral letter counts 2
		{"Hà Nội", "xyz", []Span{}},
	} {
		f := FoldMapped(c.desc)
		q := Analyze(c.typed)
		if got := f.MatchSpans(&q); !reflect.DeepEqual(got, c.want) {
			t.Errorf("MatchSpans(%q, %q) = %v, want %v", c.desc, c.typed, got, c.want)
		}
		if f.S != Fold(f.Source) {
			t.Fatalf("FoldMapped %q differs from Fold %q", f.S, Fold(f.Source))
		}
	}
}

func FuzzFoldMapped(f *testing.F) {
	f.Add("Phố Huế", "ph")
	f.Fuzz(func(t *testing.T, s, q string) {
		m := FoldMapped(s)
		if m.S != Fold(s) || len(m.Start) != len(m.S) {
			t.Fatalf("FoldMapped(%q) = %q, Fold = %q", s, m.S, Fold(s))
		}
		aq := Analyze(q)
		for _, sp := range m.MatchSpans(&aq) {
			if sp.Offset < 0 || sp.Length <= 0 {
				t.Fatalf("bad span %+v", sp)
			}
		}
	})
}
