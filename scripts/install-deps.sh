#!/usr/bin/env bash
# Installs the Debian packages cudagrade needs, if any are missing (README.md says why each is there).
#
#   scripts/install-deps.sh              everything `make test` needs: the runtime packages and the test tools
#   scripts/install-deps.sh --runtime    only what building and grading need (platform packages, images)
#   ... --cuda 13.0                      also NVIDIA's nvcc and cudart for that release (cuda-nvcc-13-0,
#                                        cuda-cudart-dev-13-0, not the toolkit metapackage), from NVIDIA's apt
#                                        repository for this distribution
#
# The lists are in scripts/deps/, one package a line: grade.txt (what grading runs), build.txt (what building
# adds), test.txt (test tools, Debian 12 only) and test-pypi.txt (test tools from PyPI, into .tools/venv).
# grade.txt and build.txt hold only names that exist in Debian 12, Ubuntu 22.04 and Ubuntu 24.04.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
runtime_only=false
cuda_version=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --runtime) runtime_only=true ;;
    --cuda)
      [[ $# -ge 2 && $2 =~ ^[0-9]+\.[0-9]+$ ]] || { echo "install-deps.sh: --cuda needs a release, e.g. 13.0" >&2; exit 2; }
      cuda_version=$2
      shift ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "install-deps.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# The package names in a list: comments and blank lines dropped.
read_list() {
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$here/deps/$1" | grep -v '^$'
}

sudo=()
[[ $(id -u) == 0 ]] || sudo=(sudo)
apt_updated=false
apt_install() {
  if [[ $apt_updated == false ]]; then
    "${sudo[@]}" apt-get update -qq
    apt_updated=true
  fi
  # Quiet, but an apt error is never hidden: it goes to stderr, and set -e stops here.
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
}

lists=(grade.txt build.txt)
[[ $runtime_only == true ]] || lists+=(test.txt)
packages=()
for list in "${lists[@]}"; do
  mapfile -t -O "${#packages[@]}" packages < <(read_list "$list")
done
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "installing: ${missing[*]}"
  apt_install "${missing[@]}"
fi

if [[ -n $cuda_version ]]; then
  cuda_packages=("cuda-nvcc-${cuda_version/./-}" "cuda-cudart-dev-${cuda_version/./-}")
  cuda_installed=0
  for package in "${cuda_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" && cuda_installed=$((cuda_installed + 1))
  done
  if [[ $cuda_installed -lt ${#cuda_packages[@]} ]]; then
    # NVIDIA publishes one repository per release (debian12, ubuntu2204, ubuntu2404): read it from the system.
    # shellcheck source=/dev/null
    . /etc/os-release
    repository="${ID}${VERSION_ID//./}"
    apt_install ca-certificates curl
    keyring=$(mktemp)
    curl -fsSL -o "$keyring" "https://developer.download.nvidia.com/compute/cuda/repos/${repository}/x86_64/cuda-keyring_1.1-1_all.deb"
    "${sudo[@]}" dpkg -i "$keyring"
    rm -f "$keyring"
    apt_updated=false
    echo "installing: ${cuda_packages[*]}"
    apt_install "${cuda_packages[@]}"
  fi
fi

if [[ $runtime_only == false ]]; then
  venv=$repo/.tools/venv
  requirements=$here/deps/test-pypi.txt
  # Reinstalled only when the pinned list changed since the last install.
  if ! cmp -s "$requirements" "$venv/installed.txt" 2>/dev/null; then
    echo "installing into $venv: $(read_list test-pypi.txt | paste -sd ' ' -)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/installed.txt"
  fi
fi

if ! command -v nvcc >/dev/null && [[ ! -x /usr/local/cuda/bin/nvcc ]]; then
  echo "install-deps.sh: no nvcc here: cudagrade builds without the GPU backend and grades in the CPU simulator" \
    "(install the CUDA toolkit, or run with --cuda 13.0, for the GPU backend)" >&2
fi
