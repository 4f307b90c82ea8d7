package core

import (
	"net/url"
	"strings"
)

// LogTarget is path?query with every apikey value (and anything that is
// not printable ASCII) hidden: what a log may show of a request.
func LogTarget(path, rawQuery string) string {
	if rawQuery == "" {
		return LogClip(path)
	}
	parts := strings.Split(rawQuery, "&")
	for i, part := range parts {
		k, _, _ := strings.Cut(part, "=")
		name := k // matched as the engine reads it: %-escapes and "+" decoded
		if d, err := url.QueryUnescape(k); err == nil {
			name = d
		}
		if lk := strings.ToLower(name); strings.Contains(lk, "key") || strings.Contains(lk, "token") && lk != "sessiontoken" {
			parts[i] = k + "=-"
		}
	}
	return LogClip(path + "?" + strings.Join(parts, "&"))
}

// LogClip keeps a log line short and printable.
func LogClip(s string) string {
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, s)
}

// SplitTarget returns the path and the raw query of a request target.
func SplitTarget(target string) (path, rawQuery string) { return splitTarget(target) }
