#!/bin/sh
# worker/embed-manifest.sh BUILD [auto|yes|no]: write BUILD/manifest.bin, the
# Data module src/index.mjs imports: a copy of BUILD/assets/manifest.json
# (Go then parses it in the Worker's start-up phase rather than in the first
# request), or an empty file (the first request reads the manifest from the
# assets). auto embeds when the script stays within the plan's compressed
# size limit with 100 KB to spare (PLAN=paid: 10 MB, else 3 MB) and the
# manifest is under 16 MiB (start-up CPU).
set -e
dir=$1
mode=${2:-auto}
limit=3000000
[ "$PLAN" = paid ] && limit=10000000
m=$dir/assets/manifest.json
: > "$dir/manifest.bin"
case $mode in
no) echo "embed-manifest: not embedded (EMBED_MANIFEST=no)"; exit 0 ;;
yes) cp "$m" "$dir/manifest.bin"; echo "embed-manifest: embedded (EMBED_MANIFEST=yes)"; exit 0 ;;
auto) ;;
*) echo "embed-manifest: EMBED_MANIFEST must be auto, yes or no" >&2; exit 1 ;;
esac
raw=$(wc -c < "$m")
gz=$(cat "$dir/app.wasm" "$dir/index.mjs" "$dir/wasm_exec.js" "$m" | gzip -9 | wc -c)
if [ "$raw" -le 16777216 ] && [ "$gz" -le $((limit - 100000)) ]; then
	cp "$m" "$dir/manifest.bin"
	echo "embed-manifest: embedded ($raw bytes; script with it $gz bytes gzip -9, limit $limit)"
else
	echo "embed-manifest: not embedded ($raw bytes; script with it would be $gz bytes gzip -9, limit $limit): the first request reads it"
fi
