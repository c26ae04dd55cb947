#!/usr/bin/env python3
"""Writes the example class (submissions/class/matmul/): a Blackboard download of 14 students' uploads.

Single files are the bundled examples under their LMS names (2026000015's a renamed, reformatted copy of
2026000002's, which the similarity check flags); the per-student archives (one with the file
deep in a project folder and macOS litter, one without the file, one that is not an archive, one zip-slip)
are built here so that every byte of them is reviewable. expected.csv holds the status and score each
student gets in the CPU simulator on tests/data/class/matmul.yaml. Run from the repository root:

    scripts/make-example-class.py
"""
import io
import pathlib
import shutil
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "submissions" / "class" / "matmul"
EXAMPLES = ROOT / "submissions" / "matmul"
REFERENCE = ROOT / "reference" / "matmul"
COPIES = ROOT / "tests" / "data" / "similarity"
FIXED_TIME = (2026, 11, 20, 9, 0, 0)  # zip entries get a fixed time, so the archives are reproducible

# student id, stamp, source file: single-file uploads as Blackboard names them.
ATTEMPTS = [
    ("2026000001", "2026-11-20-09-00-00", EXAMPLES / "correct.cu"),
    ("2026000002", "2026-11-20-09-10-00", REFERENCE / "tiled_boundary.cu"),
    ("2026000003", "2026-11-20-09-20-00", REFERENCE / "naive.cu"),
    ("2026000004", "2026-11-20-09-30-00", EXAMPLES / "no_boundary_check.cu"),
    ("2026000004", "2026-11-21-23-59-00", EXAMPLES / "correct.cu"),  # the late fix replaces the first try
    ("2026000005", "2026-11-20-09-40-00", EXAMPLES / "swapped_indices.cu"),
    ("2026000006", "2026-11-20-09-50-00", EXAMPLES / "missing_syncthreads.cu"),
    ("2026000007", "2026-11-20-10-00-00", EXAMPLES / "compile_error.cu"),
    ("2026000008", "2026-11-20-10-10-00", EXAMPLES / "infinite_loop.cu"),
    ("2026000009", "2026-11-20-10-20-00", EXAMPLES / "out_of_bounds_crash.cu"),
    ("2026000010", "2026-11-20-10-30-00", EXAMPLES / "uses_cublas.cu"),
    ("2026000015", "2026-11-20-10-40-00", COPIES / "tiled_boundary_renamed.cu"),  # 2026000002's, disguised
]


def entry(name):
    info = zipfile.ZipInfo(name, FIXED_TIME)
    info.external_attr = 0o644 << 16
    return info


def archive(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in files:
            out.writestr(entry(name), data)


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    for student, stamp, source in ATTEMPTS:
        shutil.copyfile(source, OUT / f"Lab3_{student}_attempt_{stamp}_matmul.cu")
    correct = (EXAMPLES / "correct.cu").read_bytes()
    archive(OUT / "Lab3_2026000011_Ana.zip", [
        ("lab3/src/matmul.cu", correct),
        ("lab3/README.md", b"Ana's lab 3\n"),
        ("__MACOSX/lab3/src/._matmul.cu", b"\x00\x05\x16\x07 AppleDouble"),
    ])
    archive(OUT / "Lab3_2026000012_Bo.zip", [("lab3/main.cu", correct), ("lab3/notes.txt", b"forgot to rename\n")])
    (OUT / "Lab3_2026000013_Cy.zip").write_bytes(b"This is my matmul, I pasted it here:\n" + correct)
    archive(OUT / "Lab3_2026000014_Di.zip", [("matmul.cu", correct), ("../../../.bashrc", b"echo pwned\n")])
    print(f"wrote {len(list(OUT.iterdir()))} uploads to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
