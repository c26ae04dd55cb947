#!/usr/bin/env bash
# PrairieLearn's external grader runs this for every submission to the @LAB@ question, in the cudagrade image
# (@IMAGE@:@GRADER_VERSION@; written by `cudagrade package prairielearn`, cudagrade @GRADER_VERSION@, commit
# @GRADER_COMMIT@). It grades /grade/student/@SUBMISSION@ on the cases in /grade/tests/@LAB@.yaml and always
# leaves a valid /grade/results/results.json: a missing file or a grader failure still gives a message.
#
# As root (PrairieLearn's default), cudagrade runs as the image's user @GRADING_USER@ and can neither read
# the cases (they reach it on a pipe) nor write the result; as any other user it grades as itself. The whole
# grade has CUDAGRADE_TIME_BUDGET seconds (set in info.json, under its timeout), so a hang still ends with a
# result that says so.
set -uo pipefail

grade=${CUDAGRADE_GRADE_DIR:-/grade}
cudagrade=${CUDAGRADE_BIN:-cudagrade}
budget=${CUDAGRADE_TIME_BUDGET:-@TIME_BUDGET@}
grading_user=${CUDAGRADE_USER:-@GRADING_USER@}
file=$grade/student/@SUBMISSION@
cases=$grade/tests/@LAB@.yaml
results=$grade/results/results.json
mkdir -p "$grade/results"

# A result with no points and a message; printable ASCII only, so nothing can break the JSON.
give_zero() {
  local message
  message=$(printf '%s' "$1" | LC_ALL=C tr -cd '\11\12\40-\176' | LC_ALL=C sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' |
    awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }')
  printf '{"gradable": true, "score": 0.0, "message": "%s", "tests": []}\n' "$message" > "$results"
}

if [[ ! -f $file ]]; then
  give_zero "No @SUBMISSION@ was submitted, so nothing was graded."
  exit 0
fi

private=$(mktemp -d)
chmod 700 "$private"
trap 'rm -rf "$private" ${work:+"$work"}' EXIT
as_grader=()
# A course's own lab travels in tests/course (its declaration, CPU reference and header), read as --root.
course=$grade/tests/course
root=()
[[ -d $course ]] && root=(--root "$course")
if [[ $(id -u) == 0 ]] && id "$grading_user" >/dev/null 2>&1; then
  work=$(mktemp -d)
  cp "$file" "$work/@SUBMISSION@"
  # The grading user reads the lab's files, never the cases: those reach it on a pipe.
  if [[ -d $course ]]; then
    cp -r "$course" "$work/course"
    rm -f "$work/course/testcases/"*.yaml
    root=(--root "$work/course")
  fi
  chown -R "$grading_user" "$work"
  file=$work/@SUBMISSION@
  as_grader=(setpriv --reuid "$(id -u "$grading_user")" --regid "$(id -g "$grading_user")" --clear-groups --
             env HOME="$work" TMPDIR="$work" CUDAGRADE_CACHE="$work/cache")
fi
status=0
timeout --kill-after=10 "$budget" "${as_grader[@]}" "$cudagrade" "${root[@]}" check @LAB@ "$file" --cases /dev/stdin \
  --include-hidden --backend "${CUDAGRADE_BACKEND:-auto}" --sandbox auto --format prairielearn \
  < "$cases" > "$private/report.json" 2> "$private/log.txt" || status=$?
cat "$private/log.txt"
echo "grade.sh: cudagrade exited with $status"
if [[ $status == 124 || $status == 137 ]]; then
  give_zero "Grading did not finish within its time budget of $budget seconds, so it was stopped. Please submit again, and tell your instructor if it happens twice."
elif [[ -s $private/report.json && $(head -c 1 "$private/report.json") == "{" ]]; then
  cp "$private/report.json" "$results"
else
  give_zero "The grader could not grade this submission (cudagrade exit code $status). This is not a problem with your code: please tell your instructor. What the grader said:
$(tail -n 20 "$private/log.txt")"
fi
exit 0
