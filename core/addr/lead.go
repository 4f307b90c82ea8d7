package addr

import (
	"strings"

	"github.com/bando-vn/bando/core/text"
)

// Words (folded) that shape the part of an address before its administrative units.
var (
	streetWords = set("duong", "dg", "d", "pho", "dai lo", "dl")
	alleyWords  = set("ngo", "ngach", "hem", "kiet", "hxh")
	houseWords  = set("so", "lo")
	// words before "số N" or "lô N" that make it part of a name ("cơ sở 2", "phổ thông số 1",
	// "khu phố số 3", "quốc lộ 22", "tỉnh lộ 10", "hương lộ 2", "đại lộ 2")
	soBlockers = set("co", "thong", "bo", "cu", "pho", "duong", "dg", "khu", "to", "ap", "thon", "xom", "doi", "cum", "truong",
		"quoc", "tinh", "huong", "lien", "dai")
	venueWords = set("cafe", "coffee", "ca phe", "cf", "nha hang", "khach san", "hotel", "truong", "cong vien", "cho",
		"benh vien", "bv", "ngan hang", "trung tam", "cong ty", "cty", "cua hang", "shop", "buu dien", "nha tho", "chua",
		"den", "ben xe", "san bong", "san van dong", "cau lac bo", "clb", "ho boi", "van phong", "vp", "chung cu", "cc",
		"can ho", "toa nha", "sieu thi", "tttm", "massage", "spa", "karaoke", "quan", "cong an", "uy ban", "ubnd",
		"nha van hoa", "dai hoc", "dh", "thpt", "thcs", "mam non", "showroom", "nha nghi", "homestay", "resort", "bar",
		"pub", "tiem", "salon", "garage", "gara", "benh xa", "phong kham", "nha thuoc", "hieu thuoc", "kho", "xuong",
		"nha may", "cang", "ga", "san bay", "bao tang", "rap", "nha sach", "dai ly", "hotpot", "restaurant")
	areaWords = set("khu", "to", "ap", "thon", "xom", "cum", "kdc", "kcn", "kp", "khom", "ban", "lang", "bon", "buon")
	// area words that name an area without a number after them ("khu đô thị Linh Đàm")
	namedAreaWords = set("khu", "kdc", "kcn", "kp")
)

// areaAt returns the length of an area designator starting at T[k] ("tổ 5", "ấp 3", "khu
// phố 2", "KDC Him Lam"), 0 if none: an area word other than "khu" and its short forms must
// be followed by a number, so that street names made of such words stay whole ("Láng Hạ",
// "Bản Cờ").
func areaAt(T []token, k int) int {
	if k > 0 && T[k-1].f == "noi" { // "Đường Nội Khu Mỹ Văn 2": "nội khu" is part of a name
		return 0
	}
	n := phraseAt(areaWords, T, k)
	if n == 0 || namedAreaWords[T[k].f] || k+n < len(T) && numberish(T[k+n].f) {
		return n
	}
	return 0
}

// venueAt returns the length of a venue word starting at T[k], 0 if none. Folded, "truong"
// is "trường" (school) but also the name "Trương" ("Trương Định"): written with marks other
// than those of "trường", or after a word, it is a name.
func venueAt(T []token, k int) int {
	n := phraseAt(venueWords, T, k)
	if n != 1 {
		return n
	}
	if form, ok := markedVenueWords[T[k].f]; ok && writtenWithMarks(T, k) && toneKey(T[k].raw) != form {
		return 0 // "Trương Định", "Quan Nhân": not "trường", "quán"
	}
	if T[k].f == "truong" && k > 0 && !numberish(T[k-1].f) {
		return 0 // a school starts a segment or follows a house number, never a name ("Nguyễn Trường Tộ")
	}
	return n
}

// markedVenueWords are the one-word venue words that carry marks, as written with them: a
// word folding to one of them but written with other marks (or none, in text written with
// marks) is another word.
var markedVenueWords = map[string]string{"truong": "trường", "quan": "quán", "cho": "chợ", "chua": "chùa", "den": "đền",
	"rap": "rạp", "tiem": "tiệm", "xuong": "xưởng", "cang": "cảng"}

// writtenWithMarks: the word at k or a neighbour carries Vietnamese marks (the writer uses them).
func writtenWithMarks(T []token, k int) bool {
	for i := max(0, k-1); i <= k+1 && i < len(T); i++ {
		if hasMarks(T[i].raw) {
			return true
		}
	}
	return false
}

// venueIn reports a venue word at T[k] that starts a name (not the last word: "Lạc Long
// Quân") and is not the first word of a street's name right after its street word ("Phố
// Chùa Bộc", "Phố Nhà Thờ").
func venueIn(T []token, k int) bool {
	n := venueAt(T, k)
	return n > 0 && k+n < len(T) && !(k == 1 && streetWords[T[0].f])
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// numberish reports words shaped like house numbers: "12", "12a", "12-14", "113/34", "18bis",
// "a12-a13", "p1-23", "125/": digits with at most two letters before them.
func numberish(f string) bool {
	i := 0
	for i < len(f) && i < 3 && f[i] >= 'a' && f[i] <= 'z' {
		i++
	}
	if i == len(f) || f[i] < '0' || f[i] > '9' || i > 2 {
		return false
	}
	for ; i < len(f); i++ {
		c := f[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == '/' || c == '-') {
			return false
		}
	}
	return true
}

// alleyCode: "k448", "h20/2" (kiệt, hẻm written short).
func alleyCode(f string) bool {
	return len(f) >= 2 && (f[0] == 'k' || f[0] == 'h') && f[1] >= '0' && f[1] <= '9' && numberish(f)
}

// phraseAt reports whether a word of m starts at T[k] (one to three words); it returns its length.
func phraseAt(m map[string]bool, T []token, k int) int {
	if k+2 < len(T) && m[T[k].f+" "+T[k+1].f+" "+T[k+2].f] {
		return 3
	}
	if k+1 < len(T) && m[T[k].f+" "+T[k+1].f] {
		return 2
	}
	if k < len(T) && m[T[k].f] {
		return 1
	}
	return 0
}

// element is one part of a house-number run.
type element struct {
	k, n  int // tokens T[k:k+n]
	house bool
}

// houseElement reads a house-number element at T[k] (the run so far has `inRun` elements).
func houseElement(T []token, k int, inRun bool) (element, bool) {
	f := T[k].f
	next := k+1 < len(T) && numberish(T[k+1].f)
	switch {
	case alleyWords[f] && next:
		return element{k, 2, false}, true
	case alleyCode(f):
		return element{k, 1, false}, true
	case houseWords[f] && next && (k == 0 || !soBlockers[T[k-1].f]):
		return element{k, 2, true}, true
	case numberish(f) && (k == 0 || inRun):
		return element{k, 1, true}, true
	}
	return element{}, false
}

// houseRun finds the last house-number run of a segment followed by a street word or ending it.
func houseRun(T []token) (run []element, ok bool) {
	var cur []element
	best := []element(nil)
	flush := func() {
		if len(cur) == 0 {
			return
		}
		end := cur[len(cur)-1].k + cur[len(cur)-1].n
		if end == len(T) || venueAt(T, end) == 0 && areaAt(T, end) == 0 {
			best = cur
		}
		cur = nil
	}
	for k := 0; k < len(T); {
		e, ok := houseElement(T, k, len(cur) > 0)
		if !ok {
			flush()
			k++
			continue
		}
		if e.house && hasHouse(cur) {
			flush()
		}
		cur = append(cur, e)
		k += e.n
	}
	flush()
	return best, best != nil
}

func hasHouse(run []element) bool {
	for _, e := range run {
		if e.house {
			return true
		}
	}
	return false
}

// segments groups the free tokens by comma-separated segment.
func segments(toks []token, skip []bool) [][]token {
	var out [][]token
	for i, t := range toks {
		if skip[i] {
			continue
		}
		if len(out) == 0 || out[len(out)-1][0].seg != t.seg {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], t)
	}
	return out
}

// parseLead finds venue, house number and street among the words before the administrative part.
func parseLead(s string, toks []token, skip []bool, a *Address) {
	segs := segments(toks, skip)
	raw := func(T []token) string {
		if len(T) == 0 {
			return ""
		}
		return s[T[0].start:T[len(T)-1].end]
	}
	for si, T := range segs {
		run, ok := houseRun(T)
		if !ok {
			continue
		}
		first, last := run[0], run[len(run)-1]
		end := last.k + last.n
		a.HouseNumber = raw(T[first.k:end])
		var alley []string
		for _, e := range run {
			if e.house {
				a.Number = s[T[e.k+e.n-1].start:T[e.k+e.n-1].end]
			} else {
				alley = append(alley, raw(T[e.k:e.k+e.n]))
			}
		}
		a.Alley = strings.Join(alley, " ")
		if first.k > 0 {
			a.Venue = raw(T[:first.k])
		} else if si > 0 && isVenue(segs[0]) {
			a.Venue = raw(segs[0])
		}
		street := streetOf(T[end:])
		if end == len(T) && si+1 < len(segs) && !isVenue(segs[si+1]) {
			street = streetOf(segs[si+1])
		}
		if len(street) == 0 && end == len(T) && first.k == 0 {
			a.HouseNumber, a.Number, a.Alley, a.Venue = "", "", "", "" // a lone number between commas is not a house number
			continue
		}
		a.Street = raw(street)
		return
	}
	pick := -1
	for si, T := range segs {
		if phraseAt(streetWords, T, 0) > 0 && len(T) > 1 {
			pick = si
			break
		}
	}
	if pick < 0 {
		for si := len(segs) - 1; si >= 0; si-- {
			if !isVenue(segs[si]) && !text.AllDigits(segs[si][0].f) && phraseAt(areaWords, segs[si], 0) == 0 {
				pick = si
				break
			}
		}
	}
	if pick >= 0 {
		a.Street = raw(streetOf(segs[pick]))
		return
	}
	for si, T := range segs { // "khu phố 9 Nguyễn Văn Linh", "trường THPT số 1 Nguyễn Văn Linh"
		if k := lastNumber(T); k >= 0 && (isVenue(T[:k]) || phraseAt(areaWords, T, 0) > 0) && lastNumber(T[k:]) < 0 && !numberish(T[len(T)-1].f) {
			a.Venue = raw(T[:k+1])
			a.Street = raw(streetOf(T[k+1:]))
			if si > 0 && a.Venue == "" {
				a.Venue = raw(segs[0])
			}
			return
		}
	}
	for si, T := range segs {
		if si != pick && isVenue(T) {
			a.Venue = raw(T)
			break
		}
	}
}

// lastNumber returns the index of the last number of T followed by a word, or -1.
func lastNumber(T []token) int {
	for k := len(T) - 2; k > 0; k-- {
		if numberish(T[k].f) && !numberish(T[k+1].f) {
			return k
		}
	}
	return -1
}

// isVenue reports a segment that names a place rather than a street.
func isVenue(T []token) bool {
	for k := range T {
		if venueAt(T, k) > 0 {
			return true
		}
	}
	return false
}

// streetOf returns the street words of T: up to a venue or area word, without a leading
// "đường" unless the name is a number ("đường số 5", "đường 152").
func streetOf(T []token) []token {
	for k := range T {
		if k > 0 && (venueIn(T, k) || areaAt(T, k) > 0) {
			T = T[:k]
			break
		}
	}
	for len(T) > 1 && (T[0].f == "duong" || T[0].f == "dg" || T[0].f == "d") && T[1].f != "so" && !numberish(T[1].f) {
		T = T[1:]
	}
	if len(T) == 1 && text.AllDigits(T[0].f) {
		return nil
	}
	return T
}
