#!/bin/sh
# Side-by-side run on Hà Nội (core/route/BENCHMARKS.route.md, "Peers"):
# bando vs Routino in-process (libroutino) on the same 400 seeded node
# pairs, shortest distance; then ngraph.path A* in Node on the same graph
# and pairs. Needs: apt-get install routino libroutino-dev; npm install in
# core/route/peerbench/ngraph. Run from the repository root.
set -e
DATA=../shared/data/vn2021/hanoi.osm.pbf
RDIR=${ROUTINO_DIR:-/tmp/peerbench-routino}
OUT=${PEERBENCH_OUT:-/tmp/peerbench-export}
mkdir -p "$RDIR" "$OUT"
[ -f "$RDIR/hn-nodes.mem" ] || planetsplitter --dir="$RDIR" --prefix=hn --tagging=/usr/share/routino/tagging.xml "$DATA" > "$RDIR/split.log"
ROUTINO_DIR=$RDIR PEERBENCH_OUT=$OUT go test -tags routino ./core/route/peerbench/ -run 'RoutinoLengths|ExportForNgraph' \
  -bench PeersRoutino -benchtime 4000x -count 3 -v | tee "$OUT/go.txt" | grep -v '^=== '
node --expose-gc core/route/peerbench/ngraph/bench.mjs "$OUT" 3 | tee "$OUT/ngraph.txt"
bando=$(grep -o '[0-9.]* bando-p50-µs' "$OUT/go.txt" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
ng=$(sed 's/.*"p50_us":\([0-9.]*\).*/\1/' "$OUT/ngraph.txt")
echo "median bando p50 $bando µs; ngraph.path p50 $ng µs; ngraph/bando $(echo "$ng / $bando" | bc -l | cut -c1-6)"
