#!/usr/bin/env bash
# The GPU verification behind issue #2's "done when", in one call on the device machine:
#   scripts/device-verify.sh references|repeat|bench|suite|phases|run|class|batch|sandbox|races|agree|sanitizer|field
# references: every reference file graded on the shipped test cases (all cases, hidden ones included)
# repeat:     one submission graded 5 times: medians and points must agree
# bench:      `cudagrade bench` tables for docs/BENCHMARKS.md
# suite:      the whole CTest suite, where the GPU test runs instead of being skipped
# run:        `cudagrade run` on the assignment's 16x13x7 example, with --dump
# class:      the example class (submissions/class/matmul/) through `cudagrade grade` on the GPU, in bwrap
# batch:      bench/class-batch.sh: wall time per submission for a class of 50 (or $2)
# sandbox:    issue #13: the references and examples (quick cases) without and with the sandbox (PID namespace,
#             filesystem view, seccomp filter), their timings compared; the hostile and escape corpora in it;
#             the system calls a reference runner makes (strace), against the filter's refusals
# races:      issue #12: the racy examples graded on the GPU (with the simulator's race check alongside,
#             the default), every reference and example on the quick cases, and the class benchmark of 50
#             with the race check off and on
# agree:      issue #12: scripts/agree.sh, every reference and example on the GPU alone, in the simulator and
#             merged, in one table that fails on a difference no backend's known limit explains
# sanitizer:  issue #12: `cudagrade check --race-check sanitizer` (compute-sanitizer's racecheck and synccheck
#             in place of the simulator) on the tiled matmul without its second barrier and on a reference,
#             without a sandbox and in bwrap (expect race and passed), with wall times; then CTest's gpu_sanitizer
# field:      issue #30: the field corpus (submissions/field/, kernels in the styles of NVIDIA's samples and the
#             tutorials) graded on the GPU as a student's grade is (the simulator's race check beside it) and
#             in the simulator, on the shipped cases, in one side-by-side table that fails on a mismatch
# phases:     issue #16: a student's self-check of submissions/matmul/correct.cu on the visible cases with
#             --phases, with a cold build cache and then a warm one, and the warm one without the race check:
#             wall time and where it went
# Logs go to $OUT (or ./device-out); the last lines are a short table.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/device-env.sh
source scripts/device-env.sh
[[ -x build/cudagrade ]] || scripts/device-build.sh >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee "$out/gpu.txt"
date -u | tee -a "$out/gpu.txt"

case "${1:-}" in
  references)
    for lab in $(build/cudagrade list --names); do
      for file in reference/"$lab"/*.cu; do
        build/cudagrade check "$lab" "$file" --include-hidden --format text >>"$out/references.txt" 2>&1
        echo "$file exit=$?" | tee -a "$out/references-summary.txt"
      done
    done
    grep -E "^score|^\S+ lab:" "$out/references.txt"
    ;;
  repeat)
    for i in 1 2 3 4 5; do
      lab=${2:-$(build/cudagrade list --names | head -n 1)}
      build/cudagrade check "$lab" "${3:-submissions/$lab/correct.cu}" --include-hidden --format json \
        >"$out/repeat-$i.json" 2>>"$out/repeat.log"
    done
    for i in 1 2 3 4 5; do
      sed -n 's/^  "score": \([^,]*\),$/score \1/p' "$out/repeat-$i.json"
      grep -A3 '"student": {' "$out/repeat-$i.json" | grep median_ms | tr -d ' ,' | tr '\n' ' '
      echo
    done | tee "$out/repeat-summary.txt"
    ;;
  bench)
    # Every lab at the sizes of its performance cases (testcases/<lab>.yaml).
    for lab in $(build/cudagrade list --names); do
      build/cudagrade list --include-hidden | awk -v lab="$lab:" '$1 == lab {on = 1; next} /^[^ ]/ {on = 0}
        on && $2 == "performance" {print $3}' | sort -u | while read -r size; do
        build/cudagrade bench "$lab" --size "${size//x/,}" | tee "$out/bench-$lab-$size.md"
      done
    done
    ;;
  suite)
    (cd build && ctest -j 8 --output-on-failure -E gpu_examples) >"$out/suite.txt" 2>&1
    echo "ctest exit=$?"
    grep -E "tests passed|Skipped|Failed" "$out/suite.txt"
    (cd build && ctest -R gpu_examples -V) >"$out/suite-gpu.txt" 2>&1
    grep -E "^[0-9]+: (file|submissions|reference|[0-9]+ mismatch)" "$out/suite-gpu.txt" | cut -c1-110
    grep -E "gpu_examples .*(Passed|Failed|Skipped)" "$out/suite-gpu.txt"
    ;;
  phases)
    df -h /dev/shm /tmp | tee "$out/phases-disks.txt"
    cold_cache=$(mktemp -d)
    for run in cold warm no-race-check; do
      flags=(--cache-dir "$cold_cache")
      extra=()
      [[ $run == no-race-check ]] && extra=(--race-check off)
      start=$(date +%s%N)
      build/cudagrade "${flags[@]}" check matmul submissions/matmul/correct.cu --phases --json "$out/phases-$run.json" \
        "${extra[@]}" >"$out/phases-$run.txt" 2>&1
      echo "exit=$? wall_ms=$((($(date +%s%N) - start) / 1000000))" >>"$out/phases-$run.txt"
    done
    for run in cold warm no-race-check; do echo "== $run"; sed -n '/^phase /,$p' "$out/phases-$run.txt"; done
    ;;
  run)
    build/cudagrade run matmul submissions/matmul/correct.cu --size 16,13,7 --dump "$out/dump" | tee "$out/run.txt"
    head -5 "$out/dump/C.txt"
    ;;
  class)
    # The example class, graded on the GPU inside bwrap: speed points on the timed case.
    build/cudagrade grade matmul submissions/class/matmul --cases tests/data/class/matmul.yaml --backend gpu \
      --sandbox bwrap --out "$out/class" >"$out/class.txt" 2>"$out/class-progress.txt"
    echo "grade exit=$?"
    cat "$out/class.txt"
    cut -d, -f1,3-5 "$out/class/grades.csv"
    grep -o '"isolation": "[^"]*"' "$out/class/students/2026000001/result.json"
    ;;
  batch)
    bench/class-batch.sh --students "${2:-50}" --backend gpu | tee "$out/batch.txt"
    ;;
  sandbox)
    for sandbox in none bwrap; do
      mkdir -p "$out/json-$sandbox"
      scripts/grade-examples.sh --references --cases-dir testcases/quick --json-dir "$out/json-$sandbox" -- \
        --backend gpu --sandbox "$sandbox" >"$out/examples-$sandbox.txt" 2>&1
      echo "references and examples, sandbox $sandbox: exit=$? $(tail -n 1 "$out/examples-$sandbox.txt")"
    done
    scripts/grade-examples.sh --examples submissions/adversarial --cases-dir tests/data/class -- --backend gpu \
      --sandbox bwrap >"$out/adversarial-bwrap.txt" 2>&1
    echo "hostile corpus in bwrap: exit=$? $(tail -n 1 "$out/adversarial-bwrap.txt")"
    export CUDAGRADE_COURSE_TOKEN="course-token-$RANDOM$RANDOM"
    mkdir -p "$out/json-escapes"
    scripts/grade-examples.sh --examples submissions/escapes --cases-dir tests/data/class --json-dir "$out/json-escapes" \
      -- --backend gpu --sandbox bwrap >"$out/escapes-bwrap.txt" 2>&1
    echo "escape corpus in bwrap: exit=$? $(tail -n 1 "$out/escapes-bwrap.txt"); reports quoting a leak or the token: $(grep -lE "LEAKED|$CUDAGRADE_COURSE_TOKEN" "$out"/json-escapes/*.json | wc -l)"
    if command -v strace >/dev/null; then
      strace -f -qq -o "$out/strace.txt" build/cudagrade check matmul reference/matmul/tiled_boundary.cu \
        --cases testcases/quick/matmul.yaml --backend gpu --sandbox none >/dev/null 2>&1
      scripts/sandbox-report.py syscalls "$out/strace.txt" /runner | tee "$out/syscalls.txt" | cut -c1-400
    fi
    scripts/sandbox-report.py timing "$out/json-none" "$out/json-bwrap" >"$out/timing.txt"
    tail -n 1 "$out/timing.txt"
    ;;
  races)
    for file in submissions/matmul/missing_syncthreads.cu submissions/reduction/warp_sync_without_syncwarp.cu; do
      lab=$(basename "$(dirname "$file")")
      build/cudagrade check "$lab" "$file" --backend gpu --include-hidden >"$out/$(basename "$file" .cu).txt" 2>&1
      echo "$file on the GPU: exit=$? $(grep -E '^score' "$out/$(basename "$file" .cu).txt")"
      grep -m1 -E "race check" "$out/$(basename "$file" .cu).txt"
      grep -m1 -A1 -E "^\S.*: race$" "$out/$(basename "$file" .cu).txt" | cut -c1-300
    done
    scripts/grade-examples.sh --references --cases-dir testcases/quick -- --backend gpu >"$out/examples-races.txt" 2>&1
    echo "references and examples on the GPU with the race check: exit=$? $(tail -n 1 "$out/examples-races.txt")"
    for check in off sim; do
      bench/class-batch.sh --students 50 --backend gpu --race-check "$check" >"$out/batch-$check.txt" 2>&1
      echo "class of 50, race check $check: $(grep -E '^(wall|time):' "$out/batch-$check.txt" | tr '\n' ' ')"
    done
    ;;
  agree)
    scripts/agree.sh "$out/agree" >"$out/agree.txt" 2>&1
    echo "agree: exit=$?"
    for file in submissions/matmul/split_k_without_atomics.cu submissions/reduction/every_thread_adds_to_out.cu; do
      lab=$(basename "$(dirname "$file")")
      build/cudagrade check "$lab" "$file" --backend gpu --include-hidden >"$out/$(basename "$file" .cu).txt" 2>&1
      echo "$file on the GPU, all cases: exit=$? $(grep -E '^score' "$out/$(basename "$file" .cu).txt")"
    done
    cat "$out/agree.txt"
    ;;
  field)
    scripts/grade-examples.sh --examples submissions/field >"$out/field-gpu.txt" 2>&1
    gpu_status=$?
    scripts/grade-examples.sh --examples submissions/field -- --backend sim >"$out/field-sim.txt" 2>&1
    sim_status=$?
    echo "field corpus: gpu exit=$gpu_status, sim exit=$sim_status"
    python3 - "$out/field-gpu.txt" "$out/field-sim.txt" <<'PY' | tee "$out/field.txt"
import sys
def rows(path):
    table = {}
    for line in open(path):
        parts = line.split()
        if parts and parts[0].startswith("submissions/field/"):
            table[parts[0]] = (parts[1], parts[2], parts[3], parts[-1])
    return table
gpu, sim = rows(sys.argv[1]), rows(sys.argv[2])
print(f"{'file':58} {'expected':14} {'gpu':14} {'score':9} {'sim':14} {'score':9} agree")
for name in sorted(set(gpu) | set(sim)):
    g = gpu.get(name, ("?", "none", "?", "?"))
    s = sim.get(name, ("?", "none", "?", "?"))
    print(f"{name.removeprefix('submissions/field/'):58} {g[0]:14} {g[1]:14} {g[2]:9} {s[1]:14} {s[2]:9} "
          f"{'yes' if g[1] == s[1] else 'NO'}")
PY
    ;;
  sanitizer)
    scripts/sanitizer-table.sh "$out/sanitizer" | tee "$out/sanitizer.txt"
    (cd build && ctest -R gpu_sanitizer -V) >"$out/sanitizer-ctest.txt" 2>&1
    grep -E "gpu_sanitizer .*(Passed|Failed|Skipped)|SKIPPED" "$out/sanitizer-ctest.txt"
    ;;
  *) echo "usage: $0 references|repeat|bench|suite|phases|run|class|batch|sandbox|races|agree|sanitizer|field" >&2; exit 2 ;;
esac
