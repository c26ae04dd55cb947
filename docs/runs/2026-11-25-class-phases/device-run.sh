#!/usr/bin/env bash
# One device call: build, the class of 50 with phases, the repeat check.
set -uo pipefail
source .device-debs/env.sh >/dev/null
scripts/device-build.sh 2>&1 | tail -3
mkdir -p "$OUT/class"
cp bench/class-batch.sh "$OUT/"; bench/class-batch.sh --students 50 --backend gpu --phases --keep "$OUT/class" 2>&1 | tee "$OUT/class-batch.txt" | tail -40



