#!/bin/sh
# Run every fuzz target briefly (FUZZTIME each, default 10s). Targets are
# found with `go test -list`, so a new target is fuzzed without editing this.
set -eu
FUZZTIME=${FUZZTIME:-10s}
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "fuzz $pkg $target ($FUZZTIME)"
    go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" >/tmp/fuzz.$$.log 2>&1 || { cat /tmp/fuzz.$$.log; exit 1; }
  done
done
echo "fuzz: all targets ran"
