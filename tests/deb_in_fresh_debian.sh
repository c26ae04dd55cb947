#!/usr/bin/env bash
# The "fresh machine" proof (README, "Installing"): the .deb CPack makes is installed with
# `apt-get install ./cudagrade_*.deb` in a Debian 12 made by debootstrap, which has nothing else; the installed
# binary then grades two bundled examples in the simulator from a student's folder outside the install, on the
# installed test cases, and two files of a lab declared in a course's own root (--root), with no rebuild. Skipped (exit 77) with the reason where it cannot run: not root, no debootstrap, no mount
# namespace, or no network for the first debootstrap.
#
# Usage: deb_in_fresh_debian.sh BUILD_DIR SOURCE_DIR. The Debian 12 base (a tarball) and apt's downloads are
# kept in BUILD_DIR/deb-test-cache, so a rerun costs an unpack and an install, not a debootstrap.
set -euo pipefail

build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)

# shellcheck source=tests/testing/fresh_debian.sh
source "$source/tests/testing/fresh_debian.sh"
# shellcheck source=tests/testing/make_course.sh
source "$source/tests/testing/make_course.sh"
fresh_debian_preflight
command -v cpack >/dev/null || skip "cpack is not installed"

work=$build/deb-test
cache=$build/deb-test-cache
root=$work/root
fresh_debian_remove "$root"
rm -rf "$work"
mkdir -p "$work/package"

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
fresh_debian_unpack "$cache" "$work" "$root"

# 3. What a student has: two files in a folder of their own, nowhere near the install.
mkdir -p "$root/tmp/package" "$root/home/student/lab"
cp "$deb" "$root/tmp/package/"
cp "$source/submissions/matmul/correct.cu" "$source/submissions/matmul/missing_last_tile.cu" "$root/home/student/lab/"
# And what a course keeps in its own repository: a lab the installed grader has never seen (labs as data).
make_course "$source" "$root/home/ta/course" conv_warmup
cat > "$root/tmp/inside.sh" <<'INSIDE'
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive HOME=/home/student
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
for file in correct no_bounds_check; do
  status=0
  cudagrade --root /home/ta/course check conv_warmup "/home/ta/course/submissions/conv_warmup/$file.cu" --backend sim \
    > "/home/ta/$file.txt" 2>&1 || status=$?
  echo "course $file: exit $status"
done
INSIDE

# 4. Install and grade inside it.
fresh_debian_run "$cache" "$root" "" /tmp/inside.sh 2>&1 | tee "$work/inside.log" ||
  fail "installing or grading in the Debian 12 chroot failed (above)"
grep -q "^correct: exit 0$" "$work/inside.log" || fail "correct.cu did not pass in the chroot"
grep -q "^missing_last_tile: exit 1$" "$work/inside.log" || fail "missing_last_tile.cu was not failed in the chroot"
grep -q "^course correct: exit 0$" "$work/inside.log" ||
  { cat "$root/home/ta/correct.txt"; fail "the course's own lab did not pass its correct file with the installed binary"; }
grep -q "^course no_bounds_check: exit 1$" "$work/inside.log" ||
  { cat "$root/home/ta/no_bounds_check.txt"; fail "the course's own lab did not fail no_bounds_check.cu"; }

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
  "graded by $version on the installed test cases ($cases_hash) from /home/student/lab, and a course's own" \
  "declared lab from --root /home/ta/course, in $((SECONDS - started)) s"
fresh_debian_remove "$root"
