#!/usr/bin/env bash
# Runs every fuzz target for FUZZTIME (default 3s) in its own package: go test -fuzz takes one
# target at a time, so targets of the same name in two packages each get their run.
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline exceeded" when
# -fuzztime runs out while a worker is mid-input (go.dev/issue/75804, fixed in Go 1.27). That
# is no finding: a real one prints "Failing input written to". Such a run is followed by a
# replay of the target's seeds and stored corpus, which must pass; anything else fails.
set -uo pipefail
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-3s}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for f in $(grep -rlE '^func Fuzz[A-Za-z0-9_]+\(' --include='*_test.go' . | sort); do
  pkg=./$(dirname "${f#./}")
  for t in $(grep -oE '^func Fuzz[A-Za-z0-9_]+' "$f" | sed 's/^func //'); do
    echo "fuzz $t in $pkg for $FUZZTIME"
    if "$GO" test -run='^$' -fuzz="^$t\$" -fuzztime="$FUZZTIME" "$pkg" 2>&1 | tee "$log"; then
      continue
    fi
    if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written to' "$log"; then
      echo "fuzz $t: stopped by Go's fuzztime race (go.dev/issue/75804), no failing input; replaying its corpus"
      "$GO" test -count=1 -run="^$t\$" "$pkg" && continue
    fi
    exit 1
  done
done
