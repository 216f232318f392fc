#!/usr/bin/env bash
# Runs every benchmark once, in release, each on fresh databases of its own.
# Figures are printed (see benches/README.md); nothing is asserted.
#   benches/run.sh                       # everything, 3 reps of each load scenario
#   OWLPOST_BENCH_REPS=1 benches/run.sh  # quicker, noisier
#   OWLPOST_BENCH_BOARDGAMEIO=1 benches/run.sh
#       # first installs the boardgame.io reference of the load benchmark
#       # (npm ci, from the committed lock file) when it is missing
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== $(date -u +%FT%TZ) on $(nproc) cores, $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
# Only on request: nothing else in the repository downloads anything.
if [[ "${OWLPOST_BENCH_BOARDGAMEIO:-}" == 1 && ! -d benches/boardgameio/node_modules ]]; then
  if command -v npm >/dev/null; then
    npm ci --prefix benches/boardgameio --no-audit --no-fund
  else
    echo "OWLPOST_BENCH_BOARDGAMEIO=1 but no npm: the load benchmark will skip boardgame.io"
  fi
fi
cargo bench -q --bench load
echo
cargo bench -q --bench history
