#!/usr/bin/env bash
# CTest's screenshot test of a student's report: the example class's race (2026000006, a missing
# __syncthreads()) opened in headless Chromium at its first blamed line. The DOM must mark both lines of the
# race (20 and 22) as blamed and link them from the case table, and a screenshot must show two separate
# bands of the highlight colour (#ffc8c8): the two lines, with the unblamed line 21 between them. Without
# Chromium it says so and exits 77, which CTest reports as Skipped. With KEEP_SCREENSHOT=FILE the screenshot
# is kept there.
set -uo pipefail
cudagrade=${1:?usage: report_in_browser.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
browser_page=report.html
# shellcheck source=tests/browser.sh
source "$root/tests/browser.sh"
"$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
  --backend sim --out "$scratch/out" >/dev/null 2>&1 || { echo "FAIL: grading the class failed"; exit 1; }
page="$scratch/out/students/2026000006/report.html"
failures=0
check() {  # description, then a grep pattern that the DOM must match
  if grep -q -- "$2" "$scratch/dom.html"; then echo "ok: $1"; else echo "FAIL: $1"; failures=$((failures + 1)); fi
}
open_page "file://$page" --dump-dom >"$scratch/dom.html"
check "line 20 is blamed" '<span id="L20" class="line blamed"'
check "line 22 is blamed" '<span id="L22" class="line blamed"'
check "line 21 is not" '<span id="L21" class="line">'
check "the case table links both lines" '<a href="#L20">20</a>, <a href="#L22">22</a>'
# The whole page in one tall window (headless Chromium draws a blank page for a URL with a #fragment).
open_page "file://$page" --screenshot="$scratch/race.png" --window-size=1000,4000 >/dev/null
if [[ ! -s $scratch/race.png ]]; then
  echo "FAIL: no screenshot"
  exit 1
fi
[[ -n ${KEEP_SCREENSHOT:-} ]] && cp "$scratch/race.png" "$KEEP_SCREENSHOT"
bands=$(python3 - "$scratch/race.png" <<'PY'
# Counts the horizontal bands of the highlight colour in a PNG, with only the standard library: the rows
# where at least 200 pixels are exactly #ffc8c8, grouped where they touch.
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
assert depth == 8 and colour in (2, 6), (depth, colour)
channels = 3 if colour == 2 else 4
raw = zlib.decompress(idat)
stride = width * channels
rows, previous, at = [], bytearray(stride), 0
for _ in range(height):
    kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
    at += 1 + stride
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b = previous[i]
        c = previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + a) & 255
        elif kind == 2: line[i] = (line[i] + b) & 255
        elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(sum(1 for x in range(0, stride, channels) if line[x:x + 3] == b"\xff\xc8\xc8") >= 200)
    previous = line
print(sum(1 for y in range(height) if rows[y] and (y == 0 or not rows[y - 1])))
PY
)
if [[ $bands == 2 ]]; then
  echo "ok: the screenshot shows two highlighted lines"
else
  echo "FAIL: the screenshot shows $bands highlighted band(s), expected 2 (lines 20 and 22)"
  failures=$((failures + 1))
fi
echo "$failures failure(s)"
[[ $failures == 0 ]]
