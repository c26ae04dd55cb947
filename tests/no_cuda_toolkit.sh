#!/usr/bin/env bash
# A student's laptop or a CI runner without nvcc: with the CUDA toolkit hidden, cudagrade configures and builds
# with g++ alone, `devices` says what is missing, and `make demo` grades the bundled examples (each against the
# verdict it predicts) and the example class in the simulator.
#
# The toolkit is hidden from PATH always, and where this runs as root with a mount namespace, from the whole
# file system too (an empty tmpfs over each /usr/local/cuda-*, /dev/null over every nvcc on PATH), so CMake's
# own search cannot find it; elsewhere CMake is told not to look (CMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit).
#
# Usage: no_cuda_toolkit.sh BUILD_DIR SOURCE_DIR; builds into BUILD_DIR/no-cuda (kept, so a rerun is quick).
set -euo pipefail

inside=false
if [[ ${1:-} == --inside ]]; then
  inside=true
  shift
fi
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
out=$build/no-cuda

if [[ $inside == false ]] && [[ $(id -u) == 0 ]] && unshare --mount --fork true 2>/dev/null; then
  exec unshare --mount --fork -- "$0" --inside "$build" "$source"
fi
if [[ $inside == true ]]; then
  mount --make-rprivate /
  for dir in /usr/local/cuda-* /opt/cuda; do
    if [[ -d $dir && ! -L $dir ]]; then mount -t tmpfs -o ro tmpfs "$dir"; fi
  done
  while read -r nvcc; do
    mount --bind /dev/null "$nvcc"
  done < <(which -a nvcc 2>/dev/null | sort -u)
  hidden_by="a mount namespace and PATH"
  cmake_hiding=()
else
  hidden_by="PATH and CMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit"
  cmake_hiding=(-DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON)
fi
PATH=$(tr ':' '\n' <<< "$PATH" | grep -v -i cuda | paste -sd ':' -)
export PATH
unset CUDACXX CUDA_PATH CUDA_HOME CUDAToolkit_ROOT
if command -v nvcc >/dev/null 2>&1 && [[ -x $(command -v nvcc) ]]; then
  echo "FAIL: nvcc is still reachable at $(command -v nvcc)" >&2
  exit 1
fi
echo "the CUDA toolkit is hidden by $hidden_by"
# The shared compiler cache where there is one; CI builds from nothing.
command -v ccache >/dev/null && export CMAKE_CXX_COMPILER_LAUNCHER=ccache

started=$SECONDS
cmake -S "$source" -B "$out" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${cmake_hiding[@]}" > "$build/no-cuda-configure.log" 2>&1 ||
  { cat "$build/no-cuda-configure.log"; echo "FAIL: configuring without the toolkit failed" >&2; exit 1; }
grep -q "No CUDA toolkit found" "$build/no-cuda-configure.log" ||
  { cat "$build/no-cuda-configure.log"; echo "FAIL: CMake found a CUDA toolkit" >&2; exit 1; }
grep -q "^CUDAGRADE_BUILD_TESTS:BOOL=OFF" "$out/CMakeCache.txt" || { echo "FAIL: the suite is on without nvcc" >&2; exit 1; }
cmake --build "$out" -j "$(nproc)" > "$build/no-cuda-build.log" 2>&1 ||
  { tail -n 40 "$build/no-cuda-build.log"; echo "FAIL: building with g++ alone failed" >&2; exit 1; }
echo "configured and built without the toolkit in $((SECONDS - started)) s"

status=0
devices=$("$out/cudagrade" devices 2>&1) || status=$?
echo "$devices"
[[ $status == 3 ]] || { echo "FAIL: devices exited $status, not 3 (no GPU)" >&2; exit 1; }
grep -q "built without the CUDA toolkit" <<< "$devices" || { echo "FAIL: devices does not say what is missing" >&2; exit 1; }
grep -q "^sim: usable" <<< "$devices" || { echo "FAIL: the simulator is not usable without the toolkit" >&2; exit 1; }

# make demo, as a user without the toolkit types it: it configures and builds (done above: no work left) and
# grades.
(cd "$source" && make --no-print-directory demo BUILD="$out") 2>&1 | tee "$build/no-cuda-demo.log"
status=${PIPESTATUS[0]}
[[ $status == 0 ]] || { echo "FAIL: make demo exited $status without the toolkit" >&2; exit 1; }
grep -q "grading in the CPU simulator" "$build/no-cuda-demo.log" || { echo "FAIL: make demo did not grade in the simulator" >&2; exit 1; }
echo "ok: built and graded the examples with no CUDA toolkit, in $((SECONDS - started)) s"
