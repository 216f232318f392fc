#!/usr/bin/env bash
# Runs every benchmark once, in release, each on fresh databases of its own.
# Figures are printed (see README, "Performance"); nothing is asserted.
#   benches/run.sh                       # everything, 3 reps of each load scenario
#   OWLPOST_BENCH_REPS=1 benches/run.sh  # quicker, noisier
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== $(date -u +%FT%TZ) on $(nproc) cores, $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
cargo bench -q --bench load
echo
cargo bench -q --bench history
