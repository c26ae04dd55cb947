#!/usr/bin/env bash
# CTest's GPU test: every reference and bundled example graded on a real GPU (the quick test cases), each
# against the verdict its file predicts. Without a usable GPU it says why and exits 77, which CTest reports
# as "Skipped", never as passed.
set -uo pipefail
cudagrade=${1:?usage: gpu_examples.sh path/to/cudagrade}
if ! reason=$("$cudagrade" devices 2>&1); then
  echo "SKIPPED: no usable GPU here, so nothing was graded on one: $reason"
  exit 77
fi
CUDAGRADE=$cudagrade exec "$(dirname "$0")/../scripts/grade-examples.sh" --references --cases-dir "$(dirname "$0")/../testcases/quick"
