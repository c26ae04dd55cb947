#!/usr/bin/env python3
"""The device functions CUDA 13.0's headers declare at global scope, which a lab's kernel may call.

  scripts/nvcc-device-functions.py dump   (needs nvcc 13.0) writes tests/data/nvcc/device-functions-13.0.txt

The names come from the device pass's preprocessed text of a file that includes <cooperative_groups.h> (every
declaration marked __device__), kept when nvcc itself takes `using ::name;` for them, less CUDA's internal
plumbing (__nv*, __cuda*, *_impl, *_ptsz, the __pm counters and math helpers). simulator_table_test.cc holds
the simulator's headers to the list: each name is declared there, or docs/SIMULATOR.md says why it is not.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "nvcc", "device-functions-13.0.txt")
NVCC_FLAGS = ["-std=c++17", "-O3", "-arch=sm_90", "--expt-relaxed-constexpr"]
INTERNAL = re.compile(r"^(__nv|__cuda|__pm\d|__pow_helper|__cmath)|_impl$|_ptsz$")
NOT_FUNCTIONS = {"_U", "__attribute__", "delete", "new", "operator", "sizeof"}


def device_pass_text(folder):
    source = os.path.join(folder, "probe.cu")
    open(source, "w").write("#include <cooperative_groups.h>\n")
    shown = subprocess.run(["nvcc", *NVCC_FLAGS, "-c", source, "-o", os.path.join(folder, "probe.o"), "-dryrun"],
                           capture_output=True, text=True, check=True, cwd=folder)
    for line in shown.stderr.splitlines():
        if line.startswith("#$ gcc") and " -E " in line and "-D__CUDA_ARCH__=" in line:
            words = shlex.split(line[3:])
            del words[words.index("-o"):words.index("-o") + 2]
            return subprocess.run(words, capture_output=True, text=True, check=True, cwd=folder).stdout
    sys.exit("nvcc -dryrun showed no device-pass preprocessing command")


def declared_device_names(text):
    text = re.sub(r"^#.*$", "", text, flags=re.M)
    names = set()
    for marker in re.finditer(r"__attribute__\(\(device\)\)", text):
        head = re.sub(r"__attribute__\(\((?:[^()]|\([^()]*\))*\)\)", " ", text[marker.end():marker.end() + 600])
        paren = head.find("(")
        if paren < 0 or any(c in head[:paren] for c in ";{}"):
            continue
        identifiers = re.findall(r"[A-Za-z_]\w*", head[:paren])
        if identifiers:
            names.add(identifiers[-1])
    return sorted(n for n in names - NOT_FUNCTIONS if not INTERNAL.search(n))


def global_under_nvcc(names, folder):
    """The names nvcc's device pass finds at global scope: `using ::name;` compiles for each."""
    refused = set()
    while True:
        candidates = [n for n in names if n not in refused]
        source = os.path.join(folder, "using.cu")
        lines = ["#include <cooperative_groups.h>"] + [f"namespace p{i} {{ using ::{n}; }}" for i, n in enumerate(candidates)]
        open(source, "w").write("\n".join(lines) + "\n")
        # -ptx: the device pass alone; the host pass declares no device function.
        result = subprocess.run(["nvcc", *NVCC_FLAGS, "-ptx", source, "-o", os.path.join(folder, "using.ptx")],
                                capture_output=True, text=True, cwd=folder)
        found = {candidates[int(m.group(1)) - 2] for m in re.finditer(r"using\.cu\((\d+)\): error", result.stdout + result.stderr)}
        if not found:
            if result.returncode != 0:
                sys.exit(result.stdout + result.stderr)
            return candidates
        refused |= found


def main():
    if sys.argv[1:] != ["dump"]:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as folder:
        names = global_under_nvcc(declared_device_names(device_pass_text(folder)), folder)
    with open(OUT, "w") as out:
        out.write("".join(name + "\n" for name in names))
    print(f"{len(names)} names -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
