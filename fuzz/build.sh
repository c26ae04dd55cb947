#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/README.md) with clang++-14, ASan and UBSan, straight from the sources
# each one needs, into a build folder (default /tmp/cudagrade-fuzz), outside the CMake build on purpose:
# the project builds with g++, and only clang has libFuzzer.
#
#   fuzz/build.sh [build-dir]
#
# Rebuilds only when a source, a header under grader/ or this script changed since the last build.
# Exits 77 (CTest's "Skipped") when clang++-14 or its fuzzer runtime is missing, saying what to install.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-/tmp/cudagrade-fuzz}
cxx=${CXX_FUZZ:-clang++-14}

if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "fuzz: $cxx not found: install the Debian packages clang-14 and libclang-rt-14-dev" >&2
  exit 77
fi
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' |
  "$cxx" -x c++ -fsanitize=fuzzer,address,undefined -o /dev/null - >/dev/null 2>&1; then
  echo "fuzz: $cxx cannot link -fsanitize=fuzzer,address,undefined: install the Debian package libclang-rt-14-dev" >&2
  exit 77
fi

# The sources each target links, found by trial: what the linker asked for, and nothing more.
# The labs are data read by grader/labdef/ (its sources but the self-test of `lab check`, which needs the arena).
lab_sources=(
  grader/labdef/cpu_reference.cc
  grader/labdef/declaration.cc
  grader/labdef/declaration_parameters.cc
  grader/labdef/declared_lab.cc
  grader/labdef/declared_lab_check.cc
  grader/labdef/declared_lab_dump.cc
  grader/labdef/expression.cc
  grader/labdef/generated_entry.cc
  grader/labdef/input_generator.cc
  grader/labdef/output_check.cc
  grader/labdef/sparse_generator.cc
  grader/labdef/prototype.cc
  grader/model/lab.cc
  grader/core/command_runner.cc
  grader/core/parallel.cc
  grader/core/subprocess.cc
)
yaml_sources=(
  fuzz/yaml_loader_fuzzer.cc
  grader/testcases/loader.cc
  grader/core/hash.cc
  grader/model/downsize.cc
  grader/model/efficiency.cc
  grader/model/testcase.cc
  grader/labs/registry.cc
  "${lab_sources[@]}"
  grader/check/tile_picture.cc
  grader/check/unwritten.cc
  grader/core/files.cc
)
archive_sources=(
  fuzz/archive_intake_fuzzer.cc
  grader/intake/safe_extract.cc
  grader/intake/safe_name.cc
  grader/intake/intake.cc
  grader/intake/identity.cc
  grader/intake/lab_file_search.cc
  grader/core/hash.cc
  grader/core/files.cc
)
libraries=(-lyaml-cpp -lfmt -larchive -lpthread -ldl)
# shellcheck disable=SC2054  # the commas are clang's
flags=(-std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -I"$root/grader" -I"$root/grader/labdef/include" "-DCUDAGRADE_SOURCE_ROOT=\"$root\"")

mkdir -p "$out/obj"
# Two CTest tests may build into the same folder at once: one builds, the other waits and finds it built.
exec 9>"$out/.lock"
flock 9
stamp=$(
  cd "$root"
  {
    printf '%s\n' "$cxx" "${flags[@]}" "${libraries[@]}"
    "$cxx" --version | head -1
    sha256sum "${yaml_sources[@]}" "${archive_sources[@]}" fuzz/build.sh
    find grader -name '*.h' -print0 | sort -z | xargs -0 sha256sum
  } | sha256sum | cut -d' ' -f1
)
if [[ -x $out/yaml_loader_fuzzer && -x $out/archive_intake_fuzzer && -f $out/stamp && $(cat "$out/stamp") == "$stamp" ]]; then
  echo "fuzz: up to date in $out"
  exit 0
fi
rm -f "$out/stamp"

object() { echo "$out/obj/$(echo "$1" | tr / _ | sed 's/\.cc$/.o/')"; }

# Each source once (the targets share some), $FUZZ_BUILD_JOBS (default: nproc) at a time.
mapfile -t all < <(printf '%s\n' "${yaml_sources[@]}" "${archive_sources[@]}" | sort -u)
max_jobs=${FUZZ_BUILD_JOBS:-$(nproc)}
echo "fuzz: compiling ${#all[@]} sources with $cxx into $out ($max_jobs at a time)"
rm -f "$out/obj/failed"
compile() {
  (cd "$root" && "$cxx" "${flags[@]}" -c "$1" -o "$(object "$1")") || { echo "fuzz: cannot compile $1" >&2; touch "$out/obj/failed"; }
}
for source in "${all[@]}"; do
  while (($(jobs -rp | wc -l) >= max_jobs)); do wait -n || true; done
  compile "$source" &
done
wait
if [[ -e $out/obj/failed ]]; then
  echo "fuzz: build failed" >&2
  exit 1
fi

link() {
  local target=$1
  shift
  local objects=()
  for source in "$@"; do objects+=("$(object "$source")"); done
  "$cxx" "${flags[@]}" "${objects[@]}" "${libraries[@]}" -o "$out/$target"
}
link yaml_loader_fuzzer "${yaml_sources[@]}"
link archive_intake_fuzzer "${archive_sources[@]}"
echo "$stamp" >"$out/stamp"
echo "fuzz: built $out/yaml_loader_fuzzer and $out/archive_intake_fuzzer"
