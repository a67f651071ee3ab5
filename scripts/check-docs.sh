#!/usr/bin/env bash
# The docs stand on their own (docs/README.md). This checks that
# 1. every `Code:` and `Test:` line of docs/*.md names things that exist. Each backticked item on
#    such a line is `path` (a tracked file, or a folder holding tracked files) or `path::name`:
#    on a `Code:` line the name must be a word of that file; on a `Test:` line a test function
#    of it (`fn name` with a test attribute a few lines above) or, for a web test,
#    `path::"title"` with the title written in the file;
# 2. every link of a docs page to a section (`[text](page.md#anchor)`) lands on a heading, and
#    every reference to a rule anywhere in the repository, `(docs/PAGE.md, 'Rule name')`,
#    names a heading of that page: the one hop from a comment to the rule, its code and test;
# 3. nothing in the repository points at product papers kept outside it.
# Bash, git grep and one awk: about a second. Run from anywhere in the checkout.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

problems=$(mktemp)
trap 'rm -f "$problems" "$problems".*' EXIT

# The three kinds of lines to check, each git grep's output behind its kind, for the one awk
# below (untracked files too, so a new page is checked before it is committed):
#   item<TAB>docs/x.md:12:- Code: `path::name` ...          a Code:/Test: line
#   link<TAB>docs/x.md:](page.md#anchor)                     a docs link to a section
#   ref<TAB>src/file.rs:3:docs/x.md, 'Rule name')            a rule reference in the repository
{
  git grep --untracked -n -E '^\s*(- )?(Code|Test):' -- 'docs/*.md' | sed 's/^/item\t/'
  git grep --untracked -o -E '\]\([^)#[:space:]]*#[^)[:space:]]+\)' -- 'docs/*.md' | sed 's/^/link\t/'
  git grep --untracked -n -o -E "docs/[a-z0-9-]+\.md, '[^)]*'\)" -- . ':!scripts/check-docs.sh' | sed 's/^/ref\t/'
} >"$problems.todo" || true

git ls-files --cached --others --exclude-standard >"$problems.files"
awk -v files="$problems.files" -v summary="$problems.summary" '
  BEGIN {
    while ((getline f < files) > 0) {
      known[f] = 1
      d = f
      while (sub(/\/[^\/]*$/, "", d)) known[d "/"] = 1
    }
  }
  function load(path,    line, n) {
    if (path in loaded) return loaded[path]
    n = 0
    while ((getline line < path) > 0) text[path, ++n] = line
    close(path)
    loaded[path] = n
    return n
  }
  function anchor(h) {
    h = tolower(h)
    gsub(/[^[:alnum:] _-]/, "", h)
    gsub(/ /, "-", h)
    return h
  }
  function has_heading(path, name, as_anchor,    n, i, h) {
    n = load(path)
    for (i = 1; i <= n; i++) {
      if (text[path, i] !~ /^#+ /) continue
      h = text[path, i]
      sub(/^#+ +/, "", h); sub(/ +$/, "", h)
      if ((as_anchor ? anchor(h) : h) == name) return 1
    }
    return 0
  }
  function has_word(path, word,    n, i, s, p, before, after) {
    n = load(path)
    for (i = 1; i <= n; i++) {
      s = text[path, i]
      while ((p = index(s, word)) > 0) {
        before = p > 1 ? substr(s, p - 1, 1) : ""
        after = substr(s, p + length(word), 1)
        if (before !~ /[[:alnum:]_]/ && after !~ /[[:alnum:]_]/) return 1
        s = substr(s, p + length(word))
      }
    }
    return 0
  }
  function has_text(path, t,    n, i) {
    n = load(path)
    for (i = 1; i <= n; i++) if (index(text[path, i], t)) return 1
    return 0
  }
  function has_test(path, name,    n, i, j) {
    n = load(path)
    for (i = 1; i <= n; i++) {
      if (text[path, i] !~ ("^[[:space:]]*(pub )?(async )?fn " name "[^[:alnum:]_]")) continue
      for (j = i - 1; j >= 1 && j >= i - 4; j--)
        if (text[path, j] ~ /#\[([a-z_]+::)?test([^[:alnum:]_]|$)/) return 1
    }
    return 0
  }
  function bad(msg) { print "docs: " msg; problems++ }
  function check_item(doc, kind, item,    p, path, name, t) {
    items++
    path = item; name = ""
    if ((p = index(item, "::")) > 0) { path = substr(item, 1, p - 1); name = substr(item, p + 2) }
    if (path !~ /[\/.]/ || path ~ /[[:space:]:]/) { bad(doc ": " kind " item `" item "` is not a path or path::name"); return }
    if (!(path in known)) { bad(doc ": " kind " " path " is not in the repository"); return }
    if (name == "") return
    if (path ~ /\/$/) { bad(doc ": " kind " " item ": a folder takes no name"); return }
    if (name ~ /^".*"$/) {
      t = substr(name, 2, length(name) - 2)
      if (!has_text(path, t)) bad(doc ": " kind " " path " has no \"" t "\"")
    } else if (kind == "Test") {
      if (!has_test(path, name)) bad(doc ": Test " path " has no test fn " name)
    } else if (!has_word(path, name)) bad(doc ": Code " path " has no " name)
  }
  # item<TAB>doc:line:text
  $1 == "item" {
    rest = $0; sub(/^item\t/, "", rest)
    doc = rest; sub(/:.*/, "", doc)
    line = rest; sub(/^[^:]*:[0-9]+:/, "", line)
    kind = line; sub(/^[[:space:]]*(- )?/, "", kind); kind = substr(kind, 1, 4)
    found = 0
    while (match(line, /`[^`]+`/)) {
      check_item(doc ":" substr(rest, length(doc) + 2, index(substr(rest, length(doc) + 2), ":") - 1), kind, substr(line, RSTART + 1, RLENGTH - 2))
      line = substr(line, RSTART + RLENGTH)
      found = 1
    }
    if (!found) bad(doc ": a " kind " line names nothing")
    next
  }
  # link<TAB>doc:](target#anchor)
  $1 == "link" {
    rest = $0; sub(/^link\t/, "", rest)
    doc = rest; sub(/:.*/, "", doc)
    target = substr(rest, length(doc) + 4); sub(/\)$/, "", target)
    a = target; sub(/^[^#]*#/, "", a)
    sub(/#.*/, "", target)
    if (target == "") page = doc
    else if (target ~ /^\.\.\//) page = substr(target, 4)
    else page = "docs/" target
    if (!(page in known)) bad(doc ": link to " target "#" a ": no such page")
    else if (!has_heading(page, a, 1)) bad(doc ": link to " target "#" a ": no such heading")
    next
  }
  # ref<TAB>file:line:docs/x.md, (the name of the rule in single quotes))
  $1 == "ref" {
    refs++
    rest = $0; sub(/^ref\t/, "", rest)
    p = index(rest, ":docs/")
    where = substr(rest, 1, p - 1)
    page = substr(rest, p + 1); sub(/, .*/, "", page)
    name = substr(rest, p + 1); sub(/^[^,]*, \x27/, "", name); sub(/\x27\)$/, "", name)
    if (!(page in known)) bad(where ": names " page ", which does not exist")
    else if (!has_heading(page, name, 0)) bad(where ": names \x27" name "\x27, which is no heading of " page)
    next
  }
  END {
    printf "docs: %d Code/Test items and %d rule references checked\n", items, refs > summary
    exit problems > 0
  }
' "$problems.todo" >"$problems" || true

# The pattern is built from pieces so that this file does not match itself. Three applied
# migrations keep their first comment as it was: sqlx checks every applied migration's
# SHA-384 over its bytes, so editing a comment would make `coach migrate` refuse every
# database that ran it (docs/README.md, 'Three comments that stay').
outside='DECISION''S|booking-site-''spec|\.\./sha''red|/wo''rk/'
applied=(':!schema/migrations/0020_catalogue.sql' ':!schema/migrations/0030_company.sql' ':!schema/migrations/0031_discounts.sql')
if git grep -n -E "$outside" -- . "${applied[@]}" >>"$problems"; then
  echo "docs: the lines above point outside the repository; point them at the docs/ section instead" >>"$problems"
fi

# A rule reference cut by a line break cannot be followed (nor checked above).
if git grep -n -E "docs/[a-z0-9-]+\.md,\s*$" -- . ':!scripts/check-docs.sh' >>"$problems"; then
  echo "docs: a rule reference is cut by a line break above: keep (docs/PAGE.md, 'Rule name') on one line" >>"$problems"
fi

cat "$problems.summary"
if [ -s "$problems" ]; then
  cat "$problems" >&2
  exit 1
fi
echo "docs: every Code/Test item and rule reference lands; nothing points outside the repository"
