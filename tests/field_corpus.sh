#!/usr/bin/env bash
# CTest's corpus of kernels in the styles students copy from the field (submissions/field/, issue #30):
# cooperative groups, sm_80 warp reductions, __CUDA_ARCH__ branches, vector loads, double-buffered SGEMM,
# built-in names as identifiers, graded in the CPU simulator on the shipped cases, each against the verdict
# its file predicts. The same files on a GPU: scripts/grade-examples.sh --examples submissions/field.
set -uo pipefail
cudagrade=${1:?usage: field_corpus.sh path/to/cudagrade}
CUDAGRADE=$cudagrade exec "$(dirname "$0")/../scripts/grade-examples.sh" --examples submissions/field -- --backend sim
