package addr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/admin"
)

// sampleTile reads tile admin/<name> of the sample bundle (testdata/bundle).
func sampleTile(tb testing.TB, name string) []byte {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "bundle", "tiles", "admin", name+".mp"))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// fixtureGazetteer indexes the units tile of the sample bundle.
func fixtureGazetteer(tb testing.TB) *Gazetteer {
	u, err := admin.DecodeUnits(sampleTile(tb, "units"))
	if err != nil {
		tb.Fatal(err)
	}
	return NewGazetteer(u)
}

func FuzzParse(f *testing.F) {
	g := fixtureGazetteer(f)
	for _, s := range []string{"12 ngõ 34 Hàng Bạc, Hoàn Kiếm, Hà Nội", "k448 h20/2 --- ,,, q.1 tp.hcm", "số", "p", "\xff/-/", "((()))",
		strings.Repeat("phường 1 ", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := g.Parse(s)
		for _, part := range []string{a.Venue, a.HouseNumber, a.Street, a.Lead} {
			if !strings.Contains(s, part) {
				t.Fatalf("%q: part %q is not a span of the input", s, part)
			}
		}
		for _, c := range []*Component{a.Ward, a.District, a.Province} {
			if c != nil && (c.Start < 0 || c.Start+len(c.Text) > len(s) || s[c.Start:c.Start+len(c.Text)] != c.Text) {
				t.Fatalf("%q: component %+v outside the input", s, c)
			}
		}
	})
}

func TestLongInputBounded(t *testing.T) {
	g := fullGazetteer(t)
	s := strings.Repeat("phường Hàng Bạc quận Hoàn Kiếm 12/3 ", 300) + "Hà Nội"
	if len(tokenize(s)) > MaxTokens {
		t.Fatalf("tokenize keeps %d tokens", len(tokenize(s)))
	}
	a := g.Parse(s)
	if a.Province == nil {
		t.Fatalf("the province at the end of a long text is lost: %+v", a)
	}
}

func BenchmarkParse(b *testing.B) {
	g := fullGazetteer(b)
	in := []string{
		"12 ngõ 34 Hàng Bạc, Hàng Bạc, Hoàn Kiếm, Hà Nội",
		"113/34 le loi p ben thanh q1 tp hcm",
		"Nhà hàng Ngon, 18 Phan Bội Châu, Hoàn Kiếm, Hà Nội",
		"165 Cầu Giấy, Dịch Vọng, Cầu Giấy, Hà Nội",
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Parse(in[i%len(in)])
	}
}
