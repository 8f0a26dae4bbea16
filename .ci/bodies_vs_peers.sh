#!/usr/bin/env bash
# Tumble side by side with the peer engines, one thread each (docs/benchmarks.md, "Side by
# side with the peers"): Box3D (when its driver is built: peers/box3d.sh) at its 4 substeps,
# Jolt (peers/jolt.sh) at its defaults, ODE QuickStep and Bullet at 10 iterations, and
# `tumble bench` on exactly the same initial conditions (the peers' own scenes, exported to
# Tumble's format) under GOMAXPROCS=1, and again on two cores; then Box3D's large_pyramid
# in both. Repetitions are interleaved, so that load from other jobs on the machine hits
# every engine alike; the table gives each engine's median ms/step and Tumble's ratio to
# Box3D.
#   TUMBLE_SHARED=../shared  where peers/ lives     REPS=3  interleaved repetitions
#   PEERS_BUILD=/tmp/peers-build                     OUT=/tmp/tumble-peers  scratch
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${TUMBLE_SHARED:-$ROOT/../shared}
B=${PEERS_BUILD:-/tmp/peers-build}
OUT=${OUT:-/tmp/tumble-peers}
REPS=${REPS:-3}
export PATH="$PATH:/usr/local/go/bin"
mkdir -p "$OUT"
# The peers' drivers (run.sh installs the Debian packages and builds them once).
[ -x "$B/ode_peer" ] || PEERS_QUICK=1 PEERS_BUILD=$B bash "$SHARED/peers/run.sh" >"$OUT/peers_run.log"
(cd "$ROOT" && go build -o "$OUT/tumble" ./cmd/tumble)
scenes="pile1000 pyramid20"
for s in $scenes; do "$B/export_scene" --scene "$s" >"$OUT/$s.xml"; done
RES=$OUT/results.txt
: >"$RES"
tumble() { # tumble VARIANT THREADS SCENE FILE [FLAGS]: one bench run as a RES line
  local variant=$1 threads=$2 scene=$3 file=$4
  shift 4
  local json get
  json=$(GOMAXPROCS=$threads "$OUT/tumble" bench --json --runs 1 "$@" "$file")
  get() { echo "$json" | grep -o "\"$1\":[^,}]*" | head -1 | cut -d: -f2 | tr -d '"'; }
  echo "RES engine=tumble variant=$variant scene=$scene ms=$(get msPerStep) contacts=$(get contacts) ke_peak=$(get kineticEnergyPeak) ke_final=$(get kineticEnergyFinal) maxdisp=$(get maxDisplacement) maxpen=$(get maxPenetration) sleeping=$(get sleeping) lost=$(get lost) verdict=$(get verdict)" >>"$RES"
}
for ((rep = 1; rep <= REPS; rep++)); do
  for s in $scenes; do
    echo "rep $rep/$REPS: $s" >&2
    "$B/ode_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"
    "$B/bullet_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"
    if [ -x "$B/box3d_peer" ]; then "$B/box3d_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"; fi
    if [ -x "$B/jolt_peer" ]; then "$B/jolt_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"; fi
    tumble 1thread 1 "$s" "$OUT/$s.xml" --nosleep
    tumble 2threads 2 "$s" "$OUT/$s.xml" --nosleep
  done
  echo "rep $rep/$REPS: large_pyramid" >&2
  if [ -x "$B/box3d_peer" ]; then "$B/box3d_peer" --scene large_pyramid 2>/dev/null | grep '^RES' >>"$RES"; fi
  tumble 1thread 1 large_pyramid large_pyramid --nosleep
  tumble 2threads 2 large_pyramid large_pyramid --nosleep
done
# Median ms/step per engine, variant and scene, with the last repetition's outcome, and
# Tumble's ratio to Box3D.
awk '{
  delete f; for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
  if (f["engine"] != "tumble" && f["engine"] != "box3d" && f["engine"] != "jolt" && f["iters"] != 10) next
  k = f["scene"] " " f["engine"] " " f["variant"]
  n[k]++; ms[k, n[k]] = f["ms"]; last[k] = $0
} END {
  for (k in n) {
    m = n[k]; for (i = 1; i <= m; i++) v[i] = ms[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    med[k] = (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
    split(k, p, " "); if (p[2] == "box3d") box3d[p[1]] = med[k]
  }
  for (k in n) {
    split(k, p, " "); ratio = ""
    if (p[2] == "tumble" && (p[1] in box3d)) ratio = sprintf(" x_box3d=%.2f", med[k] / box3d[p[1]])
    printf "%s median_ms=%.3f reps=%d%s | %s\n", k, med[k], n[k], ratio, last[k]
  }
}' "$RES" | sort
