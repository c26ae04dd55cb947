#!/usr/bin/env bash
# Device probe: why three honest files were rejected on a timed case when four lab checks shared the GPU.
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
out=/tmp/pr  # its logs are packed into $OUT/probe.tgz at the end
mkdir -p "$out"
build_cudagrade || exit 1
show() {  # the timed cases' status, message and timings
  python3 -c '
import json,sys
r=json.load(open(sys.argv[1]))
for c in r["cases"]:
    sp=c.get("speed")
    if not sp: continue
    st=sp.get("student") or {}; rt=sp.get("reference_timing") or {}
    print(sys.argv[2], c["name"], c["status"], "| student median", st.get("median_ms"), "wall", st.get("wall_ms"), "samples", st.get("samples"), "| ref median", rt.get("median_ms"), "wall", rt.get("wall_ms"), "samples", rt.get("samples"))
    if c["status"]!="passed": print("   ", c["message"][:400])
' "$1" "$2"
}
files="matmul:reference/matmul/naive.cu transpose:submissions/transpose/uncoalesced.cu histogram:reference/histogram/warp_aggregated.cu reduction:submissions/field/reduction/legacy_shfl_macro.cu"
echo "== alone, one after another"
for lf in $files; do lab=${lf%%:*}; f=${lf#*:}
  build/cudagrade check $lab $f --cases testcases/quick/$lab.yaml --format json > $out/alone-$lab.json 2>/dev/null; show $out/alone-$lab.json "alone $lab"; done
echo "== all four at once"
for lf in $files; do lab=${lf%%:*}; f=${lf#*:}
  build/cudagrade check $lab $f --cases testcases/quick/$lab.yaml --format json > $out/together-$lab.json 2>/dev/null & done; wait
for lf in $files; do lab=${lf%%:*}; show $out/together-$lab.json "together $lab"; done
echo "== legacy_shfl_macro on the full cases, twice"
for i in 1 2; do build/cudagrade check reduction submissions/field/reduction/legacy_shfl_macro.cu --format json > $out/legacy-$i.json 2>/dev/null; show $out/legacy-$i.json "legacy$i"; done
tar czf $OUT/probe.tgz -C $out .
