#!/usr/bin/env bash
# CTest's simulator test: every reference and bundled example graded in the CPU simulator on the shipped
# test cases (testcases/<lab>.yaml, hidden ones included), each against the verdict its file predicts. This
# is how CI, which has no GPU, grades real CUDA on every push.
set -uo pipefail
cudagrade=${1:?usage: sim_examples.sh path/to/cudagrade}
CUDAGRADE=$cudagrade exec "$(dirname "$0")/../scripts/grade-examples.sh" --references -- --backend sim --include-hidden
