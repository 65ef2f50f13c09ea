#!/usr/bin/env bash
# Browser tests of the studio page (README "Studio page"): builds `goap`, writes pages into
# target/studio/ (kitchen with Chinese names, a goal with no plan, a search large enough to
# be sampled, the demo's recording), opens each in headless Chromium and checks that its
# script ran without an error and drew what it should; writes a screenshot of each
# (target/studio/*.png). Installs Debian's chromium (and a CJK font) with apt if missing.
# Prints "studio: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/need.sh
need chromium:chromium fc-list:fontconfig
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then
  # Not needed by the checks, but without it Chinese names are boxes in the screenshots.
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing: fonts-noto-cjk"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null
  fi
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { failed=$((failed + 1)); echo "FAIL: $1"; }
check() { # check NAME COMMAND...
  local name=$1
  shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

out=target/studio
mkdir -p "$out"
rm -f "$out"/*.html "$out"/*.dom "$out"/*.png "$out"/*.log "$out"/demo.goaprec
if ! cargo build --quiet --bin goap; then
  fail "cargo build --bin goap"
  echo "studio: $passed passed, $failed failed"
  exit 1
fi
goap=target/debug/goap
abs=$(pwd)

chrome() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --virtual-time-budget=10000 --window-size=1400,900 "$@"
}

# page NAME INPUT [HASH]: writes $out/NAME.html from INPUT, then its DOM after the
# scripts ran ($out/NAME.dom, with Chromium's log in $out/NAME.log) and a screenshot
# ($out/NAME.png, of the view HASH). Returns non-zero when a step failed.
page() {
  local name=$1 input=$2 hash=${3:-}
  local html="$out/$name.html"
  if ! "$goap" studio "$input" -o "$html" >"$out/$name.stdout" 2>"$out/$name.stderr"; then
    fail "$name: goap studio $input failed: $(cat "$out/$name.stderr")"
    return 1
  fi
  check "$name: goap studio prints the page's path" grep -qx "$html" "$out/$name.stdout"
  chrome --enable-logging=stderr --v=0 --dump-dom "file://$abs/$html$hash" >"$out/$name.dom" 2>"$out/$name.log"
  chrome --screenshot="$abs/$out/$name.png" "file://$abs/$html$hash" >/dev/null 2>&1
  local body
  body=$(grep -o -m1 '<body[^>]*>' "$out/$name.dom" | head -n 1)
  check "$name: the page's script finished (data-ready)" grep -q 'data-ready="1"' <<<"$body"
  if grep -q 'data-errors' <<<"$body"; then
    fail "$name: the page recorded errors: $body"
  else
    pass "$name: no script error recorded (window.onerror, console.error)"
  fi
  if grep -E 'CONSOLE|Uncaught' "$out/$name.log" | grep -qiE 'error|uncaught'; then
    fail "$name: Chromium logged a console error: $(grep -E 'CONSOLE|Uncaught' "$out/$name.log" | head -n 3)"
  else
    pass "$name: no console error in Chromium's log"
  fi
  check "$name: screenshot written" test -s "$out/$name.png"
}

# has NAME TEXT...: each TEXT is in the drawn DOM (outside the embedded data: the checks
# look for markup that only the script creates).
has() {
  local name=$1 text
  shift
  for text in "$@"; do
    check "$name: the page shows $text" grep -qF -- "$text" "$out/$name.dom"
  done
}

# Kitchen: Chinese names, a plan.
if page kitchen examples/domains/kitchen.json; then
  has kitchen 'class="badge found">plan, cost 17<' 'data-action="洗菜"' 'data-action="炒菜"' \
    'data-action="摆盘"' 'data-name="菜已买"' '<option value="0" selected="">the file'
fi

# A goal with no plan: the "why no plan" report.
if page no-plan tests/data/studio-no-plan.json; then
  has no-plan 'class="badge no_plan">no plan<' '<pre class="report">' \
    '"有火" is true: no action makes it true' 'did you mean "有锅"?'
fi

# A large search: sampled, the plan's path kept, opened on the Search view.
if page large tests/data/studio-large.json '#search'; then
  has large 'class="note sampling">Showing 1500 of 4096 states' \
    "more on the plan's path (the plan's path is always shown)." 'class="badge found">plan found<' 'data-action="switch_on_11"' \
    '<section class="view on" id="view-search">'
  rows=$(grep -o 'class="row' "$out/large.dom" | wc -l)
  check "large: 1500 states drawn in the tree (found $rows)" test "$rows" -eq 1500
  goalrows=$(grep -o '<span class="star">★</span>' "$out/large.dom" | wc -l)
  check "large: the goal state is drawn (found $goalrows)" test "$goalrows" -eq 1
fi

# The demo's recording: the Agents view. (Needs `goap demo --record`, the flight recorder.)
if "$goap" demo --record "$out/demo.goaprec" >"$out/demo.stdout" 2>"$out/demo.stderr"; then
  pass "demo: goap demo --record wrote a recording"
  if page demo "$out/demo.goaprec" '#agents'; then
    has demo '<section class="view on" id="view-agents">' 'class="entry replan"' \
      'class="entry start"' 'search ▸' 'class="lane'
    entries=$(grep -o 'class="entry ' "$out/demo.dom" | wc -l)
    check "demo: timeline entries drawn (found $entries)" test "$entries" -gt 10
  fi
else
  fail "demo: \`goap demo --record $out/demo.goaprec\` failed (the flight recorder and its replay are not in this build yet?): $(head -c 300 "$out/demo.stderr")"
fi

echo "studio: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
