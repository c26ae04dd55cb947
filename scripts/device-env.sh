# Sourced by the scripts/device-*.sh scripts, first thing, from the project root: where their logs go ($out:
# $OUT, the device tool's folder that comes back, or ./device-out), and the build dependencies carried in
# .device-debs (../shared/tools/device-debs) with CUDA's tools on PATH.
# shellcheck shell=bash
out=${OUT:-device-out}
mkdir -p "$out"
# shellcheck source=/dev/null
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH
