// Package peerbench measures bando's router side by side with peers on
// the same Hà Nội data and the same pairs: Routino in-process through
// libroutino (cgo, build tag routino: `apt-get install routino
// libroutino-dev`), and ngraph.path in Node (ngraph/bench.mjs, fed by the
// graph this package exports). Benchmark-only: nothing imports it, and
// without the tag it holds no code. See run.sh and
// core/route/BENCHMARKS.route.md.
package peerbench
