#!/usr/bin/env python3
"""Two reports for the sandbox's GPU verification (scripts/device-verify.sh sandbox).

  scripts/sandbox-report.py timing DIR_NONE DIR_BWRAP
      the student timings of the same files graded without and with the sandbox (grade-examples.sh
      --json-dir): one row per file and timed case, the ratio bwrap / none, and the median ratio.
  scripts/sandbox-report.py syscalls STRACE_FILE RUNNER_NAME
      the system calls a runner and its threads made, from `strace -f -o FILE` of a whole `cudagrade check`
      (lines "PID name(...) = result"), and which of them the runner filter refuses (core/syscall_filter.cc).
"""
import json
import pathlib
import re
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def refused_by_runner_filter():
    """The calls core/syscall_filter.cc refuses whatever their arguments, read from the source itself so the
    two cannot drift: the names of kRefused, and the SCMP_SYS(...) calls refused with no condition."""
    source = (ROOT / "grader/core/syscall_filter.cc").read_text()
    listed = re.search(r"kRefused\[\] = \{(.*?)\};", source, re.S).group(1)
    return set(re.findall(r'"(\w+)"', listed)) | set(re.findall(r"SCMP_SYS\((\w+)\), 0, nullptr", source))


CONDITIONAL = {"clone": "refused without CLONE_THREAD or with CLONE_NEW*", "socket": "refused but for AF_UNIX",
               "socketpair": "refused but for AF_UNIX"}


def student_timings(folder):
    timings = {}
    for path in sorted(pathlib.Path(folder).glob("*.json")):
        report = json.loads(path.read_text())
        for case in report.get("cases", []):
            speed = case.get("speed") or {}
            median = (speed.get("student") or {}).get("median_ms")
            if median:
                timings[(path.stem, case["name"])] = median
    return timings


def timing(none_dir, bwrap_dir):
    none, bwrap = student_timings(none_dir), student_timings(bwrap_dir)
    ratios = []
    print(f"{'file':<44} {'case':<22} {'none ms':>10} {'bwrap ms':>10} {'ratio':>7}")
    for key in sorted(none.keys() & bwrap.keys()):
        ratio = bwrap[key] / none[key]
        ratios.append(ratio)
        print(f"{key[0]:<44} {key[1]:<22} {none[key]:>10.4f} {bwrap[key]:>10.4f} {ratio:>7.3f}")
    if ratios:
        print(f"{len(ratios)} timings; median ratio bwrap/none {statistics.median(ratios):.3f}, "
              f"range {min(ratios):.3f} to {max(ratios):.3f}")


def syscalls(strace_file, runner_name):
    line_pattern = re.compile(r"^(\d+)\s+(?:<\.\.\. )?([a-z_0-9]+)[\( ]")
    runner_pids, names = set(), {}
    for line in pathlib.Path(strace_file).read_text(errors="replace").splitlines():
        match = line_pattern.match(line)
        if not match:
            continue
        pid, name = match.groups()
        if name == "execve" and runner_name in line and "= 0" in line:
            runner_pids.add(pid)
        if pid in runner_pids:
            names[name] = names.get(name, 0) + 1
            child = re.search(r"= (\d+)$", line)
            if name in ("clone", "clone3") and child:
                runner_pids.add(child.group(1))
    print(f"runner processes and threads: {len(runner_pids)}; distinct system calls: {len(names)}")
    print(" ".join(f"{name}:{count}" for name, count in sorted(names.items())))
    refused = sorted(set(names) & refused_by_runner_filter())
    print("refused by the runner filter:", ", ".join(refused) if refused else "none")
    for name in sorted(set(names) & CONDITIONAL.keys()):
        print(f"  {name}: {CONDITIONAL[name]}; the calls made:")
        for line in pathlib.Path(strace_file).read_text(errors="replace").splitlines():
            match = line_pattern.match(line)
            if match and match.group(1) in runner_pids and match.group(2) == name:
                print("   ", line[:160])


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "timing":
        timing(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "syscalls":
        syscalls(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
