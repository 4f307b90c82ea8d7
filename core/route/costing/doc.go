// Package costing turns graph edge attributes into travel costs for one
// vehicle: profiles are data (profiles.json), read at query time; how
// their speeds were chosen (Thông tư 38/2024/TT-BGTVT limits, observed
// urban speeds) is in SPEEDS.md.
package costing
