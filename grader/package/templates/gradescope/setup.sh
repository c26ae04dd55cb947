#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image for the @LAB@ lab (written by
# `cudagrade package gradescope`). It installs the CUDA @CUDA_VERSION@ toolkit from NVIDIA's apt repository,
# then cudagrade's Debian packages, and builds cudagrade from the copy in this zip, so that each submission
# only runs the grader.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$here/cudagrade
export DEBIAN_FRONTEND=noninteractive

# NVIDIA publishes one repository per release (ubuntu2204, ubuntu2404, debian12), and Gradescope lets a
# course choose the base image, so the release is read from the image rather than assumed.
# shellcheck source=/dev/null
. /etc/os-release
repository="${ID}${VERSION_ID//./}"
apt-get update -qq
apt-get install -y -qq ca-certificates curl >/dev/null
curl -fsSL -o /tmp/cuda-keyring.deb \
  "https://developer.download.nvidia.com/compute/cuda/repos/${repository}/x86_64/@CUDA_KEYRING@"
dpkg -i /tmp/cuda-keyring.deb
apt-get update -qq
apt-get install -y -qq @CUDA_PACKAGE@ >/dev/null
export PATH="$PATH:/usr/local/cuda-@CUDA_VERSION@/bin"

"$source_dir/scripts/install-deps.sh"
cmake -S "$source_dir" -B "$source_dir/build" -DCUDAGRADE_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release
cmake --build "$source_dir/build" -j "$(nproc)"

# Fails the image build, where the instructor sees it, rather than every student's first submission.
"$source_dir/build/cudagrade" validate "$source_dir/testcases/@LAB@.yaml"
# The hidden cases are root's alone: run_autograder hands them to the grader on a pipe, and a student's code,
# which runs as another user, cannot read them (nor the rest of testcases/).
chmod -R go-rwx "$source_dir/testcases"
