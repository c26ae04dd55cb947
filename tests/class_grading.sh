#!/usr/bin/env bash
# CTest's class test, in the CPU simulator: the example class (submissions/class/matmul/, an LMS download
# of 15 students) graded with `cudagrade grade` must give every student the status and score in
# submissions/class/matmul.expected.csv; and a run killed with SIGKILL part-way, then resumed, must write the
# same grades.csv, byte for byte, as the uninterrupted run. Then `cudagrade gradebook` merges a GPU run's speed
# points (surviving a later --resume) and exports the grades for Blackboard.
set -uo pipefail
cudagrade=${1:?usage: class_grading.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
grade() {
  "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
    --backend sim --jobs 2 --out "$@"
}

grade "$scratch/whole" >"$scratch/whole.log" 2>&1 || { cat "$scratch/whole.log"; echo "FAIL: the class run failed"; exit 1; }
failures=0
while IFS=, read -r id status score; do
  [[ $id == student_id ]] && continue
  row=$(grep "^$id," "$scratch/whole/grades.csv") || { echo "FAIL: $id is missing from grades.csv"; failures=$((failures + 1)); continue; }
  got_score=$(cut -d, -f3 <<<"$row")
  got_status=$(cut -d, -f5 <<<"$row")
  if [[ $got_status != "$status" || $got_score != "$score" ]]; then
    echo "FAIL: $id expected $status $score, got $got_status $got_score"
    failures=$((failures + 1))
  fi
done <"$root/submissions/class/matmul.expected.csv"
rows=$(($(wc -l <"$scratch/whole/grades.csv") - 1))
expected_rows=$(($(wc -l <"$root/submissions/class/matmul.expected.csv") - 1))
[[ $rows == "$expected_rows" ]] || { echo "FAIL: grades.csv has $rows students, expected $expected_rows"; failures=$((failures + 1)); }
for file in summary.html students/2026000006/report.html students/2026000006/report.md students/2026000007/compile.log; do
  [[ -s $scratch/whole/$file ]] || { echo "FAIL: $file was not written"; failures=$((failures + 1)); }
done

# The similarity check: 2026000015 handed in 2026000002's file renamed and reformatted; the pair is flagged
# in similarity.json and summary.html, the student's own tiled kernel against the lecture's is not, and the
# grades above are as expected all the same. `gradebook` recomputes it from the kept files, and turns it off.
similar_pairs() {
  python3 -c 'import json, sys; print(" ".join(sorted(p["a"] + "+" + p["b"] for p in json.load(open(sys.argv[1]))["pairs"] if p["flagged"])))' "$1"
}
flagged=$(similar_pairs "$scratch/whole/similarity.json")
[[ " $flagged " == *" 2026000002+2026000015 "* ]] || { echo "FAIL: the disguised copy is not flagged: $flagged"; failures=$((failures + 1)); }
[[ " $flagged " == *" 2026000001+2026000002 "* ]] && { echo "FAIL: two independent tiled kernels were flagged"; failures=$((failures + 1)); }
grep -q '<details id="pair-[0-9]*"><summary>2026000002 and 2026000015: ' "$scratch/whole/summary.html" || { echo "FAIL: summary.html does not show the pair side by side"; failures=$((failures + 1)); }
grep -q "similarity: .* flagged as unusually similar" "$scratch/whole.log" || { echo "FAIL: grade did not say what the check flagged"; failures=$((failures + 1)); }
"$cudagrade" gradebook "$scratch/whole" --no-similarity >/dev/null 2>&1
[[ -e $scratch/whole/similarity.json ]] && { echo "FAIL: --no-similarity left similarity.json"; failures=$((failures + 1)); }
grep -q "Not checked: turned off" "$scratch/whole/summary.html" || { echo "FAIL: summary.html does not say the check was off"; failures=$((failures + 1)); }
"$cudagrade" gradebook "$scratch/whole" --similarity-floor 0.6 >/dev/null 2>&1
[[ $(similar_pairs "$scratch/whole/similarity.json") == "$flagged" ]] || { echo "FAIL: gradebook recomputed other pairs than grade"; failures=$((failures + 1)); }

# A later GPU run of the same files lends its speed points (cudagrade gradebook --merge-speed); no GPU here, so
# the "GPU run" is the simulator's with a timed performance case written in: 1.5 of its 2 speed points.
cp "$scratch/whole/grades.csv" "$scratch/simulated.csv"
cp -r "$scratch/whole" "$scratch/gpu"
python3 - "$scratch/gpu" <<'PY' || { echo "FAIL: could not make the GPU run"; failures=$((failures + 1)); }
import json, pathlib, sys
timing = {"median_ms": 1.0, "min_ms": 1.0, "max_ms": 1.0, "noise": 0.001, "samples": 10}
for path in pathlib.Path(sys.argv[1], "students").glob("*/result.json"):
    student = json.loads(path.read_text())
    report = student.get("report")
    if not report:
        continue
    for case in report["cases"]:
        if "unmeasured_speed" not in case:
            continue
        del case["unmeasured_speed"]
        case["max_points"] += 2
        case["speed"] = {"student": timing, "reference": "tiled_boundary", "reference_timing": timing, "ratio": 1.25,
                         "gflops": 1.0, "gbps": 1.0, "percent_of_baseline": None, "percent_of_bandwidth": None,
                         "points": 1.5 if case["status"] == "passed" else 0, "note": "", "baselines": []}
    report["device"] = "NVIDIA H100 (made up by class_grading.sh)"
    path.write_text(json.dumps(student))
PY
"$cudagrade" gradebook "$scratch/whole" --merge-speed "$scratch/gpu" >"$scratch/merge.log" 2>&1 || { cat "$scratch/merge.log"; echo "FAIL: --merge-speed failed"; failures=$((failures + 1)); }
merged=$(grep "^2026000001," "$scratch/whole/grades.csv" | cut -d, -f3,4)
[[ $merged == "7.5,8" ]] || { echo "FAIL: after --merge-speed 2026000001 has $merged, expected 7.5,8"; failures=$((failures + 1)); }
racy=$(grep "^2026000006," "$scratch/whole/grades.csv" | cut -d, -f3,4)
[[ $racy == "1,8" ]] || { echo "FAIL: after --merge-speed the racy 2026000006 has $racy, expected 1,8"; failures=$((failures + 1)); }
grep -q "speed is graded later" "$scratch/whole/students/2026000001/report.md" && { echo "FAIL: the merged report still says speed is graded later"; failures=$((failures + 1)); }
cp "$scratch/whole/grades.csv" "$scratch/merged.csv"
"$cudagrade" gradebook "$scratch/whole" --merge-speed "$scratch/gpu" >"$scratch/merge2.log" 2>&1
cmp -s "$scratch/whole/grades.csv" "$scratch/merged.csv" || { echo "FAIL: merging twice changed grades.csv"; failures=$((failures + 1)); }
grade "$scratch/whole" --resume >"$scratch/resume-merged.log" 2>&1
cmp -s "$scratch/whole/grades.csv" "$scratch/merged.csv" || { echo "FAIL: --resume lost the merged speed points"; diff "$scratch/merged.csv" "$scratch/whole/grades.csv"; failures=$((failures + 1)); }
"$cudagrade" gradebook "$scratch/whole" --export blackboard --assignment "Lab 3" >"$scratch/export.log" 2>&1 || { cat "$scratch/export.log"; echo "FAIL: --export failed"; failures=$((failures + 1)); }
head -c 44 "$scratch/whole/exports/blackboard-Lab_3.csv" | grep -q '^"Last Name","First Name","Username","Lab 3"' || { echo "FAIL: the Blackboard export's header"; failures=$((failures + 1)); }
grep -q '"2026000001","7.5"' "$scratch/whole/exports/blackboard-Lab_3.csv" || { echo "FAIL: the Blackboard export lacks 2026000001's merged grade"; failures=$((failures + 1)); }

# Late work: the class's deadline was 2026-11-20 23:59 (the LMS's time); 2026000004's counting upload is
# stamped 2026-11-21 23:59, one day late: -10%. An extension lifts it; an override with a reason sets the
# score by hand, and both survive a regrade with --resume, which is given no late options at all.
score_of() { grep "^$1," "$scratch/whole/grades.csv" | cut -d, -f3; }
"$cudagrade" gradebook "$scratch/whole" --deadline "2026-11-20 23:59" --late-policy "10%/day, max 3 days" \
  >"$scratch/late.log" 2>&1 || { cat "$scratch/late.log"; echo "FAIL: --late-policy failed"; failures=$((failures + 1)); }
[[ $(score_of 2026000004) == 6.75 ]] || { echo "FAIL: 2026000004 late by a day has $(score_of 2026000004), expected 6.75"; failures=$((failures + 1)); }
[[ $(score_of 2026000001) == 7.5 ]] || { echo "FAIL: 2026000001, on time, has $(score_of 2026000001)"; failures=$((failures + 1)); }
head -1 "$scratch/whole/grades.csv" | grep -q "^student_id,name,score,max_score,status,message,raw_score,late_penalty,lateness,override_reason," \
  || { echo "FAIL: grades.csv lacks the late columns"; failures=$((failures + 1)); }
grep "^2026000004," "$scratch/whole/grades.csv" | grep -q "1 day late (uploaded 2026-11-21 23:59:00, read from the LMS's file name): -10%" \
  || { echo "FAIL: grades.csv does not say how late 2026000004 was"; failures=$((failures + 1)); }
grep -q "1 day late" "$scratch/whole/students/2026000004/report.html" || { echo "FAIL: the report does not say it was late"; failures=$((failures + 1)); }
echo "2026000004 2026-11-22 12:00  # extension by email" >"$scratch/extensions.txt"
"$cudagrade" gradebook "$scratch/whole" --extensions "$scratch/extensions.txt" >/dev/null 2>&1
[[ $(score_of 2026000004) == 7.5 ]] || { echo "FAIL: with an extension 2026000004 has $(score_of 2026000004)"; failures=$((failures + 1)); }
"$cudagrade" gradebook "$scratch/whole" --override 2026000005=4 --reason "regraded by hand: partial credit" >/dev/null 2>&1
grade "$scratch/whole" --resume >"$scratch/resume-late.log" 2>&1
[[ $(score_of 2026000005) == 4 && $(score_of 2026000004) == 7.5 ]] \
  || { echo "FAIL: after --resume the override or the extension is gone: $(score_of 2026000005), $(score_of 2026000004)"; failures=$((failures + 1)); }
grep "^2026000005," "$scratch/whole/grades.csv" | grep -q "regraded by hand: partial credit" || { echo "FAIL: the override's reason is not in grades.csv"; failures=$((failures + 1)); }
"$cudagrade" gradebook "$scratch/whole" --override 2026000005=x --reason r >/dev/null 2>&1 && { echo "FAIL: a bad override was accepted"; failures=$((failures + 1)); }

# Killed part-way: some students stored, the rest not; the resumed run must finish the same gradebook.
# exec, so that $! is cudagrade itself and not a subshell around it.
(exec "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
  --backend sim --jobs 2 --out "$scratch/killed" >"$scratch/killed.log" 2>&1) &
pid=$!
for _ in $(seq 1 100); do
  stored=$(find "$scratch/killed/students" -name result.json 2>/dev/null | wc -l)
  [[ $stored -ge 5 ]] && break
  sleep 0.1
done
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
stored=$(find "$scratch/killed/students" -name result.json 2>/dev/null | wc -l)
echo "killed the run with $stored of $expected_rows results stored"
[[ -e $scratch/killed/grades.csv ]] && { echo "FAIL: the killed run got as far as the gradebook; kill it earlier"; failures=$((failures + 1)); }
grade "$scratch/killed" --resume >"$scratch/resumed.log" 2>&1 || { cat "$scratch/resumed.log"; echo "FAIL: the resumed run failed"; exit 1; }
grep -q "kept from an earlier run" "$scratch/resumed.log" || { echo "FAIL: the resumed run kept nothing"; failures=$((failures + 1)); }
if ! cmp -s "$scratch/simulated.csv" "$scratch/killed/grades.csv"; then
  echo "FAIL: the resumed grades.csv differs from the uninterrupted one:"
  diff "$scratch/simulated.csv" "$scratch/killed/grades.csv"
  failures=$((failures + 1))
fi
echo "$failures failure(s)"
[[ $failures == 0 ]]
