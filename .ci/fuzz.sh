#!/bin/sh
# Fuzz every target: each briefly (FUZZTIME, default 10s), and some for a
# minute (FUZZLONG, default 60s), so CI finds what a minute finds within its
# time:
#   - the targets named in .ci/fuzz-long.txt (the decoders of tiles and the
#     request parser: what hostile input reaches) get FUZZLONG every run;
#   - FUZZROTATE more targets (default 1) get FUZZLONG in rotation: the
#     sorted list of all targets is walked FUZZROTATE at a time, one window
#     per UTC day (FUZZSLOT overrides the day number), so every target gets
#     its minute every few days.
# Targets are found with `go test -list`, so a new one is fuzzed without
# editing this. A run that fails without a failing input ("context deadline
# exceeded": the fuzzer's own time limit hit a worker mid-input on a loaded
# machine) is tried once more; a real finding (a failing input written)
# fails at once.
set -eu
FUZZTIME=${FUZZTIME:-10s}
FUZZLONG=${FUZZLONG:-60s}
FUZZROTATE=${FUZZROTATE:-1}
FUZZSLOT=${FUZZSLOT:-$(( $(date -u +%s) / 86400 ))}
here=$(dirname "$0")
log=$(mktemp)
all=$(mktemp)
trap 'rm -f "$log" "$all"' EXIT
run() {
  go test "$1" -run '^$' -fuzz "^$2\$" -fuzztime "$3" >"$log" 2>&1
}
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    echo "$pkg $target"
  done
done | sort >"$all"
n=$(wc -l <"$all")
[ "$n" -gt 0 ] || { echo "fuzz: no targets found"; exit 1; }
start=$(( FUZZSLOT * FUZZROTATE % n ))
i=0
while read -r pkg target; do
  t=$FUZZTIME why=""
  if grep -qx "$target" "$here/fuzz-long.txt"; then
    t=$FUZZLONG why=", fuzz-long.txt"
  elif [ $(( (i - start + n) % n )) -lt "$FUZZROTATE" ]; then
    t=$FUZZLONG why=", rotation slot $FUZZSLOT"
  fi
  i=$((i + 1))
  echo "fuzz $pkg $target ($t$why)"
  if run "$pkg" "$target" "$t"; then continue; fi
  if ! grep -q "Failing input written" "$log" && grep -q "context deadline exceeded" "$log"; then
    echo "  deadline hit without a finding; once more"
    run "$pkg" "$target" "$t" && continue
  fi
  cat "$log"
  exit 1
done <"$all"
echo "fuzz: all $n targets ran"
