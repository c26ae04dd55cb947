#!/usr/bin/env bash
# Writes every output format of the bundled examples and the example class into one folder, so that a
# refactor can be checked byte for byte:
#   scripts/output-snapshot.sh before/ ; (change the code, rebuild) ; scripts/output-snapshot.sh after/
#   diff -r before/ after/
# Runs in the CPU simulator on the quick cases. Wall-clock times and the output folder's path are the only
# things that differ between two runs of the same build; they are replaced by fixed words (see normalise).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
cudagrade=${CUDAGRADE:-$PWD/build/cudagrade}
root=$PWD
export CUDAGRADE_ROOT=$root
[[ $# == 1 ]] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
out=$(realpath -m "$1")
rm -rf "$out"; mkdir -p "$out"
[[ -x $cudagrade ]] || { echo "$cudagrade is not built; run 'make' first" >&2; exit 2; }

# What differs between two runs of one build: timings (and the padding of the text format's time column),
# the GitHub printer's per-run token, the order in which parallel students finish (the progress lines are
# sorted without their counters), the lock holder's pid, and the folders. Every other byte must stay.
normalise() {
  sed -E -i \
    -e 's/("(elapsed_ms|simulated_ms|duration|execution_time)": ?)[0-9.e+-]+/\1T/g' \
    -e 's/cudagrade-[0-9a-f]{32}/TOKEN/g' \
    -e 's/(time="|timestamp=")[^"]*"/\1T"/g' \
    -e 's/\b[0-9]+(\.[0-9]+)? ?(ms|s)\b/T \2/g' \
    -e 's/ +T (ms|s)\b/ T \1/g' \
    -e "s|$out|OUT|g" -e "s|$root|ROOT|g" "$@"
}

# A private cache, warmed first, so that every report says "built (cached)" on every run.
export CUDAGRADE_CACHE=$out.cache
rm -rf "$CUDAGRADE_CACHE"
# The fallback is for a binary from before `list --names` (49da354, the baseline of the #11 restructure).
labs=$("$cudagrade" list --names 2>/dev/null || echo "matmul reduction")
for lab in $labs; do
  for file in submissions/"$lab"/*.cu; do
    name=$lab-$(basename "$file" .cu)
    "$cudagrade" check "$lab" "$file" --cases "testcases/quick/$lab.yaml" --backend sim --sandbox none \
      --format json >/dev/null 2>&1
    for format in $("$cudagrade" check --help | sed -n 's/.*report format: //p' | tr -d ','); do
      GITHUB_STEP_SUMMARY=$out/$name.$format.summary GITHUB_OUTPUT=$out/$name.$format.ghout \
        "$cudagrade" check "$lab" "$file" --cases "testcases/quick/$lab.yaml" --backend sim --sandbox none \
        --format "$format" --output "$out/$name.$format" 2>"$out/$name.$format.stderr"
      echo "exit $?" >>"$out/$name.$format.stderr"
    done
  done
done
"$cudagrade" grade matmul submissions/class/matmul --cases tests/data/class/matmul.yaml --out "$out/class" \
  --backend sim --sandbox none >"$out/class.stdout" 2>"$out/class.stderr"
echo "exit $?" >>"$out/class.stderr"
rm -rf "$out/class/.work" "$out/class/.cudagrade.lock" "$CUDAGRADE_CACHE"
sed -E -i 's|^\[[0-9]+/[0-9]+\] ||' "$out/class.stderr" && sort -o "$out/class.stderr" "$out/class.stderr"
for file in "$out"/*.ghout; do  # base64 of JSON with timings in it: decoded, so that it can be normalised
  sed -n 's/^result=//p' "$file" | base64 -d >"$file.json" && rm "$file"
done
find "$out" -type f -print0 | while IFS= read -r -d '' f; do normalise "$f"; done
echo "snapshot in $out: $(find "$out" -type f | wc -l) files"
