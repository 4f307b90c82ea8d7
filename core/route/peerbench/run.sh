#!/bin/sh
# Side-by-side run on Hà Nội (core/route/BENCHMARKS.route.md, "Peers"):
# bando vs Routino in-process (libroutino) on the same 400 seeded node
# pairs, shortest distance, the same road set (Routino's database is built
# by the test, once per tagging, with a tagging file generated from
# bando's rules and no pruning: peerbench.BenchTagging, EnsureDatabase);
# lengths compared by one formula and every pair beyond ±1 % classified
# (TestRoutinoLengths, TestRoutinoDiagnosis); then ngraph.path A* in Node
# on the same graph and pairs. Needs: apt-get install routino
# libroutino-dev; npm install in core/route/peerbench/ngraph. Run from
# the repository root.
set -e
RDIR=${ROUTINO_DIR:-$PWD/build/bench/routino}
OUT=${PEERBENCH_OUT:-$PWD/build/bench/peerbench-export}
mkdir -p "$RDIR" "$OUT"
ROUTINO_DIR=$RDIR PEERBENCH_OUT=$OUT go test -tags routino ./core/route/peerbench/ -timeout 60m \
  -run 'RoutinoLengths|RoutinoDiagnosis|ExportForNgraph' -v | tee "$OUT/tests.txt" | grep -v '^=== '
ROUTINO_DIR=$RDIR go test -tags routino ./core/route/peerbench/ -timeout 60m \
  -run XXX -bench PeersRoutino -benchtime 4000x -count 3 | tee "$OUT/go.txt"
node --expose-gc core/route/peerbench/ngraph/bench.mjs "$OUT" 3 | tee "$OUT/ngraph.txt"
bando=$(grep -o '[0-9.]* bando-p50-µs' "$OUT/go.txt" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
ng=$(sed 's/.*"p50_us":\([0-9.]*\).*/\1/' "$OUT/ngraph.txt")
echo "median bando p50 $bando µs; ngraph.path p50 $ng µs; ngraph/bando $(echo "$ng / $bando" | bc -l | cut -c1-6)"
