// Package costing turns graph edge attributes into travel costs for one
// vehicle: profiles are data (profiles.json), read at query time.
package costing
