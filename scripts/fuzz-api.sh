#!/usr/bin/env bash
# Fuzz the API against its own document with schemathesis, every check, as a guest and
# as the demo SuperAdmin: scripts/fuzz-api.sh BASE_URL [SECONDS_EACH]. The server must
# serve a seeded database (`coach seed`: the demo accounts). Exits non-zero on any
# failure; the reports land in target/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
base=${1:?usage: scripts/fuzz-api.sh BASE_URL [SECONDS_EACH]}
seconds=${2:-120}
ensure_schemathesis
st="$ROOT/target/schemathesis/bin/schemathesis"
mkdir -p target/fuzz

token=$(curl -fsS -H 'Content-Type: application/json' \
  -d '{"email":"admin@example.com","password":"demo1234"}' "$base/api/user/auth/login" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["token"])')

fuzz() {
  local who=$1; shift
  say "schemathesis as $who ($seconds s)"
  "$st" run "$base/api/openapi.json" --url "$base" --checks all --workers 2 --max-time "$seconds" \
    --no-color --report junit --report-dir "target/fuzz/$who" "$@"
}
fuzz guest
fuzz admin -H "Authorization: Bearer $token"
