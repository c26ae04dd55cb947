#!/usr/bin/env bash
# A reduced output snapshot: every bundled example's JSON report and text report (the lab's messages, details,
# pictures, scores) and the example class's gradebook, normalised as scripts/output-snapshot.sh does.
set -uo pipefail
cd /work/main
cudagrade=$1; out=$2
rm -rf "$out"; mkdir -p "$out"
export CUDAGRADE_ROOT=/work/main CUDAGRADE_CACHE=$out.cache
for lab in matmul reduction transpose; do
  for file in submissions/"$lab"/*.cu; do
    name=$lab-$(basename "$file" .cu)
    for format in json text; do
      "$cudagrade" check "$lab" "$file" --cases "testcases/quick/$lab.yaml" --backend sim --sandbox none \
        --format $format --output "$out/$name.$format" 2>"$out/$name.$format.stderr"
      echo "exit $?" >>"$out/$name.$format.stderr"
    done
  done
done
"$cudagrade" grade matmul submissions/class/matmul --cases tests/data/class/matmul.yaml --out "$out/class" \
  --backend sim --sandbox none >"$out/class.stdout" 2>"$out/class.stderr"
rm -rf "$out/class/.work" "$out/class/.cudagrade.lock" "$CUDAGRADE_CACHE"
sed -E -i 's|^\[[0-9]+/[0-9]+\] ||' "$out/class.stderr" && sort -o "$out/class.stderr" "$out/class.stderr"
find "$out" -type f -print0 | xargs -0 sed -E -i \
    -e 's/("(elapsed_ms|simulated_ms|duration|execution_time)": ?)[0-9.e+-]+/\1T/g' \
    -e 's/\b[0-9]+(\.[0-9]+)? ?(ms|s)\b/T \2/g' -e 's/ +T (ms|s)\b/ T \1/g' -e "s|$out|OUT|g" -e "s|/work/main|ROOT|g"
echo "snapshot: $(find "$out" -type f | wc -l) files"
