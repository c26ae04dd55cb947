#!/usr/bin/env bash
# The GPU half of `grade --slurm` (docs/SCALING.md), on the GPU machine (the device tool: root, no package
# registry), from the project root: a one-node Slurm with Gres=gpu:1 (scripts/slurm-local.sh start --gpu,
# gres.conf naming /dev/nvidia0), the example class graded with `grade --slurm --backend gpu` (3 shards, each
# task asking for the GPU) and with a plain `grade --backend gpu`, and both gradebooks' speed side by side:
# per student the performance case's points, the student/reference time ratio and the GPU each result names.
# The speed points must agree within the usual noise; the status and correctness points must be identical.
#
# Here, first, in the project root (the build's packages and Slurm's, as Debian 12 .deb files):
#   ../shared/tools/device-debs libyaml-cpp-dev libyaml-cpp0.7 libfmt-dev libfmt9 catch2 libcli11-dev \
#     nlohmann-json3-dev libarchive-dev libarchive13 libboost-context1.74-dev libboost-context1.74.0 \
#     libboost1.74-dev bubblewrap slurmd slurmctld slurm-client slurm-wlm-basic-plugins munge libmunge2 \
#     libhwloc15 libnuma1 liblz4-1 libdbus-1-3
# then the device call, carrying .device-debs:
#   scripts/device-build.sh && scripts/slurm-gpu-check.sh
# Exits nonzero when the cluster cannot start (the reason is printed) or a status or correctness point differs.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
# shellcheck source=/dev/null
[[ -f .device-debs/env.sh ]] && source .device-debs/env.sh >/dev/null
# Slurm unpacked (dpkg -x) rather than installed: Debian's alternatives links (slurmd -> slurmd-wlm) are not
# made, the plugins are not where slurm.conf's default says, and slurmd starts slurmstepd from the path it
# was built with.
deps=/opt/deps/usr
if ! command -v slurmd >/dev/null && [[ -x $deps/sbin/slurmd-wlm ]]; then
  for daemon in slurmd slurmctld slurmstepd; do ln -sf "$deps/sbin/$daemon-wlm" "$deps/sbin/$daemon"; done
  [[ -e /usr/sbin/slurmstepd ]] || ln -s "$deps/sbin/slurmstepd-wlm" /usr/sbin/slurmstepd
  export PATH=$deps/sbin:$deps/bin:$PATH
  # libdbus (slurmd's cgroup/v2 plugin links it) unpacks under /lib, not /usr/lib.
  export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu/slurm-wlm:$deps/lib/x86_64-linux-gnu:${deps%/usr}/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export CUDAGRADE_SLURM_PLUGIN_DIR=$deps/lib/x86_64-linux-gnu/slurm-wlm
fi
export PATH=$PATH:/usr/sbin:/usr/local/cuda/bin
cudagrade=${CUDAGRADE:-build/cudagrade}
[[ -x $cudagrade ]] || { echo "$cudagrade is not built: run scripts/device-build.sh first" >&2; exit 2; }
scratch=$(mktemp -d)
cluster=$scratch/cluster
trap 'scripts/slurm-local.sh stop "$cluster"; rm -rf "$scratch"' EXIT
if ! started=$(scripts/slurm-local.sh start --gpu "$cluster"); then
  echo "the one-node cluster did not start; its logs:"
  tail -n 20 "$cluster"/log/* 2>/dev/null
  exit 1
fi
eval "$started"
sinfo -N -o "%N %t %c %G"

echo "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); $(date -u '+%Y-%m-%d %H:%M UTC')"
grade() {
  "$cudagrade" grade matmul submissions/class/matmul --cases tests/data/class/matmul.yaml --backend gpu --out "$@"
}
timed() {
  local started status
  started=$(date +%s.%N)
  "$@"
  status=$?
  python3 -c 'import sys, time; print(f"wall: {time.time() - float(sys.argv[1]):.1f} s")' "$started"
  return $status
}
echo "== plain: grade --backend gpu"
timed grade "$scratch/plain" 2>"$scratch/plain.log"
echo "== slurm: grade --backend gpu --slurm --shards 3 --wait --slurm-opt --gres=gpu:1"
if ! timed grade "$scratch/slurm" --slurm --shards 3 --wait --slurm-opt "--gres=gpu:1" 2>"$scratch/slurm.log"; then
  tail -n 20 "$scratch/slurm.log" "$scratch"/slurm/.slurm/submission-1/*.log
fi

python3 - "$scratch/plain" "$scratch/slurm" <<'PY'
import csv, json, os, sys
plain_dir, slurm_dir = sys.argv[1], sys.argv[2]

def rows(out):
    with open(os.path.join(out, "grades.csv")) as f:
        return {row["student_id"]: row for row in csv.DictReader(f)}

def speed(out, student):
    try:
        with open(os.path.join(out, "students", student, "result.json")) as f:
            report = json.load(f).get("report") or {}
    except OSError:
        return None, None, ""
    for case in report.get("cases", []):
        if case.get("speed"):
            return case["speed"].get("ratio"), case["speed"].get("points"), report.get("device", "")
    return None, None, report.get("device", "")

plain, slurm = rows(plain_dir), rows(slurm_dir)
perf = [c for c in next(iter(plain.values())).keys() if c.startswith("performance")]
correctness = [c for c in next(iter(plain.values())).keys()
               if c not in ("student_id", "name", "score", "max_score", "status", "message") and c not in perf]
differences = 0
print(f"{'student':<12} {'status':<14} {'ratio plain':>11} {'ratio slurm':>11} {'speed pts':>10} {'speed pts':>10}  device (slurm)")
print(f"{'':<12} {'':<14} {'':>11} {'':>11} {'plain':>10} {'slurm':>10}")
for student in sorted(plain):
    a, b = plain[student], slurm.get(student)
    if b is None:
        print(f"{student:<12} missing from the --slurm gradebook")
        differences += 1
        continue
    ratio_a, points_a, _ = speed(plain_dir, student)
    ratio_b, points_b, device = speed(slurm_dir, student)
    fmt = lambda v: "-" if v is None else f"{v:.3f}"
    status = a["status"] if a["status"] == b["status"] else f"{a['status']}/{b['status']}"
    print(f"{student:<12} {status:<14} {fmt(ratio_a):>11} {fmt(ratio_b):>11} {fmt(points_a):>10} {fmt(points_b):>10}  {device}")
    if a["status"] != b["status"] or any(a[c] != b[c] for c in correctness):
        differences += 1
print(f"{differences} student(s) whose status or correctness points differ")
print("grades.csv byte-identical" if open(os.path.join(plain_dir, "grades.csv")).read() ==
      open(os.path.join(slurm_dir, "grades.csv")).read() else "grades.csv differs (speed columns within noise?)")
sys.exit(1 if differences else 0)
PY
