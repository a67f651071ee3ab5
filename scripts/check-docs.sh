#!/usr/bin/env bash
# The docs stand on their own (docs/README.md):
# 1. every `Code:` and `Test:` line of docs/*.md names things that exist. Each backticked item on
#    such a line is `path` (a tracked file, or a folder holding tracked files) or `path::name`:
#    on a `Code:` line the name must be a word of that file, on a `Test:` line a test function
#    of it (`fn name` with a test attribute just above) or, for a web test, `path::"title"`
#    with the title written in the file;
# 2. nothing in the repository points at product papers kept outside it.
# Bash, grep and git only: a few seconds at most. Run from anywhere in the checkout.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

failures=0
fail() {
  echo "docs: $*" >&2
  failures=$((failures + 1))
}

# Every tracked file, and every folder holding one, read once.
declare -A known=()
while IFS= read -r file; do
  known[$file]=f
  dir=$file
  while [[ "$dir" == */* ]]; do
    dir=${dir%/*}
    [ -n "${known[$dir/]:-}" ] && break
    known[$dir/]=d
  done
done < <(git ls-files)
tracked() { [ "${known[$1]:-}" = f ]; }
tracked_folder() { [ "${known[${1%/}/]:-}" = d ]; }

is_test_fn() {
  local file=$1 name=$2
  # The attribute may sit a few lines above (a long #[sqlx::test(...)] or an #[ignore] between).
  grep -n -B4 -E "^\s*(pub )?(async )?fn ${name}\b" -- "$file" | grep -q -E '#\[([a-z_]+::)?test\b'
}

check_item() {
  local doc=$1 kind=$2 item=$3 path name
  path=${item%%::*}
  name=
  [ "$path" != "$item" ] && name=${item#*::}
  if [[ "$path" == */ ]]; then
    tracked_folder "$path" || fail "$doc: $kind folder $path holds no tracked file"
    [ -z "$name" ] || fail "$doc: $kind $item: a folder takes no name"
    return
  fi
  if ! tracked "$path"; then
    fail "$doc: $kind $path is not a tracked file"
    return
  fi
  [ -n "$name" ] || return 0
  if [[ "$name" == \"*\" ]]; then
    grep -q -F -- "${name:1:${#name}-2}" "$path" || fail "$doc: $kind $path has no \"${name:1:${#name}-2}\""
  elif [ "$kind" = Test ]; then
    is_test_fn "$path" "$name" || fail "$doc: Test $path has no test fn $name"
  else
    grep -q -w -- "$name" "$path" || fail "$doc: Code $path has no $name"
  fi
}

entries=0
for doc in docs/*.md; do
  while IFS= read -r line; do
    kind=$(sed -E 's/^\s*(- )?(Code|Test):.*/\2/' <<<"$line")
    items=$(grep -o -E '`[^`]+`' <<<"$line" | tr -d '`' || true)
    [ -n "$items" ] || fail "$doc: a $kind line names nothing: $line"
    while IFS= read -r item; do
      [ -n "$item" ] || continue
      entries=$((entries + 1))
      if [[ ! "$item" =~ ^[^[:space:]:]+(::.+)?$ || ! "${item%%::*}" =~ [/.] ]]; then
        fail "$doc: $kind item \`$item\` is not a path or path::name"
        continue
      fi
      check_item "$doc" "$kind" "$item"
    done <<<"$items"
  done < <(grep -E '^\s*(- )?(Code|Test):' "$doc" || true)
done

# The pattern is built from pieces so that this file does not match itself.
outside='DECISION''S|booking-site-''spec|\.\./sha''red|/wo''rk/'
if git grep -n -E "$outside" -- . >&2; then
  fail "the lines above point outside the repository; point them at the docs/ section instead"
fi

if [ "$failures" -gt 0 ]; then
  echo "docs: $failures problem(s)" >&2
  exit 1
fi
echo "docs: $entries Code/Test items checked, no reference outside the repository"
