#!/usr/bin/env python3
"""Fails when an #include in grader/ crosses the layers the wrong way (docs/ARCHITECTURE.md draws them).

Each folder of grader/ has a place in LAYERS, lowest first. A file may include headers of its own folder and
of folders below it, never above: so no include runs back up and no two folders include each other. On top
of that order:
  - grader/ holds no lab: a lab is data in the root's labs/<lab>/ (lab.yaml and its CPU reference), so no
    folder may sit under grader/labs/, and no grader source outside the tests names a shipped lab in a string;
  - labs/ (the registry) may include only what LAB_MAY_INCLUDE names, and only TOP_LEVEL folders reach
    labs/registry.h;
  - tests (*_test.cc, and the files under tests/) may also use tests/testing/ and the real labs through
    labs/registry.h, as fixtures: a test is the top of its own small program.
A folder missing from LAYERS fails too, so that a new folder is placed on purpose.

  scripts/check-layers.py [ROOT]     exit 0 when every include is allowed; else one line per offence
"""
import pathlib
import re
import sys

# Lowest first. A folder may include only folders before it (and itself).
LAYERS = [
    "model",      # the data every stage passes on: test case, workload, report, status, student result
    "core",       # utilities: files, subprocesses and CommandRunner, hashing, temporary folders
    "cusim",      # the CPU simulator's CUDA runtime, compiled into simulator runners
    "harness",    # the host harness compiled into every runner
    "testcases",  # YAML to TestSuite
    "compile",    # nvcc through the build cache, the source and symbol policies
    "sim",        # the simulator's compile: the rewriter and the g++ toolchain
    "run",        # the arena file and the conversation with a runner process
    "check",      # every verdict: integrity of the arena, the lab's comparison, the case judge
    "labdef",     # a lab read from its declaration (labs/<lab>/lab.yaml): expressions, inputs, checks, CPU reference
    "score",      # points from verdicts and time ratios
    "report",     # the printers, one per format, and their shared wording
    "backend",    # the GPU and the simulator as one interface
    "pipeline",   # one submission: build, run, check, score
    "intake",     # an LMS download to one file per student
    "similarity", # which of a class's files are unusually similar: CUDA tokens, winnowing, the pairs
    "gradebook",  # a class's outputs: grades.csv, reports, summary.html, the output folder's layout
    "batch",      # a class's grading run
    "labs",       # the registry: the labs declared under the root, read through labdef/
    "package",    # platform packages: Gradescope, GitHub Classroom
    "cli",        # the subcommands
    "",           # grader/main.cc
]
LAB_MAY_INCLUDE = {"model", "core", "check", "harness", "labs", "labdef"}
TOP_LEVEL = {"cli", ""}  # may name the registry of labs
SOURCE_SUFFIXES = {".h", ".cc", ".cu", ".cuh"}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def folder_of(path: pathlib.Path, grader: pathlib.Path) -> str:
    parts = path.relative_to(grader).parts
    return parts[0] if len(parts) > 1 else ""


def is_test(path: pathlib.Path) -> bool:
    return path.stem.endswith("_test") or "tests" in path.parts[:1]


def lab_offences(root: pathlib.Path, grader: pathlib.Path):
    """A lab inside the grader: a folder under grader/labs/, or a shipped lab's name as a string in its code."""
    if (grader / "labs").is_dir():
        for folder in sorted(p for p in (grader / "labs").iterdir() if p.is_dir()):
            yield f"grader/labs/{folder.name}/: a lab lives in labs/{folder.name}/ as data (docs/LABS.md), not in the grader"
    names = sorted(p.name for p in (root / "labs").iterdir() if (p / "lab.yaml").is_file()) if (root / "labs").is_dir() else []
    for path in sorted(p for p in grader.rglob("*") if p.suffix in SOURCE_SUFFIXES and not is_test(p.relative_to(root))):
        text = path.read_text(errors="replace")
        for name in names:
            if f'"{name}"' in text:
                yield f"{path.relative_to(root)}: names the lab \"{name}\": the grader reads labs, it never names one"


def offences(root: pathlib.Path):
    grader = root / "grader"
    rank = {name: index for index, name in enumerate(LAYERS)}
    known = {path.name for path in grader.iterdir() if path.is_dir()}
    for folder in sorted(known - set(rank)):
        yield f"grader/{folder}/: not placed in LAYERS (scripts/check-layers.py) nor in docs/ARCHITECTURE.md"
    yield from lab_offences(root, grader)
    sources = [p for p in grader.rglob("*") if p.suffix in SOURCE_SUFFIXES]
    sources += [p for p in (root / "tests").rglob("*") if p.suffix in SOURCE_SUFFIXES]
    sources += [p for p in (root / "fuzz").rglob("*") if p.suffix in SOURCE_SUFFIXES]
    for path in sorted(sources):
        inside_grader = grader in path.parents
        here = folder_of(path, grader) if inside_grader else None
        test = is_test(path.relative_to(root)) or not inside_grader
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1)
            parts = pathlib.PurePosixPath(target).parts
            where = f"{path.relative_to(root)}:{number}: #include \"{target}\""
            if len(parts) < 2:
                continue  # a file beside it
            there = parts[0]
            if there == "testing" or there == "workflow_lint":
                if not test:
                    yield f"{where}: test helpers are for tests only"
                continue
            if there not in rank:
                continue  # a library's header, e.g. <fmt/...> spelled with quotes, or cusim's own
            if target == "labs/registry.h" and (test or here in TOP_LEVEL or here == "labs"):
                continue
            if test and not inside_grader:
                continue  # tests/ and fuzz/ sit above every layer
            if here == "labs" and there not in LAB_MAY_INCLUDE:
                yield f"{where}: a lab may include only {', '.join(sorted(LAB_MAY_INCLUDE))}"
            elif rank[there] > rank[here]:
                yield f"{where}: {here or 'grader/'} is below {there} in the layers, so it may not include it"


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    found = list(offences(root.resolve()))
    for offence in found:
        print(offence)
    if found:
        print(f"{len(found)} include(s) cross the layers the wrong way (docs/ARCHITECTURE.md)")
        return 1
    print("every include follows the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
