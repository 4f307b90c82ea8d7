package addr

import "strings"

// allUnits returns every unit of g, in index order.
func allUnits(g *Gazetteer) []Unit {
	out := make([]Unit, g.Len())
	for i := range out {
		out[i] = g.Unit(int32(i))
	}
	return out
}

// altsOf returns u's other spellings.
func altsOf(u Unit) []string {
	if u.alt == "" {
		return nil
	}
	return strings.Split(u.alt, "\n")
}
