#!/usr/bin/env python3
"""Fails when an #include in grader/ crosses the layers the wrong way (docs/ARCHITECTURE.md draws them).

Each folder of grader/ has a place in LAYERS, lowest first. A file may include headers of its own folder and
of folders below it, never above: so no include runs back up and no two folders include each other. On top
of that order:
  - labs/ (the plug-ins) may include only what LAB_MAY_INCLUDE names, and one lab never another's files;
  - nothing outside labs/ names a particular lab's files, and only TOP_LEVEL folders reach labs/registry.h;
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
    "labs",       # the plug-ins: one folder a lab, and the registry
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


def lab_of(parts) -> str:
    """The lab a path under labs/ belongs to ("" for labs/registry.* and other shared files)."""
    return parts[1] if len(parts) > 2 and parts[0] == "labs" else ""


def is_test(path: pathlib.Path) -> bool:
    return path.stem.endswith("_test") or "tests" in path.parts[:1]


def offences(root: pathlib.Path):
    grader = root / "grader"
    rank = {name: index for index, name in enumerate(LAYERS)}
    known = {path.name for path in grader.iterdir() if path.is_dir()}
    for folder in sorted(known - set(rank)):
        yield f"grader/{folder}/: not placed in LAYERS (scripts/check-layers.py) nor in docs/ARCHITECTURE.md"
    sources = [p for p in grader.rglob("*") if p.suffix in SOURCE_SUFFIXES]
    sources += [p for p in (root / "tests").rglob("*") if p.suffix in SOURCE_SUFFIXES]
    sources += [p for p in (root / "fuzz").rglob("*") if p.suffix in SOURCE_SUFFIXES]
    for path in sorted(sources):
        inside_grader = grader in path.parents
        here = folder_of(path, grader) if inside_grader else None
        test = is_test(path.relative_to(root)) or not inside_grader
        here_parts = path.relative_to(grader).parts if inside_grader else ()
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
            if lab_of(parts) and lab_of(parts) != lab_of(here_parts) and not path.match("grader/labs/registry.cc"):
                yield f"{where}: only the lab itself and labs/registry.cc name a lab's files"
                continue
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
