#!/usr/bin/env bash
# CTest's Slurm test: a real one-node cluster (scripts/slurm-local.sh: slurmctld, slurmd and munge from
# Debian's packages, on localhost) grades the example class (submissions/class/matmul/) with
# `grade --slurm --shards 3 --backend sim`, and:
#   - a course's own lab (--root) graded with --slurm gives the one-machine run's grades.csv;
#   - grades.csv and summary.html are byte-identical to the one-machine run of the same class;
#   - one task killed with scancel mid-run leaves no gradebook and exit 3, and --resume submits only the
#     students it lost, giving the same grades.csv again;
#   - no sbatch, a refused submission and tasks that cannot reach --out each end with exit 3 and their message.
# About a minute with a warm build cache.
# The daemons it started are stopped by pid, whatever happens. Where they cannot start (no root, no packages)
# the test exits 77: Skipped, with the reason.
set -uo pipefail
cudagrade=${1:?usage: slurm_grading.sh path/to/cudagrade}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
cluster=$scratch/cluster
cleanup() {
  "$root/scripts/slurm-local.sh" stop "$cluster" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
started=$("$root/scripts/slurm-local.sh" start "$cluster" 2>"$scratch/start.log")
case $? in
  0) ;;
  77) echo "SKIPPED: $(cat "$scratch/start.log")"; exit 77 ;;
  *) cat "$scratch/start.log"; echo "FAIL: scripts/slurm-local.sh start failed"; exit 1 ;;
esac
eval "$started"  # SLURM_CONF
export PATH=$PATH:/usr/sbin
grade() {
  "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
    --backend sim --out "$@"
}
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

grade "$scratch/whole" --jobs 2 >"$scratch/whole.log" 2>&1 || { cat "$scratch/whole.log"; echo "FAIL: the one-machine run failed"; exit 1; }

# The class as a job array of 3 tasks; one CPU each, so the one node runs two at a time and queues the third.
slurm_started=$(date +%s.%N)
if ! grade "$scratch/slurm" --jobs 1 --slurm --shards 3 --wait >"$scratch/slurm.log" 2>&1; then
  cat "$scratch/slurm.log" "$scratch"/slurm/.slurm/submission-1/*.log
  echo "FAIL: the --slurm run failed"
  exit 1
fi
echo "--slurm --shards 3: $(python3 -c "import time, sys; print(f'{time.time() - float(sys.argv[1]):.1f}')" "$slurm_started") s"
grep -q "(3 tasks for 15 students)" "$scratch/slurm.log" || fail "the array was not 3 tasks for the class's 15 students: $(grep submitted "$scratch/slurm.log")"
for file in grades.csv summary.html; do
  cmp -s "$scratch/whole/$file" "$scratch/slurm/$file" || { fail "--slurm's $file differs from the one-machine run's:"; diff "$scratch/whole/$file" "$scratch/slurm/$file"; }
done
[[ $(find "$scratch/slurm/.slurm/submission-1/seen" -type f | wc -l) == 3 ]] || fail "not every task left its marker"

# One task cancelled while it grades: shard 1 holds the class's hanging student (2026000008, its 2 s timeout),
# so once the two before it are stored the task is mid-run for seconds.
(exec "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
  --backend sim --out "$scratch/killed" --jobs 1 --slurm --shards 3 --wait >"$scratch/killed.log" 2>&1) &
submitter=$!
plan=$scratch/killed/.slurm/submission-1/plan.json
jobs=$scratch/killed/.slurm/submission-1/jobs.json
for _ in $(seq 1 600); do [[ -s $jobs ]] && break; sleep 0.1; done
[[ -s $jobs ]] || { cat "$scratch/killed.log"; echo "FAIL: the array was not submitted"; exit 1; }
array=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["array"])' "$jobs")
mapfile -t shard1 < <(python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["shards"][1]))' "$plan")
stored_of_shard1() {
  local count=0 id
  for id in "${shard1[@]}"; do [[ -e $scratch/killed/students/$id/result.json ]] && count=$((count + 1)); done
  echo "$count"
}
for _ in $(seq 1 1200); do
  [[ $(stored_of_shard1) -ge 3 ]] && break
  sleep 0.05
done
scancel "${array}_1"
echo "cancelled task ${array}_1 with $(stored_of_shard1) of its ${#shard1[@]} students stored"
wait "$submitter"
killed_status=$?
lost=$((${#shard1[@]} - $(stored_of_shard1)))
[[ $lost -gt 0 ]] || fail "task 1 had finished before scancel reached it: nothing was lost, so nothing is proved"
[[ $killed_status == 3 ]] || fail "the run with a cancelled task ended with $killed_status, not 3"
grep -q "got no result" "$scratch/killed.log" || fail "the run with a cancelled task did not say who got no result: $(tail -3 "$scratch/killed.log")"
[[ -e $scratch/killed/grades.csv ]] && fail "a gradebook was written with students missing"
# --build-on-node too: the resumed tasks compile their own shards (here from the cache the first run filled).
if ! grade "$scratch/killed" --jobs 1 --slurm --shards 3 --wait --resume --build-on-node >"$scratch/resumed.log" 2>&1; then
  cat "$scratch/resumed.log"
  fail "the resumed --slurm run failed"
fi
grep -q "for $lost students)" "$scratch/resumed.log" || fail "--resume did not submit exactly the $lost lost students: $(grep submitted "$scratch/resumed.log")"
grep -q "compiled the class here" "$scratch/resumed.log" && fail "--build-on-node compiled on the submitting node"
cmp -s "$scratch/whole/grades.csv" "$scratch/killed/grades.csv" || { fail "the resumed grades.csv differs:"; diff "$scratch/whole/grades.csv" "$scratch/killed/grades.csv"; }

# A course's own lab (--root COURSE, tests/data/course): the tasks grade it from the course's folder too, and
# the gradebook is the one-machine run's.
course=$scratch/course
mkdir -p "$course" "$scratch/row-uploads"
cp -r "$root/tests/data/course/." "$course/"
for student in correct:ada1001 float_mean:alan1002 one_past_brightest:grace1003; do
  cp "$course/submissions/row_stats/${student%%:*}.cu" \
    "$scratch/row-uploads/Lab1_${student##*:}_attempt_2026-11-20-12-00-00_row_stats.cu"
done
grade_course() { "$cudagrade" --root "$course" grade row_stats "$scratch/row-uploads" --backend sim --out "$@"; }
grade_course "$scratch/row-whole" --jobs 2 >"$scratch/row-whole.log" 2>&1 ||
  { cat "$scratch/row-whole.log"; fail "the course lab's one-machine run failed"; }
if grade_course "$scratch/row-slurm" --jobs 1 --slurm --shards 2 --wait >"$scratch/row-slurm.log" 2>&1; then
  cmp -s "$scratch/row-whole/grades.csv" "$scratch/row-slurm/grades.csv" ||
    { fail "the course lab's --slurm grades.csv differs:"; diff "$scratch/row-whole/grades.csv" "$scratch/row-slurm/grades.csv"; }
  grep -q "wrong_answer" "$scratch/row-slurm/grades.csv" || fail "the course lab's class has no wrong answer"
else
  cat "$scratch/row-slurm.log"
  fail "the course lab's --slurm run failed"
fi

# The clear errors, each exit 3 with its own words and no gradebook.
expect_error() {
  local name=$1 words=$2
  shift 2
  "$@" >"$scratch/$name.log" 2>&1
  local status=$?
  [[ $status == 3 ]] || fail "$name: exit $status, not 3"
  grep -q -- "$words" "$scratch/$name.log" || fail "$name: no \"$words\" in: $(tail -3 "$scratch/$name.log")"
  [[ -e $scratch/$name/grades.csv ]] && fail "$name: a gradebook was written"
}
expect_error no-sbatch "no sbatch on the PATH" env PATH=/usr/local/nothing:/bin/nonexistent \
  "$cudagrade" grade matmul "$root/submissions/class/matmul" --cases "$root/tests/data/class/matmul.yaml" \
  --backend sim --out "$scratch/no-sbatch" --slurm
expect_error refused "invalid partition" grade "$scratch/refused" --jobs 1 --slurm --slurm-opt "--partition=nowhere"
# Tasks that cannot reach --out, as on nodes that do not mount it: run as nobody (sbatch --uid, root's), they
# cannot open the test's 0700 folder, so no marker comes back.
expect_error unshared "do not see" grade "$scratch/unshared" --jobs 1 --slurm --wait --slurm-opt "--uid=nobody"

echo "$failures failure(s)"
[[ $failures == 0 ]]
