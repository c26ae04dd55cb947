#!/usr/bin/env bash
# Runs the libFuzzer targets for a bounded time each, one after the other (fuzz/README.md).
#
#   fuzz/run.sh <seconds> [build-dir] [target...]
#
# seconds     how long each target runs (libFuzzer's -max_total_time)
# build-dir   where fuzz/build.sh builds them (default /tmp/cudagrade-fuzz); built first when out of date
# target      yaml, archive, or both (the default)
#
# Each target starts from a copy of its seed corpus (fuzz/corpus/<target>/) in a temporary folder, so
# the committed corpus never grows. One summary line per target; exit 1 when any target crashed (the
# crashing input is kept under <build-dir>/artifacts/ and its path printed), 77 when clang++-14 or its
# fuzzer runtime is missing (CTest's "Skipped"), 2 on a usage error.
#
# Environment: FUZZ_SCRATCH is where the temporary folder goes (default /dev/shm when writable, else
# $TMPDIR or /tmp); FUZZ_LOG_DIR keeps each target's full libFuzzer output as <dir>/<target>.log (otherwise the
# logs go with the temporary folder); FUZZ_EXTRA_ARGS adds libFuzzer flags (e.g. -seed=1 -max_len=20000).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() {
  echo "usage: fuzz/run.sh <seconds> [build-dir] [yaml|archive ...]" >&2
  exit 2
}
[[ $# -ge 1 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
seconds=$1
build=${2:-/tmp/cudagrade-fuzz}
shift $(($# >= 2 ? 2 : 1))
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(yaml archive)
for target in "${targets[@]}"; do
  [[ $target == yaml || $target == archive ]] || usage
done

"$root/fuzz/build.sh" "$build"
status=$?
[[ $status -eq 0 ]] || exit "$status"  # 77: no clang, passed on as "Skipped"

# The archive target creates and removes hundreds of files an input: on tmpfs it runs about four times as
# fast as on ext4, so the scratch folder goes in /dev/shm where that can be written.
scratch_parent=${FUZZ_SCRATCH:-}
if [[ -z $scratch_parent ]]; then
  scratch_parent=${TMPDIR:-/tmp}
  [[ -d /dev/shm && -w /dev/shm ]] && scratch_parent=/dev/shm
fi
scratch=$(mktemp -d "$scratch_parent/cudagrade-fuzz-run.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
log_dir=${FUZZ_LOG_DIR:-$scratch/logs}
mkdir -p "$log_dir" "$build/artifacts"
log_dir=$(cd "$log_dir" && pwd)

# A 64 MiB quarantine (ASan default: 256 MiB): a 10-minute run of the YAML target peaked at 1062 MB with 256, 658 MB with 64.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1:quarantine_size_mb=64}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
if [[ -z ${ASAN_SYMBOLIZER_PATH:-} && -x /usr/lib/llvm-14/bin/llvm-symbolizer ]]; then
  export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
fi

# The last value libFuzzer printed for `stat::<name>:` in a log.
libfuzzer_stat() { awk -v key="stat::$2:" '$1 == key { value = $2 } END { print value == "" ? "?" : value }' "$1"; }
# cov: from the INITED line (the seeds alone) and from the last status line.
coverage() { grep -Eo "#[0-9]+[[:space:]]+$2 .*cov: [0-9]+" "$1" | tail -1 | grep -Eo '[0-9]+$' || echo "?"; }
last_coverage() { grep -Eo 'cov: [0-9]+' "$1" | tail -1 | grep -Eo '[0-9]+$' || echo "?"; }

crashed=0
for target in "${targets[@]}"; do
  case $target in
    yaml) binary=$build/yaml_loader_fuzzer ;;
    archive) binary=$build/archive_intake_fuzzer ;;
  esac
  corpus=$scratch/corpus-$target
  mkdir -p "$corpus" "$scratch/tmp-$target"
  cp -R "$root/fuzz/corpus/$target/." "$corpus/"
  artifacts=$build/artifacts/$target/$(date -u +%Y%m%dT%H%M%SZ)-$$/
  mkdir -p "$artifacts"
  log=$log_dir/$target.log
  dict=()
  [[ -f $root/fuzz/$target.dict ]] && dict=(-dict="$root/fuzz/$target.dict")
  kept=""
  [[ -n ${FUZZ_LOG_DIR:-} ]] && kept=", log $log"
  echo "fuzz: $target: $seconds s on a copy of fuzz/corpus/$target ($(find "$corpus" -type f | wc -l) seeds)$kept"
  # shellcheck disable=SC2086  # FUZZ_EXTRA_ARGS is a list of flags
  (cd "$scratch/tmp-$target" && TMPDIR=$scratch/tmp-$target "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 \
    -timeout=10 -print_final_stats=1 -artifact_prefix="$artifacts" "${dict[@]}" ${FUZZ_EXTRA_ARGS:-} "$corpus") >"$log" 2>&1
  rc=$?
  mapfile -t found < <(find "$artifacts" -type f | sort)
  runs=$(libfuzzer_stat "$log" number_of_executed_units)
  inited=$(coverage "$log" INITED)
  final=$(last_coverage "$log")
  new_cov="?"
  [[ $inited =~ ^[0-9]+$ && $final =~ ^[0-9]+$ ]] && new_cov=$((final - inited))
  printf 'fuzz: %s: runs %s, exec/s %s, cov %s (seeds %s, new %s), new units %s, peak rss %s MB, crashes: %d\n' \
    "$target" "$runs" "$(libfuzzer_stat "$log" average_exec_per_sec)" "$final" "$inited" "$new_cov" \
    "$(libfuzzer_stat "$log" new_units_added)" "$(libfuzzer_stat "$log" peak_rss_mb)" "${#found[@]}"
  if [[ $rc -ne 0 || ${#found[@]} -gt 0 ]]; then
    crashed=1
    echo "fuzz: $target: FAILED (libFuzzer exit $rc); the end of its log:"
    grep -E 'ERROR: |invariant broken|SUMMARY: |Test unit written to|runtime error' "$log" | head -20 | sed 's/^/  /'
    tail -n 30 "$log" | sed 's/^/  | /'
    for input in "${found[@]}"; do echo "fuzz: $target: crashing input: $input (reproduce: $binary $input)"; done
  else
    rmdir "$artifacts" 2>/dev/null
  fi
done
exit "$crashed"
