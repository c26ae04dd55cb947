#!/usr/bin/env bash
# Issue #12's one verdict table: every reference and bundled example graded on the shipped quick cases in
# three ways, on a GPU machine:
#   sim     the CPU simulator (--backend sim): races, order bugs and memory spaces, no speed;
#   gpu     the GPU alone (--race-check off): what the hardware happened to do this time;
#   merged  the GPU with the simulator's race check beside it (the default): the grade a student gets.
# It fails when the merged verdict or the simulator's is not what the file predicts (`cudagrade-expect:`),
# or when the GPU alone differs from the simulator for a reason no backend's known limit explains: the
# GPU passing, or failing differently, where the simulator found a race (the luck the race check is for) or
# host work (which it sees in every copy);
# or the simulator refusing a construct it cannot run (`unsupported`). Anything else is a difference in
# what the two backends see, which is a bug in one of them.
#   scripts/agree.sh [--cases-dir DIR] [OUT_DIR]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
cases_dir=testcases/quick
[[ ${1:-} == --cases-dir ]] && { cases_dir=$2; shift 2; }
out=${1:-agree-out}
mkdir -p "$out"/{sim,gpu,merged}
scripts/grade-examples.sh --references --cases-dir "$cases_dir" --json-dir "$out/sim" -- --backend sim >"$out/sim.txt" 2>&1
scripts/grade-examples.sh --references --cases-dir "$cases_dir" --json-dir "$out/gpu" -- --backend gpu --race-check off >"$out/gpu.txt" 2>&1
scripts/grade-examples.sh --references --cases-dir "$cases_dir" --json-dir "$out/merged" -- --backend gpu >"$out/merged.txt" 2>&1
python3 - "$out" <<'PY'
import json, pathlib, re, sys
out = pathlib.Path(sys.argv[1])
def verdict(kind, name):
    try:
        return json.loads((out / kind / name).read_text())["verdict"]
    except (OSError, ValueError, KeyError):
        return "none"
def expected_of(name):
    lab, rest = name.removesuffix(".json").split("-", 1)
    stem, folder = rest.rsplit("-", 1)
    path = pathlib.Path("reference" if folder == "reference" else "submissions") / lab / (stem + ".cu")
    match = re.search(r"^// cudagrade-expect: (\S+)", path.read_text(errors="replace"), re.M)
    return str(path), (match.group(1) if match else "passed")
rows, unexplained = [], 0
for name in sorted(p.name for p in (out / "sim").glob("*.json")):
    path, expected = expected_of(name)
    sim, gpu, merged = verdict("sim", name), verdict("gpu", name), verdict("merged", name)
    allowed = expected.split("|")
    why = ""
    if merged not in allowed or sim not in allowed:
        why = "UNEXPLAINED: not the predicted verdict"
    elif gpu != sim:
        if sim == "race" and merged == "race":
            why = "the GPU's luck; the simulator's race check decides"
        elif sim == "host_compute" and merged == "host_compute":
            why = "host work only the simulator's view of every copy shows"
        elif sim == "unsupported":
            why = "the simulator's limit"
        else:
            why = "UNEXPLAINED: the backends see different things"
    unexplained += why.startswith("UNEXPLAINED")
    rows.append((path, expected, gpu, sim, merged, why))
print(f"{'file':58} {'expected':14} {'gpu':13} {'sim':13} {'merged':13} why")
for row in rows:
    print(f"{row[0]:58} {row[1]:14} {row[2]:13} {row[3]:13} {row[4]:13} {row[5]}")
print(f"{len(rows)} files, {unexplained} unexplained difference(s)")
sys.exit(1 if unexplained else 0)
PY
