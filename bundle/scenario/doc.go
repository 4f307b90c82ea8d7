// Package scenario runs OSRM-style routing scenarios (.feature files,
// grammar in ../shared/peer/README.md) against bando: each ASCII map
// becomes OSM XML, goes through the real bundle builder, and the routing
// engine's answers are checked against the tables, with a reason per
// failing row and a reason per scenario that cannot apply.
package scenario
