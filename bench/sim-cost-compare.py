#!/usr/bin/env python3
"""Per reference: the sums of simulated_ms (first order) and elapsed_ms (the whole case) over the cases that
every run given has (same reference, case name and size), and each run's ratio to the first. A file may hold
several passes: each case counts with its lowest figure (load only adds time). Written by bench/sim-cost.sh.
    bench/sim-cost-compare.py per-case-8156bc6.jsonl per-case-bee9898.jsonl per-case-now.jsonl"""
import json, sys
from collections import defaultdict

runs = []
for path in sys.argv[1:]:
    cases = {}
    for line in open(path):
        row = json.loads(line)
        if "case" in row and row.get("simulated_ms") is not None:
            key = (row["reference"], row["case"], json.dumps(row["size"]))
            if key in cases:
                for field in ("simulated_ms", "elapsed_ms"):
                    row[field] = min(row[field], cases[key][field])
            cases[key] = row
    runs.append((path.split("per-case-")[-1].removesuffix(".jsonl"), cases))
common = set.intersection(*(set(cases) for _, cases in runs))
references = sorted({key[0] for key in common})
names = [name for name, _ in runs]
print("cases in common:", len(common), "of", ", ".join(f"{n} {len(c)}" for n, c in runs))
for field in ("simulated_ms", "elapsed_ms"):
    print(f"\n{field}, summed over the common cases (ratio to {names[0]})")
    print("| reference | cases | " + " | ".join(names) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in names) + " |")
    for reference in references:
        keys = [key for key in common if key[0] == reference]
        sums = [sum(cases[key][field] or 0 for key in keys) for _, cases in runs]
        cells = [f"{sums[0]:,.0f}"] + [f"{s:,.0f} ({s / sums[0]:.2f}x)" for s in sums[1:]]
        print(f"| {reference} | {len(keys)} | " + " | ".join(cells) + " |")
