#!/usr/bin/env bash
# CTest's browser test: the example class's summary.html and one student's report, opened in headless
# Chromium. The page must render (a screenshot is drawn), and the DOM Chromium built must hold what the
# instructor reads: the histogram and speed charts as SVG, the pass-rate table, every student's link, and
# the statuses; with every request to the network refused, nothing may be missing. Without Chromium it
# says so and exits 77, which CTest reports as Skipped.
set -uo pipefail
cudagrade=${1:?usage: summary_in_browser.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
browser_page=summary.html
# shellcheck source=tests/browser.sh
source "$root/tests/browser.sh"
"$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
  --backend sim --out "$scratch/out" >/dev/null 2>&1 || { echo "FAIL: grading the class failed"; exit 1; }

failures=0
check() {  # description, then a grep pattern that the DOM must match
  if grep -q -- "$2" "$scratch/dom.html"; then echo "ok: $1"; else echo "FAIL: $1"; failures=$((failures + 1)); fi
}

open_page "$scratch/out/summary.html" --dump-dom >"$scratch/dom.html"
check "the page has a DOM" "<body"
check "the histogram and speed charts are SVG" "<svg"
check "a pass-rate table" "<table"
check "the race student is listed" "2026000006"
check "the race status is shown" "race"
check "the unsafe archive is listed" "unsafe_archive"
check "students link to their reports" 'students/2026000001/report.html'
check "the similar pair is shown side by side" 'pair-1'
check "the similarity section says it is no grade" 'never a grade'
open_page "$scratch/out/summary.html" --screenshot="$scratch/summary.png" --window-size=1280,2400 >/dev/null
if [[ -s $scratch/summary.png ]]; then echo "ok: a screenshot was drawn ($(stat -c %s "$scratch/summary.png") bytes)"; else echo "FAIL: no screenshot"; failures=$((failures + 1)); fi
open_page "$scratch/out/students/2026000006/report.html" --dump-dom >"$scratch/dom.html"
check "the student's report names the race" "data race on shared array"
if grep -qiE "net::ERR|Failed to load resource" "$scratch/browser.log"; then
  echo "FAIL: the page asked the network for something:"
  grep -iE "net::ERR|Failed to load resource" "$scratch/browser.log" | head -5
  failures=$((failures + 1))
fi
echo "$failures failure(s)"
[[ $failures == 0 ]]
