#!/usr/bin/env bash
# One device call: a process's CUDA start-up, split (start_probe.cu), 8 processes one after another, then
# 4 at once twice, then 8 at once, then 8 one after another beside a process that holds a context open;
# and whether the GPU's persistence mode is on.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
here=docs/runs/2026-11-25-cuda-start
nvcc -O2 -arch=sm_90 -o /tmp/start_probe "$here/start_probe.cu" -lcuda || exit 1
nvidia-smi --query-gpu=name,driver_version,persistence_mode --format=csv,noheader
date -u
echo "== one after another"
for i in 1 2 3 4 5 6 7 8; do /tmp/start_probe; done
for n in 4 4 8; do
  echo "== $n at once"
  started=$(date +%s.%N)
  for i in $(seq "$n"); do /tmp/start_probe & done
  wait
  echo "wall for $n: $(python3 -c "import time,sys; print(f'{(time.time() - float(sys.argv[1])) * 1000:.0f} ms')" "$started")"
done
echo "== one after another, while another process holds a context open (as a class's reference runners do)"
/tmp/start_probe 30 > /dev/null &
holder=$!
sleep 2
for i in 1 2 3 4 5 6 7 8; do /tmp/start_probe; done
kill "$holder"
# Does a setting of the process's own make its context cheaper? Beside a holder, 4 each.
/tmp/start_probe 30 > /dev/null &
holder=$!
sleep 2
for setting in CUDA_DEVICE_MAX_CONNECTIONS=1 CUDA_DEVICE_MAX_CONNECTIONS=32 CUDA_MODULE_LOADING=EAGER CUDA_CACHE_DISABLE=1; do
  echo "== $setting, beside a holder"
  for i in 1 2 3 4; do env "$setting" /tmp/start_probe; done
done
kill "$holder"
