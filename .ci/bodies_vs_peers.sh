#!/usr/bin/env bash
# Tumble side by side with the peer engines (docs/benchmarks.md, "Side by side with ODE,
# Bullet and Box3D"): ODE QuickStep and Bullet at 10 iterations, Box3D (when its driver is
# built: peers/box3d.sh) at its 4 substeps, and `tumble bench` on exactly the same initial
# conditions (the peers' own scenes, exported to Tumble's format), repetitions interleaved
# so that load from other jobs on the machine hits every engine alike; then Box3D's
# large_pyramid in Tumble (and Box3D), and the floor of ten sweeps on the built-in
# pyramid20's and pile1000's velocity problems.
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
for ((rep = 1; rep <= REPS; rep++)); do
  for s in $scenes; do
    echo "rep $rep/$REPS: $s" >&2
    "$B/ode_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"
    "$B/bullet_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"
    if [ -x "$B/box3d_peer" ]; then "$B/box3d_peer" --scene "$s" 2>/dev/null | grep '^RES' >>"$RES"; fi
    for v in sleep nosleep; do
      flag=""; [ $v = nosleep ] && flag=--nosleep
      json=$("$OUT/tumble" bench --json --runs 1 $flag "$OUT/$s.xml")
      get() { echo "$json" | grep -o "\"$1\":[^,}]*" | head -1 | cut -d: -f2 | tr -d '"'; }
      echo "RES engine=tumble variant=$v scene=$s ms=$(get msPerStep) contacts=$(get contacts) ke_peak=$(get kineticEnergyPeak) ke_final=$(get kineticEnergyFinal) maxdisp=$(get maxDisplacement) maxpen=$(get maxPenetration) sleeping=$(get sleeping) lost=$(get lost) verdict=$(get verdict)" >>"$RES"
    done
  done
done
# Median ms/step per engine, variant and scene, with the last repetition's outcome.
awk '{
  delete f; for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
  if (f["engine"] != "tumble" && f["iters"] != 10) next
  k = f["scene"] " " f["engine"] " " f["variant"]
  n[k]++; ms[k, n[k]] = f["ms"]; last[k] = $0
} END {
  for (k in n) {
    m = n[k]; for (i = 1; i <= m; i++) v[i] = ms[k, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    med = (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
    printf "%s median_ms=%.3f reps=%d | %s\n", k, med, m, last[k]
  }
}' "$RES" | sort
echo "large_pyramid (Tumble, one run of 200 steps):" >&2
"$OUT/tumble" bench --runs 1 large_pyramid
if [ -x "$B/box3d_peer" ]; then
  echo "large_pyramid (Box3D, one run of 200 steps):" >&2
  "$B/box3d_peer" --scene large_pyramid 2>/dev/null | grep '^RES'
fi
# The floor: ten sweeps of a minimal contact-row kernel on pyramid20's and pile1000's
# velocity problems, beside the World's own solve (docs/benchmarks.md, "What the peers'
# speed would take"): ms/solve to set beside the peers' whole steps above.
echo "the sweeps' floor (go test -bench SweepFloor, fastest of 3):" >&2
(cd "$ROOT" && go test ./contact -run '^$' -bench SweepFloor -count 3) |
  awk '/^BenchmarkSweepFloor/ { n = $1; sub(/-[0-9]+$/, "", n); ms = $5
    if (!(n in best) || ms < best[n]) best[n] = ms }
  END { for (n in best) printf "%s %.3f ms/solve\n", n, best[n] }' | sort
