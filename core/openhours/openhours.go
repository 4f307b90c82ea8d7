package openhours

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Period is one opening: Period[0] opens and Period[1] closes, each [day, hour, minute] with day
// 0 = Sunday … 6 = Saturday. A period past midnight closes on the next day ("Mo 18:00-02:00" is
// [[1,18,0],[2,2,0]]); a whole day closes at 0:00 of the next ("24/7" is seven such periods).
type Period [2][3]int

// ErrUnparsable: the value uses something this parser does not read (months, dates, weeks,
// sunrise, open ends "10:00+", a lone time, …). Such values are answered as null.
var ErrUnparsable = errors.New("openhours: unparsable")

// MaxLen bounds the input; longer values are unparsable.
const MaxLen = 1024

const dayMinutes = 24 * 60

// weekdays in OSM order Mo..Su mapped to Google's day numbers (Su = 0).
var weekdayNames = map[string]int{
	"mo": 1, "tu": 2, "we": 3, "th": 4, "fr": 5, "sa": 6, "su": 0,
	"mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6, "sun": 0,
	"monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 0,
}

// osmIndex turns a Google day (Su = 0) into its position in the OSM week (Mo = 0 … Su = 6).
func osmIndex(d int) int { return (d + 6) % 7 }

// interval is an opening within a day in minutes from its midnight; end may pass 24:00.
type interval struct{ start, end int }

// Parse reads an opening_hours value. Rules are separated by ";" (and "||", read as ";");
// a later rule replaces the earlier ones for the days it names (OSM semantics); "off" and
// "closed" close them; rules for public or school holidays (PH, SH) are skipped: the raw
// value keeps them. Errors wrap ErrUnparsable.
func Parse(s string) ([]Period, error) {
	if len(s) > MaxLen {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrUnparsable, MaxLen)
	}
	week := [7][]interval{}
	rules := splitRules(s)
	if len(rules) == 0 {
		return nil, fmt.Errorf("%w: empty", ErrUnparsable)
	}
	for _, r := range rules {
		if err := applyRule(&week, r); err != nil {
			return nil, err
		}
	}
	return periods(&week), nil
}

// splitRules splits on ';' and '||', and on ',' where a weekday selector follows a time
// ("Mo-Fr 08:00-12:00, Sa 09:00-11:00").
func splitRules(s string) []string {
	s = strings.ReplaceAll(s, "||", ";")
	var out []string
	for _, part := range strings.Split(s, ";") {
		fields := strings.Split(part, ",")
		cur := fields[0]
		for _, f := range fields[1:] {
			t := strings.TrimSpace(f)
			if len(t) > 0 && isLetter(t[0]) && strings.ContainsAny(cur, ":") && !isWeekdayList(cur) {
				out = append(out, cur)
				cur = f
				continue
			}
			cur += "," + f
		}
		if strings.TrimSpace(cur) != "" {
			out = append(out, cur)
		}
	}
	return out
}

// isWeekdayList reports a rule so far made only of weekday words ("Sa" in "Sa, Su 07:00-…").
func isWeekdayList(s string) bool {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '-' || r == ' ' }) {
		if _, ok := weekdayNames[strings.ToLower(f)]; !ok {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// applyRule applies one rule to the week.
func applyRule(week *[7][]interval, rule string) error {
	r := strings.TrimSpace(rule)
	if r == "" {
		return nil
	}
	lower := strings.ToLower(r)
	if lower == "24/7" {
		for d := range week {
			week[d] = []interval{{0, dayMinutes}}
		}
		return nil
	}
	if strings.HasPrefix(lower, "ph") || strings.HasPrefix(lower, "sh") {
		return nil // holiday rules: kept raw in opening_hours_v2
	}
	days, rest, err := daySelector(r)
	if err != nil {
		return err
	}
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(rest) {
	case "off", "closed":
		for _, d := range days {
			week[d] = nil
		}
		return nil
	case "24/7", "00:00-24:00":
		rest = "00:00-24:00"
	}
	ivs, err := timeSpans(rest)
	if err != nil {
		return err
	}
	for _, d := range days {
		week[d] = append([]interval(nil), ivs...)
	}
	return nil
}

// daySelector reads leading weekdays ("Mo-Fr", "Sa,Su", "Fr-Mo"); without one every day is selected.
func daySelector(r string) (days []int, rest string, err error) {
	i := 0
	for i < len(r) && (isLetter(r[i]) || r[i] == ',' || r[i] == '-' || r[i] == ' ') {
		i++
	}
	sel := strings.TrimSpace(r[:i])
	if sel == "" {
		return []int{0, 1, 2, 3, 4, 5, 6}, r, nil
	}
	if strings.EqualFold(sel, "off") || strings.EqualFold(sel, "closed") {
		return []int{0, 1, 2, 3, 4, 5, 6}, sel, nil
	}
	// a selector followed by "off"/"closed"
	words := strings.Fields(sel)
	if n := len(words); n > 1 {
		last := strings.ToLower(words[n-1])
		if last == "off" || last == "closed" {
			sel = strings.Join(words[:n-1], " ")
			r = sel + " " + last + r[i:]
			i = len(sel)
		}
	}
	seen := [7]bool{}
	for _, part := range strings.Split(sel, ",") {
		part = strings.TrimSpace(part)
		a, b, isRange := strings.Cut(part, "-")
		from, ok1 := weekdayNames[strings.ToLower(strings.TrimSpace(a))]
		to := from
		ok2 := true
		if isRange {
			to, ok2 = weekdayNames[strings.ToLower(strings.TrimSpace(b))]
		}
		if !ok1 || !ok2 {
			return nil, "", fmt.Errorf("%w: selector %q", ErrUnparsable, part)
		}
		for k := osmIndex(from); ; k = (k + 1) % 7 {
			seen[(k+1)%7] = true
			if k == osmIndex(to) {
				break
			}
		}
	}
	for d, ok := range seen {
		if ok {
			days = append(days, d)
		}
	}
	return days, r[i:], nil
}

// timeSpans reads "08:00-12:00,13:00-17:00" (spaces allowed, hours of one or two digits).
func timeSpans(s string) ([]interval, error) {
	var out []interval
	for _, part := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(part, "-")
		if !ok {
			return nil, fmt.Errorf("%w: time span %q", ErrUnparsable, strings.TrimSpace(part))
		}
		start, err := clock(a, false)
		if err != nil {
			return nil, err
		}
		end, err := clock(b, true)
		if err != nil {
			return nil, err
		}
		if end <= start {
			end += dayMinutes // past midnight
		}
		out = append(out, interval{start, end})
	}
	return out, nil
}

// clock reads "H:MM" or "HH:MM"; a closing time may go to 48:00 (OSM's extended hours).
func clock(s string, closing bool) (int, error) {
	s = strings.TrimSpace(s)
	h, m, ok := strings.Cut(s, ":")
	if !ok || len(h) < 1 || len(h) > 2 || len(m) != 2 {
		return 0, fmt.Errorf("%w: time %q", ErrUnparsable, s)
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	max := 24
	if closing {
		max = 48
	}
	if err1 != nil || err2 != nil || hh < 0 || mm < 0 || mm > 59 || hh > max || hh == max && mm > 0 || !closing && hh == 24 {
		return 0, fmt.Errorf("%w: time %q", ErrUnparsable, s)
	}
	return hh*60 + mm, nil
}

// periods lists the week's intervals as periods, Sunday first, by opening time.
func periods(week *[7][]interval) []Period {
	out := []Period{}
	for d := 0; d < 7; d++ {
		ivs := append([]interval(nil), week[d]...)
		sort.Slice(ivs, func(i, j int) bool { return ivs[i].start < ivs[j].start })
		for _, iv := range ivs {
			out = append(out, Period{at(d, iv.start), at(d, iv.end)})
		}
	}
	return out
}

func at(day, minutes int) [3]int {
	return [3]int{(day + minutes/dayMinutes) % 7, minutes % dayMinutes / 60, minutes % 60}
}

// Flatten writes periods as /nearby's string: every number of every triple, comma-separated
// ("1,8,0,1,17,0,2,8,0,…"); "" for no periods.
func Flatten(ps []Period) string {
	var b strings.Builder
	for i, p := range ps {
		for j, t := range p {
			for k, v := range t {
				if i+j+k > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Itoa(v))
			}
		}
	}
	return b.String()
}
