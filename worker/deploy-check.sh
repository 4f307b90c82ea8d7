#!/bin/sh
# Offline deploy check (make deploy-dry-run): `wrangler deploy --dry-run`
# on worker/build, then the platform limits and the bindings the Worker
# needs. PLAN=paid raises the script limit from 3 MB to 10 MB gzip and the
# asset file count from 20,000 to 100,000.
set -e
cd "$(dirname "$0")"
wrangler=../js/node_modules/.bin/wrangler
out=$(WRANGLER_SEND_METRICS=false CI=1 NO_COLOR=1 "$wrangler" deploy --dry-run --outdir build/dist 2>&1) || { echo "$out"; exit 1; }
echo "$out" | sed -n '/Total Upload/,/dry-run/p'
fail=0
gzkib=$(echo "$out" | sed -n 's/.*gzip: \([0-9.]*\) KiB.*/\1/p')
limit=3000000; files=20000
if [ "$PLAN" = paid ]; then limit=10000000; files=100000; fi
if [ -z "$gzkib" ]; then echo "deploy-check: no upload size in wrangler's output"; fail=1
elif awk "BEGIN { exit !($gzkib * 1024 > $limit) }"; then echo "deploy-check: FAIL script size: $gzkib KiB gzip, $(awk "BEGIN { printf \"%d\", $gzkib * 1024 - $limit }") bytes over the limit of $limit (build/manifest.bin embedded: $(wc -c < build/manifest.bin) bytes)"; fail=1
else echo "deploy-check: script $gzkib KiB gzip ≤ $limit bytes"; fi
for b in "env.ASSETS" "env.BANDO_KEYS" "env.BANDO_USAGE (BandoUsage)"; do
	if echo "$out" | grep -qF "$b"; then echo "deploy-check: binding $b"; else echo "deploy-check: binding $b MISSING"; fail=1; fi
done
grep -q "^export class BandoUsage" build/index.mjs || { echo "deploy-check: build/index.mjs exports no BandoUsage"; fail=1; }
grep -q 'new_sqlite_classes = \["BandoUsage"\]' wrangler.toml || { echo "deploy-check: no migration for BandoUsage"; fail=1; }
if grep -q '^id = "0\{32\}"' wrangler.toml; then echo "deploy-check: note: BANDO_KEYS id is the placeholder (set it before a real deploy)"; fi
n=$(find build/assets -type f | wc -l)
big=$(find build/assets -type f -size +26214400c | wc -l)
bytes=$(find build/assets -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
echo "deploy-check: assets $n files, $bytes bytes (limits: $files files, 25 MiB each), $big over 25 MiB"
if [ "$n" -gt "$files" ]; then
	echo "deploy-check: FAIL asset count: $n files, $((n - files)) over the limit of $files (pack the bundle: bando pack, core/tile/SPEC.md §9; or serve tiles from R2)"
	fail=1
fi
if [ "$big" -gt 0 ]; then
	find build/assets -type f -size +26214400c -printf '%s %p\n' | while read -r size f; do
		echo "deploy-check: FAIL asset size: $f has $size bytes, $((size - 26214400)) over 25 MiB"
	done
	fail=1
fi
[ -f build/assets/manifest.json ] || { echo "deploy-check: no build/assets/manifest.json"; fail=1; }
# The manifest shipped in the script (parsed at start-up) must be the assets'.
if [ -s build/manifest.bin ]; then
	if cmp -s build/manifest.bin build/assets/manifest.json; then echo "deploy-check: manifest embedded in the script, same as the assets'"
	else echo "deploy-check: build/manifest.bin differs from build/assets/manifest.json (rerun make worker)"; fail=1; fi
elif [ -f build/manifest.bin ]; then echo "deploy-check: manifest not embedded (the first request of an isolate reads it)"
else echo "deploy-check: no build/manifest.bin (rerun make worker)"; fail=1; fi
exit $fail
