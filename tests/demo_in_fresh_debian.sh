#!/usr/bin/env bash
# The README's first command on a new machine (issue #29): a Debian 12 with nothing but its minimal base, git
# and make; a clone of this project; `make demo` exactly as the README says. Twice, each in a clone of its own:
#   1. with the host's CUDA toolkit bind-mounted read-only at /usr/local/cuda, as an instructor's GPU machine
#      has it (there is no GPU here, so it grades in the simulator, but CMake finds nvcc);
#   2. without it, as a student's laptop (the simulator, a g++-only build).
# Each must give every bundled example its predicted verdict and write the example class's gradebook with
# every student's predicted status. Then make test's install step (`make deps`) runs in the same root, and the
# suite is configured there: a test tool's package missing from scripts/deps/ fails here as on a new machine.
#
# What is cloned is this working tree as a commit would hold it (tracked and untracked files, .gitignore
# respected), so the test sees uncommitted work too. Skipped (exit 77) with the reason where debootstrap or
# a mount namespace cannot run, or without a CUDA toolkit on the host.
#
# Usage: demo_in_fresh_debian.sh BUILD_DIR SOURCE_DIR. Shares its Debian base and apt's downloads with
# deb_in_fresh_debian (BUILD_DIR/deb-test-cache).
set -euo pipefail

build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
# shellcheck source=tests/testing/fresh_debian.sh
source "$source/tests/testing/fresh_debian.sh"
fresh_debian_preflight
toolkit=$(readlink -f /usr/local/cuda 2>/dev/null || true)
[[ -n $toolkit && -x $toolkit/bin/nvcc ]] || skip "no CUDA toolkit at /usr/local/cuda on this machine to lend the root"

work=$build/demo-test
cache=$build/deb-test-cache
root=$work/root
fresh_debian_remove "$root"
rm -rf "$work"
mkdir -p "$work"
started=$SECONDS

# The working tree as a commit, made through an index of its own: git's own index and refs stay as they were.
snapshot() {
  local index=$work/index
  GIT_INDEX_FILE=$index git -C "$source" add -A
  local tree
  tree=$(GIT_INDEX_FILE=$index git -C "$source" write-tree)
  GIT_AUTHOR_NAME=cudagrade GIT_AUTHOR_EMAIL=test@cudagrade GIT_COMMITTER_NAME=cudagrade \
    GIT_COMMITTER_EMAIL=test@cudagrade git -C "$source" commit-tree "$tree" -p HEAD -m "the working tree under test"
}
commit=$(snapshot)

fresh_debian_unpack "$cache" "$work" "$root"
git init -q --bare --initial-branch=main "$root/srv/cudagrade.git"
git -C "$source" push -q "$root/srv/cudagrade.git" "$commit:refs/heads/main"
cp "$source/submissions/class/matmul.expected.csv" "$root/srv/class.expected.csv"

# Inside: git and make first, as the issue's new user has them; then each demo in a clone of its own.
cat > "$root/srv/setup.sh" <<'INSIDE'
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq git make > /tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
INSIDE
cat > "$root/srv/demo.sh" <<'INSIDE'
set -euo pipefail
clone=/root/$1
git clone -q /srv/cudagrade.git "$clone"
cd "$clone"
status=0
make demo > "/srv/$1-demo.log" 2>&1 || status=$?
echo "$1: make demo exit $status"
build/cudagrade devices > "/srv/$1-devices.log" 2>&1 || true
INSIDE
cat > "$root/srv/test-deps.sh" <<'INSIDE'
set -euo pipefail
cd /root/with-toolkit
status=0
make deps configure > /srv/test-deps.log 2>&1 || status=$?
echo "test-deps: exit $status"
if grep -q "^CUDAGRADE_BUILD_TESTS:BOOL=ON" build/CMakeCache.txt; then echo "test-deps: the suite is on"; fi
INSIDE

# The example class's gradebook: every student of the expected list, with the predicted status.
check_gradebook() {
  local grades=$1 failures=0
  [[ -s $grades ]] || fail "$2: make demo wrote no gradebook ($grades)"
  while IFS=, read -r id status _; do
    [[ $id == student_id ]] && continue
    local got
    got=$(grep "^$id," "$grades" | cut -d, -f5) || true
    [[ $got == "$status" ]] || { echo "$2: student $id is '$got', predicted $status" >&2; failures=$((failures + 1)); }
  done < "$source/submissions/class/matmul.expected.csv"
  [[ $failures == 0 ]] || fail "$2: $failures students of the example class got another status than predicted"
}

check_demo() {
  local name=$1 log=$root/srv/$1-demo.log
  grep -q "^$name: make demo exit 0$" "$work/inside.log" ||
    { tail -n 40 "$log"; fail "$name: make demo failed on a fresh Debian 12 (its log's end is above)"; }
  grep -q "no usable GPU: grading in the CPU simulator" "$log" || fail "$name: the demo did not grade in the simulator"
  check_gradebook "$root/root/$name/build/demo-class/grades.csv" "$name"
}

{
  fresh_debian_run "$cache" "$root" "" /srv/setup.sh
  fresh_debian_run "$cache" "$root" "$toolkit:/usr/local/cuda" /srv/demo.sh with-toolkit
  fresh_debian_run "$cache" "$root" "" /srv/demo.sh without-toolkit
  fresh_debian_run "$cache" "$root" "$toolkit:/usr/local/cuda" /srv/test-deps.sh
} 2>&1 | tee "$work/inside.log" || fail "setting up or running the chroot failed (above)"

check_demo with-toolkit
grep -q "built without the CUDA toolkit" "$root/srv/with-toolkit-devices.log" &&
  fail "with-toolkit: CMake did not find the toolkit mounted at /usr/local/cuda"
check_demo without-toolkit
grep -q "built without the CUDA toolkit" "$root/srv/without-toolkit-devices.log" ||
  fail "without-toolkit: cudagrade does not say it was built without the toolkit"
grep -q "^test-deps: exit 0$" "$work/inside.log" ||
  { tail -n 40 "$root/srv/test-deps.log"; fail "make test's install step or configure failed after the demo"; }
grep -q "^test-deps: the suite is on$" "$work/inside.log" || fail "configuring after make deps left the suite off"
echo "ok: make demo on a fresh Debian 12 with and without the CUDA toolkit, then make test's install step," \
  "in $((SECONDS - started)) s"
fresh_debian_remove "$root"
