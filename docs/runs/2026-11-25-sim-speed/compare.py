#!/usr/bin/env python3
"""Made compare.txt here; its code is now bench/sim-cost-compare.py (the same comparison, kept as a tool):
    compare.py per-case-8156bc6.jsonl per-case-658d3a5.jsonl per-case-simspeed.jsonl"""
import pathlib, runpy

runpy.run_path(str(pathlib.Path(__file__).resolve().parents[3] / "bench" / "sim-cost-compare.py"), run_name="__main__")
