#!/usr/bin/env bash
# Regenerates docs/chain.svg: the LeetCode 52 chain (criterion group
# `chain52`), median time per call against n on a log scale, one line per
# approach of n_queens_ii::APPROACHES, drawn by the `chart` binary (plotters)
# from criterion's estimates.
#
#   crates/bench/chart.sh                        measure the chain52 group (about 2 minutes), then draw
#   crates/bench/chart.sh --redraw               draw from the last run's results, no measuring
#   N_QUEENS_BENCH_QUICK=1 crates/bench/chart.sh quick plan: n = 8..=10 only, for a trial
#
# Other arguments go to criterion, before the group filter.
set -euo pipefail
cd "$(dirname "$0")/../.."

args=()
redraw=false
for arg in "$@"; do
    if [[ $arg == --redraw ]]; then
        redraw=true
    else
        args+=("$arg")
    fi
done
if [[ $redraw == false ]]; then
    cargo bench -p n_queens_bench --bench approaches -- ${args[@]+"${args[@]}"} '^chain52/'
fi
cargo run --quiet -p n_queens_bench --bin chart -- chain52 docs/chain.svg
