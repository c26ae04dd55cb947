# Sourced by the scripts/device-*.sh scripts, first thing, from the project root: where their logs go ($out:
# $OUT, the device tool's folder that comes back, or ./device-out), and the build dependencies carried in
# .device-debs (../shared/tools/device-debs) with CUDA's tools on PATH.
# shellcheck shell=bash
out=${OUT:-device-out}
mkdir -p "$out"
# shellcheck source=/dev/null
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH

# build_cudagrade [DIR [NAME]]: cudagrade alone (no test suite), Release, in DIR (default .), logged to
# $out/build-NAME.log (default $out/build.log); the log's last lines on failure, and status 1.
build_cudagrade() {
  local dir=${1:-.} log=$out/build${2:+-$2}.log
  (cd "$dir" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCUDAGRADE_BUILD_TESTS=OFF &&
    cmake --build build -j"$(nproc)" --target cudagrade) >"$log" 2>&1 || { tail -30 "$log"; return 1; }
}
