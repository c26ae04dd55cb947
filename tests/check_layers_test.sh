#!/usr/bin/env bash
# scripts/check-layers.py must catch each kind of wrong include in a small tree, and pass a right one.
set -uo pipefail
checker="$(dirname "$0")/../scripts/check-layers.py"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
put() { mkdir -p "$tree/$(dirname "$1")"; printf '%s\n' "${@:2}" >"$tree/$1"; }

put grader/model/report.h '#pragma once'
put grader/core/files.h '#pragma once' '#include "model/report.h"'
put grader/check/judge.cc '#include "core/files.h"' '#include "check/judge.h"'
put grader/labs/registry.cc '#include "check/judge.h"'
put grader/cli/commands.cc '#include "labs/registry.h"'
put labs/one/lab.yaml 'lab: one'
put grader/check/judge_test.cc '#include "check/judge.h"' 'const char* kLab = "one";'   # a test may name a lab
"$checker" "$tree" >"$tree/right.txt" || { echo "a right tree was refused:"; cat "$tree/right.txt"; exit 1; }

put grader/model/status.h '#include "core/files.h"'              # up a layer
put grader/labs/two/two_lab.cc '#include "model/report.h"'        # a lab inside the grader
put grader/check/uses_a_lab.cc 'const char* kLab = "one";'        # the pipeline naming a lab
put grader/check/registry_user.cc '#include "labs/registry.h"'   # below the top
put grader/labs/reach.cc '#include "cli/commands.h"'             # the registry reaching above itself
put grader/core/helper.cc '#include "testing/fake.h"'            # a test helper in the library
mkdir -p "$tree/grader/newfolder"                                # a folder placed nowhere
"$checker" "$tree" >"$tree/wrong.txt"
status=$?
expected=(
  "grader/model/status.h:1: #include \"core/files.h\": model is below core"
  "grader/labs/two/: a lab lives in labs/two/ as data"
  "grader/check/uses_a_lab.cc: names the lab \"one\": the grader reads labs, it never names one"
  "grader/check/registry_user.cc:1: #include \"labs/registry.h\": check is below labs"
  "grader/labs/reach.cc:1: #include \"cli/commands.h\": a lab may include only"
  "grader/core/helper.cc:1: #include \"testing/fake.h\": test helpers are for tests only"
  "grader/newfolder/: not placed in LAYERS"
)
failed=0
[[ $status == 1 ]] || { echo "exit $status, expected 1"; failed=1; }
for line in "${expected[@]}"; do
  grep -qF "$line" "$tree/wrong.txt" || { echo "not reported: $line"; failed=1; }
done
[[ $(grep -c '^grader/' "$tree/wrong.txt") == "${#expected[@]}" ]] || { echo "more offences than planted:"; failed=1; }
[[ $failed == 0 ]] || { cat "$tree/wrong.txt"; exit 1; }
echo "the checker caught all ${#expected[@]} planted offences and passed the right tree"
