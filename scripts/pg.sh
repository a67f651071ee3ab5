#!/usr/bin/env bash
# A private PostgreSQL 15 cluster for development and tests, started from the system
# binaries. Used when DATABASE_URL is not set.
#
#   scripts/pg.sh start [DBNAME]   start (or reuse) the cluster, create DBNAME; print its URL
#   scripts/pg.sh stop             stop the cluster
#   scripts/pg.sh url [DBNAME]     print the URL without starting anything
#
# The cluster lives in $COACH_PG_DIR (default /tmp/coach-pg: the postgres user cannot
# enter /root, where a checkout may live) and listens on 127.0.0.1:$COACH_PG_PORT (default
# 54329) only, with trust authentication: it is a throwaway local cluster, never a server
# to expose. fsync and synchronous_commit stay on, as in production. A changed
# COACH_PG_PORT moves an existing cluster to the new port (it is restarted).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_DIR=${COACH_PG_DIR:-/tmp/coach-pg}
PG_PORT=${COACH_PG_PORT:-54329}
DATA="$PG_DIR/data"

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

url() { echo "postgres://postgres@127.0.0.1:$PG_PORT/${1:-coach}"; }

# True when something listens on 127.0.0.1:$1.
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  local db=${1:-coach}
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "PostgreSQL 15 server binaries not found in $PG_BIN (apt-get install postgresql-15)" >&2
    exit 1
  fi
  mkdir -p "$PG_DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$PG_DIR"; chmod 700 "$PG_DIR"; fi
  if [ ! -f "$DATA/PG_VERSION" ]; then
    as_pg "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 \
      || { cat "$PG_DIR/initdb.log" >&2; exit 1; }
    cat >>"$DATA/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_DIR'
max_connections = 400
shared_buffers = 512MB
fsync = on
synchronous_commit = on
log_min_messages = warning
CONF
  fi
  # pg_stat_statements, for the orders benchmark's breakdown by statement, when asked
  # (bench/run.sh asks; the tests' cluster goes without its small cost per statement). A
  # running cluster gets it at its next start.
  if [ -n "${COACH_PG_STATEMENTS:-}" ] && ! grep -q "^shared_preload_libraries" "$DATA/postgresql.conf"; then
    as_pg sh -c "echo \"shared_preload_libraries = 'pg_stat_statements'\" >> '$DATA/postgresql.conf'"
  fi
  # A cluster created earlier keeps the port it was made with unless told otherwise:
  # follow COACH_PG_PORT (restarting the cluster on the new port when it runs).
  local configured
  configured=$(sed -n 's/^port = \([0-9]*\).*/\1/p' "$DATA/postgresql.conf" | tail -1)
  if [ -n "$configured" ] && [ "$configured" != "$PG_PORT" ]; then
    echo "pg.sh: moving the cluster in $PG_DIR from port $configured to $PG_PORT" >&2
    if as_pg "$PG_BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
      as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
    fi
    as_pg sed -i "s/^port = $configured\b.*/port = $PG_PORT/" "$DATA/postgresql.conf"
  fi
  if ! as_pg "$PG_BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    if port_taken "$PG_PORT"; then
      echo "pg.sh: port $PG_PORT on 127.0.0.1 is taken by another program; set COACH_PG_PORT to a free port" >&2
      exit 1
    fi
    as_pg "$PG_BIN/pg_ctl" -D "$DATA" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null \
      || { tail -20 "$PG_DIR/server.log" >&2; exit 1; }
  fi
  for _ in $(seq 1 60); do
    "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" && break
    sleep 0.5
  done
  if ! "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "select 1 from pg_database where datname = '$db'" | grep -q 1; then
    "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres "$db"
  fi
  url "$db"
}

stop() {
  if [ -f "$DATA/PG_VERSION" ]; then as_pg "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null || true; fi
}

case "${1:-start}" in
  start) start "${2:-coach}" ;;
  stop) stop ;;
  url) url "${2:-coach}" ;;
  *) echo "usage: $0 start|stop|url [DBNAME]" >&2; exit 2 ;;
esac
