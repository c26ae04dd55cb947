#!/usr/bin/env bash
# On the GPU machine (the device tool), from the project root: unpack the carried Debian packages and build.
#   source .device-debs/env.sh is done here; carry .device-debs with the call.
set -euo pipefail
cd "$(dirname "$0")/.."
source .device-debs/env.sh >/dev/null
export PATH=/usr/local/cuda/bin:$PATH
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" 2>&1 | grep -E "error|warning" || true
test -x build/cudagrade
echo "built build/cudagrade on $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
