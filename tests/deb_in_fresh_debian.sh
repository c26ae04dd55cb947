#!/usr/bin/env bash
# The "fresh machine" proof (README, "Installing"): the .deb CPack makes is installed with
# `apt-get install ./cudagrade_*.deb` in a Debian 12 made by debootstrap, which has nothing else; the installed
# binary then grades two bundled examples in the simulator from a student's folder outside the install, on the
# installed test cases. Skipped (exit 77) with the reason where it cannot run: not root, no debootstrap, no mount
# namespace, or no network for the first debootstrap.
#
# Usage: deb_in_fresh_debian.sh BUILD_DIR SOURCE_DIR. The Debian 12 base (a tarball) and apt's downloads are
# kept in BUILD_DIR/deb-test-cache, so a rerun costs an unpack and an install, not a debootstrap.
set -euo pipefail

build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
skip() {
  echo "SKIPPED: $*"
  exit 77
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

[[ $(id -u) == 0 ]] || skip "debootstrap and chroot need root"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (scripts/install-deps.sh installs it)"
command -v cpack >/dev/null || skip "cpack is not installed"
unshare --mount --fork true 2>/dev/null || skip "this machine refuses a mount namespace (a container without CAP_SYS_ADMIN)"

work=$build/deb-test
cache=$build/deb-test-cache
base=$cache/debian12-minbase.tar
root=$work/root
# Never remove a tree that still has something mounted in it (its /dev is the host's).
remove_root() {
  if [[ -d $root ]]; then
    if findmnt -rn -o TARGET | grep -q "^$root/"; then
      fail "$root still has mounts; not removing it"
    fi
    rm -rf "$root"
  fi
}
remove_root
rm -rf "$work"
mkdir -p "$work/package" "$cache/archives/partial"

started=$SECONDS
# 1. The package, from what `cmake --build` made.
(cd "$work/package" && cpack -G DEB --config "$build/CPackConfig.cmake") > "$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack could not make the .deb"; }
deb=$(find "$work/package" -maxdepth 1 -name 'cudagrade_*.deb' | head -n 1)
[[ -n $deb ]] || fail "cpack made no cudagrade_*.deb"
depends=$(dpkg-deb -f "$deb" Depends)
echo "package: $(basename "$deb"), $(du -h "$deb" | cut -f1); Depends: $depends"
# Runtime packages only: a build or test tool in Depends would fail on a platform's image.
for tool in cmake catch2 chromium clang shellcheck libfmt-dev libyaml-cpp-dev libcli11-dev debootstrap; do
  grep -qw -- "$tool" <<< "$depends" && fail "the .deb depends on $tool, a build or test tool"
done

# 2. A Debian 12 with nothing but its minimal base (cached).
if [[ ! -s $base ]]; then
  echo "making the Debian 12 base with debootstrap (once; cached in $cache)"
  rm -rf "$work/bootstrap"
  if ! debootstrap --variant=minbase bookworm "$work/bootstrap" http://deb.debian.org/debian > "$work/debootstrap.log" 2>&1; then
    rm -rf "$work/bootstrap"
    skip "debootstrap could not make Debian 12 here (no network to deb.debian.org?): $(tail -n 1 "$work/debootstrap.log")"
  fi
  tar -C "$work/bootstrap" -cf "$base.partial" . && mv "$base.partial" "$base"
  rm -rf "$work/bootstrap"
fi
mkdir -p "$root"
tar -C "$root" -xf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"

# 3. What a student has: two files in a folder of their own, nowhere near the install.
mkdir -p "$root/tmp/package" "$root/home/student/lab"
cp "$deb" "$root/tmp/package/"
cp "$source/submissions/matmul/correct.cu" "$source/submissions/matmul/missing_last_tile.cu" "$root/home/student/lab/"
cat > "$root/tmp/inside.sh" <<'INSIDE'
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
cd /tmp/package
apt-get update -qq
apt-get install -y -qq ./cudagrade_*.deb > /tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
cd /home/student/lab
cudagrade --version
cudagrade devices || true
for file in correct missing_last_tile; do
  status=0
  cudagrade check matmul "$file.cu" --backend sim --format json --output "$file.json" || status=$?
  echo "$file: exit $status"
done
INSIDE

# 4. Install and grade inside it, in a mount namespace of its own: its mounts end with it.
# shellcheck disable=SC2016  # expanded by the inner bash, from its arguments
unshare --mount --fork -- bash -c '
  set -e
  root=$1
  mount --make-rprivate /
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount --bind "$2" "$root/var/cache/apt/archives"
  chroot "$root" /usr/bin/env -i HOME=/home/student PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    /bin/bash /tmp/inside.sh
' inside "$root" "$cache/archives" 2>&1 | tee "$work/inside.log" ||
  fail "installing or grading in the Debian 12 chroot failed (above)"
grep -q "^correct: exit 0$" "$work/inside.log" || fail "correct.cu did not pass in the chroot"
grep -q "^missing_last_tile: exit 1$" "$work/inside.log" || fail "missing_last_tile.cu was not failed in the chroot"

verdict() {
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["verdict"], r["backend"], r["grader"]["version"], r["grader"]["cases_hash"])' "$1"
}
read -r correct_verdict correct_backend version cases_hash < <(verdict "$root/home/student/lab/correct.json")
read -r wrong_verdict _ _ _ < <(verdict "$root/home/student/lab/missing_last_tile.json")
[[ $correct_verdict == passed && $correct_backend == sim ]] || fail "correct.cu: $correct_verdict on $correct_backend"
[[ $wrong_verdict == wrong_answer ]] || fail "missing_last_tile.cu: $wrong_verdict, not wrong_answer"
expected_version=$(dpkg-deb -f "$deb" Version)
[[ $version == "$expected_version" ]] || fail "the report names version $version, the package is $expected_version"
[[ -n $cases_hash ]] || fail "the report names no test-case hash"
echo "ok: installed from $(basename "$deb") in a fresh Debian 12; correct.cu passed, missing_last_tile.cu wrong_answer," \
  "graded by $version on the installed test cases ($cases_hash) from /home/student/lab, in $((SECONDS - started)) s"
remove_root
