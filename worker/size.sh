#!/bin/sh
# Print the upload size of the Worker script (gzip -9 of everything uploaded
# as the script: app.wasm + index.mjs + wasm_exec.js + manifest.bin) and of
# build/bando.wasm.
# The limit (3 MB compressed, free plan) is asserted by
# js/test/contract.worker.test.mjs.
set -e
dir=${1:-worker/build}
files="$dir/app.wasm $dir/index.mjs $dir/wasm_exec.js"
[ -f "$dir/manifest.bin" ] && files="$files $dir/manifest.bin"
raw=$(cat $files | wc -c)
gz=$(cat $files | gzip -9 | wc -c)
wasmgz=$(gzip -9 < "$dir/app.wasm" | wc -c)
echo "worker script: $raw bytes raw, $gz bytes gzip -9 (app.wasm alone: $wasmgz; limit 3000000)"
if [ -f build/bando.wasm ]; then
	echo "build/bando.wasm: $(wc -c < build/bando.wasm) bytes raw, $(gzip -9 < build/bando.wasm | wc -c) bytes gzip -9 (goal 1500000)"
fi
if [ -d "$dir/assets" ]; then
	echo "assets: $(find "$dir/assets" -type f | wc -l) files, $(du -sk "$dir/assets" | cut -f1) KiB"
fi
