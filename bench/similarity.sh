#!/usr/bin/env bash
# What the similarity check (grader/similarity/) costs a class of N submissions. The files are made from the
# example class's graded uploads and the bundled matmul examples, each mutated as students would (its own
# names renamed at random, comments rewritten, layout changed, neighbouring lines swapped, and lines of its
# own added), so that the class holds copies of varying disguise and many unrelated files. The check alone is
# timed in process first (bench/similarity_timing.cc, built here with -O2 from grader/similarity/). Then each
# file gets the stored result of a graded student, and `cudagrade gradebook OUT` rewrites the gradebook from
# them, with the check and without it (--no-similarity), alternating: the difference is the check's share of
# the command, whose wall time here is mostly writing a thousand reports.
#
#   bench/similarity.sh [--students 1000] [--repeat 2] [--from GRADED_OUT]
# --from: a folder `cudagrade grade` wrote, whose first graded student's result.json every student gets;
# without it the example class is graded in the simulator first (a few minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
students=1000
repeat=2
from=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --students) students=$2; shift ;;
    --repeat) repeat=$2; shift ;;
    --from) from=$2; shift ;;
    *) echo "usage: $0 [--students N] [--repeat R] [--from GRADED_OUT]" >&2; exit 2 ;;
  esac
  shift
done
cudagrade=${CUDAGRADE:-build/cudagrade}
[[ -x $cudagrade ]] || { echo "$cudagrade is not built; run 'make' first" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [[ -z $from ]]; then
  from=$scratch/graded
  "$cudagrade" grade matmul submissions/class/matmul --cases tests/data/class/matmul.yaml --backend sim \
    --out "$from" >"$scratch/grade.log" 2>&1 || { cat "$scratch/grade.log"; exit 1; }
fi
python3 - "$from" "$scratch/out" "$students" <<'PY'
import json, pathlib, random, re, sys

source_out, out, count = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3])
random.seed(2026)
bases = sorted(pathlib.Path("submissions/class/matmul").glob("*.cu")) + sorted(pathlib.Path("submissions/matmul").glob("*.cu"))
bases = [path.read_text() for path in bases]
template = next(json.loads(path.read_text()) for path in sorted(source_out.glob("students/*/result.json"))
                if json.loads(path.read_text()).get("report"))
KEEP = set("""alignas auto bool break case char class const constexpr continue default do double else enum extern false
float for if inline int long namespace nullptr return short signed sizeof static struct switch template this true
typedef typename unsigned using void volatile while size_t std __global__ __device__ __host__ __shared__
__restrict__ dim3 threadIdx blockIdx blockDim gridDim warpSize __syncthreads atomicAdd matmul include define
pragma unroll x y z cuda_runtime matmul_kernel cublas cudaMalloc cudaFree cudaMemcpy""".split())
WORDS = "acc tmp val idx jj kk row2 col2 tile_a tile_b sh_a sh_b total partial lane offs base step cnt".split()

def mutate(text):
    names = sorted({name for name in re.findall(r"\b[A-Za-z_]\w*\b", text) if name not in KEEP})  # sorted: reproducible
    renamed = {name: f"{random.choice(WORDS)}_{random.randrange(1000)}" for name in names if random.random() < 0.7}
    text = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: renamed.get(m.group(0), m.group(0)), text)
    text = re.sub(r"//[^\n]*", lambda m: "// " + random.choice(WORDS) if random.random() < 0.5 else "", text)
    lines = text.split("\n")
    for _ in range(random.randrange(3)):  # swap neighbouring lines
        i = random.randrange(max(1, len(lines) - 1))
        lines[i:i + 2] = lines[i:i + 2][::-1]
    for _ in range(random.randrange(12)):  # code of its own
        lines.insert(random.randrange(len(lines) + 1),
                     f"    int {random.choice(WORDS)}{random.randrange(99)} = {random.randrange(9)} * "
                     f"{random.choice(WORDS)} + {random.randrange(99)};")
    text = "\n".join(lines)
    if random.random() < 0.5:
        text = text.replace(") {\n", ")\n{\n").replace("    ", "\t")
    return text

out.mkdir(parents=True)
ids = [f"{2027000000 + i}" for i in range(count)]
for student in ids:
    folder = out / "students" / student
    folder.mkdir(parents=True)
    (folder / "submission.cu").write_text(mutate(random.choice(bases)))
    result = dict(template, student_id=student, name=f"Student {student}")
    (folder / "result.json").write_text(json.dumps(result))
(out / "gradebook.json").write_text(json.dumps(
    {"version": 1, "lab": "matmul", "late": {"extensions": {}}, "current": ids, "superseded": []}))
PY
timed() {  # the command; prints its wall and CPU (user + system) seconds, the CPU time being what the machine's
  # other load does not inflate
  local TIMEFORMAT='%R %U %S' real user system
  { time "$@" >"$scratch/last.log" 2>&1; } 2>"$scratch/time" || { cat "$scratch/last.log"; exit 1; }
  read -r real user system <"$scratch/time"
  python3 -c "import sys; print(f'{float(sys.argv[1]):.2f} s wall, {float(sys.argv[2]) + float(sys.argv[3]):.2f} s CPU')" \
    "$real" "$user" "$system"
}
echo "$students submissions, $(cat "$scratch"/out/students/*/submission.cu | wc -l) lines in all"
g++ -std=c++20 -O2 -I grader bench/similarity_timing.cc grader/similarity/cuda_tokens.cc grader/similarity/winnowing.cc \
  grader/similarity/class_similarity.cc grader/core/hash.cc -o "$scratch/similarity_timing"
"$scratch/similarity_timing" "$scratch/out" skeleton/matmul/matmul.cu "$repeat"
for round in $(seq 1 "$repeat"); do
  without=$(timed "$cudagrade" gradebook "$scratch/out" --no-similarity)
  with=$(timed "$cudagrade" gradebook "$scratch/out" --similarity-floor 0.6)  # the default, turned back on
  echo "round $round: gradebook without the check: $without; with it: $with"
done
grep "^similarity:" "$scratch/last.log"
python3 - "$scratch/out/similarity.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
compared = sum(1 for file in report["files"] if file["compared"])
print(f"compared {compared} files ({report['compared_pairs']} pairs); {report['pairs_not_listed'] + len(report['pairs'])} "
      f"pairs share code of their own; median {report['median']:.3f}, MAD {report['mad']:.3f}, bar {report['bar']:.3f}; "
      f"{report['flagged']} flagged; {report['common_fingerprints']} common fingerprints dropped")
PY
