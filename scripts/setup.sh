#!/usr/bin/env bash
# Shared set-up steps for ./run and ./test: install what a fresh machine of this kind
# lacks, idempotently. Source it; call the functions you need.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

say() { printf '\033[1m==> %s (at %d s)\033[0m\n' "$*" "$SECONDS" >&2; }

apt_ready=
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=; [ "$(id -u)" != 0 ] && sudo=sudo
  if [ -z "$apt_ready" ]; then say "apt-get update"; $sudo apt-get update -qq; apt_ready=1; fi
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_system() {
  # PostgreSQL 15 server binaries (for the private cluster) and pgbench.
  [ -x /usr/lib/postgresql/15/bin/initdb ] || apt_install postgresql-15 postgresql-contrib
  command -v node >/dev/null || apt_install nodejs npm
  # xmllint: the documents crate's tests validate FA(3) e-invoices against the KSeF schema.
  command -v xmllint >/dev/null || apt_install libxml2-utils
  report_disk
}

# A full build and test run writes a few gigabytes under target/; when the disk is
# nearly full the linker dies with a bus error, far from the cause. Say so first.
report_disk() {
  local free_kb
  free_kb=$(df -Pk "$ROOT" | awk 'NR == 2 { print $4 }')
  if [ -n "$free_kb" ] && [ "$free_kb" -lt $((6 * 1024 * 1024)) ]; then
    say "warning: only $((free_kb / 1024)) MiB free on the disk of $ROOT; the build needs about 6 GiB"
  fi
}

ensure_chromium() {
  command -v chromium >/dev/null || apt_install chromium
}

ensure_web_deps() {
  # npm ci only when the lock file changed since the last install.
  local stamp="$ROOT/web/node_modules/.coach-lock-stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/web/package-lock.json" "$stamp"; then
    say "npm ci (web)"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$ROOT/web/package-lock.json" "$stamp"
  fi
}

build_web() {
  say "building the web app"
  (cd "$ROOT/web" && npm run build --silent)
}

# Export DATABASE_URL for a private cluster unless one is configured.
ensure_database() {
  local db=${1:-coach}
  if [ -z "${DATABASE_URL:-}" ]; then
    say "starting the private PostgreSQL cluster (scripts/pg.sh)"
    DATABASE_URL=$("$ROOT/scripts/pg.sh" start "$db")
    export DATABASE_URL
  fi
}

# schemathesis (PyPI), pinned, in a virtual environment under target/ (scripts/fuzz-api.sh).
ensure_schemathesis() {
  local venv="$ROOT/target/schemathesis" want
  want=$(cat "$ROOT/scripts/fuzz-requirements.txt")
  if [ -x "$venv/bin/schemathesis" ] && cmp -s "$ROOT/scripts/fuzz-requirements.txt" "$venv/.coach-stamp"; then
    return 0
  fi
  command -v python3 >/dev/null || apt_install python3
  python3 -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv
  say "installing $want (API fuzzing)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$ROOT/scripts/fuzz-requirements.txt"
  cp "$ROOT/scripts/fuzz-requirements.txt" "$venv/.coach-stamp"
}
