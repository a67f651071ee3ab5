#!/usr/bin/env bash
# The one command for the benchmarks (see bench/src/main.rs for what is measured):
#
#   bench/run.sh                 the full event-store benchmark (about 3 minutes)
#   bench/run.sh --quick         a smoke run with small sizes
#   bench/run.sh --help          every option of `coach-bench event-store`
#
# Builds coach-bench in release mode, starts the private PostgreSQL cluster of
# scripts/pg.sh when DATABASE_URL is not set (fsync and synchronous_commit on), and runs
# `coach-bench event-store "$@"`. The bench creates and drops its own database there.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

cargo build --release -p bench --bin coach-bench

if [ -z "${DATABASE_URL:-}" ]; then
  DATABASE_URL=$(scripts/pg.sh start coach)
  export DATABASE_URL
fi

exec cargo run --quiet --release -p bench --bin coach-bench -- event-store "$@"
