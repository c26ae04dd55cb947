#!/usr/bin/env bash
# Every file `cudagrade package` generates, checked by the tools a platform would judge it by: the GitHub
# workflow against GitHub's workflow schema (check-jsonschema's vendored copy), PrairieLearn's info.json against
# tests/data/schemas/prairielearn-question-info.schema.json, and every generated script through shellcheck.
# Each check is also shown a broken copy, to prove it can fail.
#
# Usage: generated_packages.sh CUDAGRADE SOURCE_DIR. check-jsonschema comes from scripts/install-deps.sh
# (.tools/venv); its absence is a failure, not a skip: CI installs it.
set -euo pipefail

cudagrade=$1
source=$(cd "$2" && pwd)
check_jsonschema=$source/.tools/venv/bin/check-jsonschema
[[ -x $check_jsonschema ]] || { echo "FAIL: $check_jsonschema is missing: run scripts/install-deps.sh" >&2; exit 1; }
command -v shellcheck >/dev/null || { echo "FAIL: shellcheck is missing: run scripts/install-deps.sh" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

for lab in $("$cudagrade" list --names); do
  "$cudagrade" package github "$lab" --out "$out/$lab-github" --grader-repo my-course/cudagrade --grader-ref v1.0 >/dev/null
  "$cudagrade" package gradescope "$lab" --out "$out/$lab-gradescope" >/dev/null
  "$cudagrade" package prairielearn "$lab" --out "$out/$lab-prairielearn" --image ghcr.io/my-course/cudagrade >/dev/null

  workflow=$out/$lab-github/.github/workflows/cudagrade.yml
  "$check_jsonschema" --builtin-schema vendor.github-workflows "$workflow" || fail "$lab: the workflow is not one GitHub accepts"
  info=$out/$lab-prairielearn/questions/$lab/info.json
  "$check_jsonschema" --schemafile "$source/tests/data/schemas/prairielearn-question-info.schema.json" "$info" ||
    fail "$lab: info.json is not one PrairieLearn accepts"
  shellcheck "$out/$lab-gradescope/autograder/setup.sh" "$out/$lab-gradescope/autograder/run_autograder" \
    "$out/$lab-prairielearn/questions/$lab/tests/grade.sh" || fail "$lab: shellcheck"
done

# The checks can fail: a job without runs-on, an info.json whose timeout PrairieLearn refuses, a script bug.
lab=$("$cudagrade" list --names | head -n 1)
sed '0,/    runs-on: ubuntu-24.04/{/    runs-on: ubuntu-24.04/d}' "$out/$lab-github/.github/workflows/cudagrade.yml" > "$out/broken.yml"
if "$check_jsonschema" --builtin-schema vendor.github-workflows "$out/broken.yml" >/dev/null 2>&1; then
  fail "the workflow schema accepted a job without runs-on"
fi
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["externalGradingOptions"]["timeout"] = 900; json.dump(d, open(sys.argv[2], "w"))' \
  "$out/$lab-prairielearn/questions/$lab/info.json" "$out/broken-info.json"
if "$check_jsonschema" --schemafile "$source/tests/data/schemas/prairielearn-question-info.schema.json" "$out/broken-info.json" >/dev/null 2>&1; then
  fail "the info.json schema accepted a 900 s timeout"
fi
# shellcheck disable=SC2016  # the broken script is meant to hold an unexpanded $1
printf '#!/usr/bin/env bash\nrm -rf $1/*\n' > "$out/broken.sh"
if shellcheck "$out/broken.sh" >/dev/null 2>&1; then
  fail "shellcheck accepted an unquoted rm -rf"
fi
echo "ok: every lab's GitHub, Gradescope and PrairieLearn package passes its platform's checks"
