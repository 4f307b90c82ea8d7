#!/usr/bin/env bash
# CI entry point for h3port's JavaScript-side checks. Run from the repo root:
#   h3port/testjs/test.sh [count]      (count defaults to 1000000; or $H3_PARITY_COUNT)
# 1. builds the wasm export (h3port/internal/h3wasm) into build/h3port.wasm
#    with -tags jsmath (trigonometry imported from the engine's Math.*, see
#    h3port/trig_jsmath.go; the loader must provide the "h3math" imports).
#    H3_WASM_TAGS overrides the tags (H3_WASM_TAGS= : the default build).
# 2. installs h3-js in h3port/testjs if node_modules is absent
# 3. runs `GOOS=js GOARCH=wasm go test ./h3port/` in Node, for the default
#    build and (through go_js_wasm_exec_h3math, which adds the h3math
#    imports) for the build with $H3_WASM_TAGS
# 4. runs the seeded h3-js parity check on build/h3port.wasm
#    (seed: $H3SEED, printed either way)
# Exits non-zero on any failure; the last line is "N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/../.."
COUNT="${1:-${H3_PARITY_COUNT:-1000000}}"
TAGS="${H3_WASM_TAGS-jsmath}"
GOROOT_DIR="$(go env GOROOT)"
# GOWASM (e.g. satconv,signext) is passed through if set; the default
# build uses no optional wasm features (they measured no gain, see
# BENCHMARKS.h3.md).
export PATH="$GOROOT_DIR/lib/wasm:$PATH"
mkdir -p build
echo "== building build/h3port.wasm (tags: '$TAGS')"
GOOS=js GOARCH=wasm go build -tags "$TAGS" -o build/h3port.wasm ./h3port/internal/h3wasm
if [ ! -d h3port/testjs/node_modules/h3-js ]; then
  echo "== installing h3-js"
  (cd h3port/testjs && (npm ci --no-audit --no-fund || npm install --no-audit --no-fund))
fi
echo "== GOOS=js GOARCH=wasm go test ./h3port/ (Node)"
GOOS=js GOARCH=wasm go test -count=1 ./h3port/
if [ -n "$TAGS" ]; then
  echo "== GOOS=js GOARCH=wasm go test -tags '$TAGS' ./h3port/ (Node, h3math imports)"
  GOOS=js GOARCH=wasm go test -count=1 -tags "$TAGS" \
    -exec "$PWD/h3port/testjs/go_js_wasm_exec_h3math" ./h3port/
fi
echo "== h3-js parity, count=$COUNT"
SEED_ARGS=()
if [ -n "${H3SEED:-}" ]; then SEED_ARGS=(--seed "$H3SEED"); fi
node h3port/testjs/parity.mjs --wasm build/h3port.wasm --count "$COUNT" "${SEED_ARGS[@]}"
