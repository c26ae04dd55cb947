#!/usr/bin/env bash
# A course's own labs, declared in its own repository and never built into the grader: `--root COURSE` finds
# them, and list, lab check, check, grade and package gradescope all work on them with this build's binary, no
# rebuild.
# (deb_in_fresh_debian.sh does the same with the binary installed from the .deb.)
#
# Usage: course_lab.sh CUDAGRADE SOURCE_DIR
set -uo pipefail
cudagrade=$(realpath "$1")
source=$(cd "$2" && pwd)
# shellcheck source=tests/testing/make_course.sh
source "$source/tests/testing/make_course.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

course=$scratch/course
make_course "$source" "$course" conv_warmup
grade() { "$cudagrade" --root "$course" --cache-dir "$scratch/cache" "$@"; }

# And a lab written for the course alone, in element types no shipped lab uses (uint8_t, double, int64_t):
# tests/data/course/labs/row_stats/lab.yaml.
cp -r "$source/tests/data/course/." "$course/"

grade list --names | grep -qx conv_warmup || fail "list --names does not show the course's lab"
grade lab check row_stats --backend sim > "$scratch/row-stats-check.txt" 2>&1 ||
  { cat "$scratch/row-stats-check.txt"; fail "lab check row_stats did not pass"; }
grep -q "lab row_stats is sound" "$scratch/row-stats-check.txt" || fail "lab check did not find row_stats sound"
grade check row_stats "$course/submissions/row_stats/int_sum_sq.cu" --backend sim > "$scratch/int-sum.txt"
grep -q "sum_sq\[0\]: expected 8705797438, got 115862846" "$scratch/int-sum.txt" ||
  { cat "$scratch/int-sum.txt"; fail "the int64_t sum that wrapped in 32 bits is not shown as it was"; }
grade lab check conv_warmup --backend sim > "$scratch/lab-check.txt" 2>&1 ||
  { cat "$scratch/lab-check.txt"; fail "lab check conv_warmup did not pass"; }
grep -q "lab conv_warmup is sound" "$scratch/lab-check.txt" || fail "lab check did not say the lab is sound"

grade check conv_warmup "$course/submissions/conv_warmup/correct.cu" --backend sim --format json \
  --output "$scratch/correct.json" || fail "correct.cu did not pass"
grade check conv_warmup "$course/submissions/conv_warmup/no_bounds_check.cu" --backend sim > "$scratch/wrong.txt"
[[ $? == 1 ]] || fail "no_bounds_check.cu was not failed"
grep -q "wrong_answer" "$scratch/wrong.txt" || { cat "$scratch/wrong.txt"; fail "no_bounds_check.cu: no wrong_answer"; }

mkdir -p "$scratch/uploads"
cp "$course/submissions/conv_warmup/correct.cu" "$scratch/uploads/Lab1_ada1001_attempt_2026-11-20-12-00-00_conv_warmup.cu"
cp "$course/submissions/conv_warmup/no_bounds_check.cu" "$scratch/uploads/Lab1_alan1002_attempt_2026-11-20-12-00-00_conv_warmup.cu"
grade grade conv_warmup "$scratch/uploads" --backend sim --out "$scratch/class" > "$scratch/class.log" 2>&1
grep -q "passed" "$scratch/class/grades.csv" && grep -q "wrong_answer" "$scratch/class/grades.csv" ||
  { cat "$scratch/class.log" "$scratch/class/grades.csv"; fail "the class gradebook lacks a passed and a wrong_answer row"; }

grade package gradescope conv_warmup --out "$scratch/gradescope" > "$scratch/package.log" 2>&1 ||
  { cat "$scratch/package.log"; fail "package gradescope failed"; }
# The listing in a file first: `grep -q` would stop reading early, and pipefail would count unzip's SIGPIPE.
unzip -l "$scratch/gradescope/autograder.zip" > "$scratch/zip-listing.txt"
grep -q "labs/conv_warmup/lab.yaml" "$scratch/zip-listing.txt" || fail "the Gradescope package does not carry the lab's declaration"
grep -q "grader/harness/" "$scratch/zip-listing.txt" || fail "the Gradescope package does not carry the grader"

# GitHub Classroom and PrairieLearn: the course's lab travels in the package, which the grader's repository and
# image do not hold; students' starters get no reference kernel and no hidden case.
grade package github row_stats --out "$scratch/github" --grader-ref v1 > "$scratch/github.log" 2>&1 ||
  { cat "$scratch/github.log"; fail "package github row_stats failed"; }
[[ -f $scratch/github/.cudagrade-course/labs/row_stats/lab.yaml ]] || fail "the starter does not carry the lab's declaration"
[[ -z $(find "$scratch/github/.cudagrade-course/reference" -name "*.cu") ]] || fail "the starter carries the reference kernels"
grep -q "hidden-13x77" "$scratch/github/.cudagrade-course/testcases/row_stats.yaml" && fail "the starter carries a hidden case"
# The starter grades as the workflow grades it: --root .cudagrade-course, from the starter's own folder.
cp "$course/submissions/row_stats/correct.cu" "$scratch/github/row_stats.cu"
(cd "$scratch/github" && "$cudagrade" --root .cudagrade-course --cache-dir "$scratch/cache" check row_stats row_stats.cu \
  --backend sim > "$scratch/github-check.txt" 2>&1) || { cat "$scratch/github-check.txt"; fail "the starter's copy of the lab does not grade"; }
grade package prairielearn row_stats --out "$scratch/pl" > "$scratch/pl.log" 2>&1 ||
  { cat "$scratch/pl.log"; fail "package prairielearn row_stats failed"; }
grep -q "hidden-13x77" "$scratch/pl/questions/row_stats/tests/course/testcases/row_stats.yaml" ||
  fail "the PrairieLearn question's tests/ lacks the lab's hidden case"

# A new lab from `lab new` is a working lab as written (the template's own test).
grade lab new scale_demo > "$scratch/lab-new.txt" 2>&1 || { cat "$scratch/lab-new.txt"; fail "lab new failed"; }
grep -q "docs/LABS.md" "$course/labs/scale_demo/lab.yaml" || fail "lab new's declaration does not point to docs/LABS.md"
grade lab check scale_demo --backend sim > "$scratch/lab-new-check.txt" 2>&1 ||
  { cat "$scratch/lab-new-check.txt"; fail "the lab lab new wrote is not sound"; }

echo "$failures failure(s)"
[[ $failures == 0 ]]
