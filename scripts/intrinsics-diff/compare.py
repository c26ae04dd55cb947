#!/usr/bin/env python3
"""Compare the GPU's and the simulator's answers (probe_gpu.cu, probe_sim.cc): one line per case that differs,
with its first three differing operand sets, then a total. A case with a tolerance compares floating-point
results in units in the last place; the rest bit for bit, any NaN equal to any NaN.

  compare.py gpu.txt sim.txt
"""
import sys


def ordered(bits, width):
    """The float's place on the integer line, so that a difference counts the floats between."""
    sign = 1 << (width - 1)
    return -(bits & (sign - 1)) if bits & sign else bits


def is_nan(bits, width):
    if width == 32:
        return (bits & 0x7f800000) == 0x7f800000 and bits & 0x7fffff
    return (bits & 0x7ff0000000000000) == 0x7ff0000000000000 and bits & 0xfffffffffffff


def agree(kind, ulps, gpu, sim):
    if kind in ("f32", "f64"):
        width = 32 if kind == "f32" else 64
        if is_nan(gpu, width) or is_nan(sim, width):
            return bool(is_nan(gpu, width) and is_nan(sim, width))
        return abs(ordered(gpu, width) - ordered(sim, width)) <= ulps
    return gpu == sim


def read(path):
    cases = {}
    with open(path) as lines:
        for line in lines:
            name, kind, ulps, sample, bits = line.split()
            cases.setdefault(name, (kind, int(ulps), {}))[2][int(sample)] = int(bits, 16)
    return cases


def main():
    gpu, sim = read(sys.argv[1]), read(sys.argv[2])
    differing = 0
    for name, (kind, ulps, answers) in gpu.items():
        if name not in sim:
            print(f"{name}: missing from the simulator's answers")
            differing += 1
            continue
        theirs = sim[name][2]
        wrong = [s for s, bits in answers.items() if not agree(kind, ulps, bits, theirs.get(s, -1))]
        if wrong:
            differing += 1
            shown = ", ".join(f"#{s} gpu {answers[s]:x} sim {theirs.get(s, -1):x}" for s in wrong[:3])
            print(f"{name}: {len(wrong)} of {len(answers)} differ ({shown})")
    print(f"cases: {len(gpu)}, differing: {differing}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
