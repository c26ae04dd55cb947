#!/usr/bin/env bash
# Installs the Debian packages cudagrade builds with, if any are missing (README.md says why each is here).
# The CUDA toolkit (nvcc) is not a Debian package we can rely on: it must already be installed.
set -euo pipefail
packages=(cmake g++ make libyaml-cpp-dev libfmt-dev catch2 libcli11-dev nlohmann-json3-dev libboost-context-dev libarchive-dev libseccomp-dev bubblewrap util-linux chromium clang-14 libclang-rt-14-dev shellcheck unzip binutils python3 libxml2-utils)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [[ $(id -u) == 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! command -v nvcc >/dev/null && [[ ! -x /usr/local/cuda/bin/nvcc ]]; then
  echo "nvcc not found: install the CUDA toolkit (https://developer.nvidia.com/cuda-downloads) and put its bin/ on PATH" >&2
  exit 1
fi
