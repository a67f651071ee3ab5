#!/usr/bin/env bash
# The one command for the benchmarks (bench/src/main.rs and each subcommand's module in
# bench/src/ say what is measured and how):
#
#   bench/run.sh                 the full event-store benchmark (about 6 minutes)
#   bench/run.sh --quick         a smoke run with small sizes (about 40 seconds)
#   bench/run.sh --help          every option of `coach-bench event-store`
#   bench/run.sh search          the search endpoint of `coach serve` under load (about 1 minute)
#   bench/run.sh search --help   every option of `coach-bench search`
#   bench/run.sh orders          placing orders through `coach serve` under load: one hot course,
#                                then 100 courses, then 100 more with each order paid (the
#                                tickets e-mailed through the outbox), with projection lag
#                                (about 3 minutes)
#   bench/run.sh orders --help   every option of `coach-bench orders`
#   bench/run.sh register        the finance VAT register replayed from 1,000,000 invoice events
#                                into CSV: seconds and peak memory, in process and through
#                                `coach finance register` (about 2 minutes, most of it the fixture)
#   bench/run.sh jpk             the month's JPK_V7M(3) from 1,000,000 sales (every tenth invoiced and
#                                in KSeF, every fifth at the desk, returns): seconds and peak memory
#                                in process and through `coach finance jpk`, the file validated
#                                with xmllint (about 4 minutes, most of it the fixture)
#   bench/run.sh order-list      the admin's order list over 1,000,000 orders in the read model:
#                                p50/p95/p99 of every filter and sort (about 6 minutes; database
#                                coach_bench_orders, --reuse keeps it for the next run)
#   bench/run.sh dashboard       the admin panel's home page (GET /api/admin/home) over the order-list
#                                bench's 1,000,000 orders and its read models written at that scale:
#                                p50/p95/p99 against p99 < 200 ms (--reuse shares coach_bench_orders)
#   bench/run.sh ksef            after a KSeF outage, 10,000 invoices (office sales) sent through
#                                the stand-in of `coach serve` within KSeF's production limits:
#                                time to issue, to all accepted (in a batch session; the drain is
#                                watched --timeout seconds, 480 by default, and extrapolated if cut)
#   bench/run.sh ksef-load       600 company invoices over 10 minutes (one a second), sent as
#                                they are issued through the stand-in of `coach serve` with
#                                KSeF's production limits: all accepted, sessions opened, zero
#                                429s, the longest issue → KSeF number (about 12 minutes;
#                                --minutes 2 for a smoke run)
#   bench/run.sh lighthouse      Lighthouse 12 (mobile) in Debian's Chromium on the home page, the
#                                search results and the order page of a seeded `coach serve`
#                                (about 2 minutes; bench/lighthouse/audit.mjs says how)
#   bench/run.sh lighthouse --desktop   the same with Lighthouse's desktop preset
#
# Builds coach-bench (and coach) in release mode and runs `coach-bench SUBCOMMAND "$@"`
# (SUBCOMMAND is the first argument when it names one, event-store otherwise), which
# creates (and drops) a database of its own on the cluster.
#
# Without DATABASE_URL it starts a private PostgreSQL 15 cluster with scripts/pg.sh
# (fsync and synchronous_commit on), one kept for benchmarks only
# ($COACH_BENCH_PG_DIR, default /tmp/coach-bench-pg, port $COACH_BENCH_PG_PORT, default
# 54339), and stops it afterwards if this script started it. A cluster of its own matters:
# other work on the development cluster would blur the figures, and the store's readers
# never read past the oldest appending transaction in flight, so a test left idle in a
# transaction that appended would stall the replay.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

subcommand=event-store
case "${1:-}" in
  event-store|search|orders|register|jpk|order-list|dashboard|ksef|ksef-load|lighthouse) subcommand=$1; shift ;;
esac

if [ "$subcommand" = lighthouse ]; then
  cargo build --release -p app
else
  cargo build --release -p bench -p app
fi

started_cluster=
if [ -z "${DATABASE_URL:-}" ]; then
  export COACH_PG_DIR=${COACH_BENCH_PG_DIR:-/tmp/coach-bench-pg}
  export COACH_PG_PORT=${COACH_BENCH_PG_PORT:-54339}
  # pg_stat_statements loaded, for the orders benchmark's PostgreSQL by statement.
  export COACH_PG_STATEMENTS=1
  if ! "${PG_BIN:-/usr/lib/postgresql/15/bin}/pg_isready" -q -h 127.0.0.1 -p "$COACH_PG_PORT" 2>/dev/null; then
    started_cluster=1
  fi
  DATABASE_URL=$(scripts/pg.sh start postgres)
  export DATABASE_URL
fi

# Lighthouse: the built web app served by a release `coach serve` on a seeded database of its own.
lighthouse() {
  local port=${LIGHTHOUSE_PORT:-18095} db="${DATABASE_URL%/*}/coach_lighthouse" coach
  coach="${CARGO_TARGET_DIR:-target}/release/coach"
  (cd web && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build --silent)
  # package.json pins (overrides) the two packages Lighthouse's trace engine asks for as
  # "latest": a lock file cannot hold a dist-tag, and npm ci refused it once the tag moved.
  (cd bench/lighthouse && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
  psql "${DATABASE_URL%/*}/postgres" -qc "drop database if exists coach_lighthouse with (force)" -c "create database coach_lighthouse" >/dev/null
  DATABASE_URL=$db "$coach" seed >/dev/null
  DATABASE_URL=$db WEB_DIST=web/dist "$coach" serve --port "$port" >"${CARGO_TARGET_DIR:-target}/lighthouse-server.log" 2>&1 &
  local server=$!
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break
    sleep 0.2
  done
  local result=0
  (cd bench/lighthouse && BASE_URL="http://127.0.0.1:$port" node audit.mjs "$@") || result=$?
  kill "$server"; wait "$server" 2>/dev/null || true
  psql "${DATABASE_URL%/*}/postgres" -qc "drop database if exists coach_lighthouse with (force)" >/dev/null
  return "$result"
}

status=0
if [ "$subcommand" = lighthouse ]; then
  lighthouse "$@" || status=$?
else
  "${CARGO_TARGET_DIR:-target}/release/coach-bench" "$subcommand" "$@" || status=$?
fi

if [ -n "$started_cluster" ]; then
  scripts/pg.sh stop
fi
exit "$status"
