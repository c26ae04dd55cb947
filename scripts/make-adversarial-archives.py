#!/usr/bin/env python3
"""Writes the hostile-archive half of the adversarial corpus into a folder, as one Blackboard download
(one upload per threat), with expected.csv beside it (student_id,status): what `cudagrade grade` must give.

Generated rather than committed: 100,000 entries and a 64 MiB bomb are not files to keep in git.

    scripts/make-adversarial-archives.py OUT_DIR
"""
import io
import pathlib
import sys
import tarfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORRECT = (ROOT / "submissions" / "matmul" / "correct.cu").read_bytes()
STAMP = (2026, 11, 20, 9, 0, 0)


def info(name, mode=0o100644, compression=zipfile.ZIP_DEFLATED):
    entry = zipfile.ZipInfo(name, STAMP)
    entry.external_attr = mode << 16
    entry.compress_type = compression
    return entry


def zip_of(path, entries, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as out:
        for name, data, *mode in entries:
            out.writestr(info(name, *(mode or [0o100644]), compression=compression), data)


def tar_of(path, members):
    with tarfile.open(path, "w:gz") as out:
        for member, data in members:
            out.addfile(member, io.BytesIO(data) if data is not None else None)


def main(out):
    out.mkdir(parents=True, exist_ok=True)
    up = out / "uploads"
    up.mkdir(exist_ok=True)
    expected = []

    def upload(student, status, name):
        expected.append((student, status))
        return up / f"Lab3_{student}_{name}"

    zip_of(upload("3000000001", "unsafe_archive", "zipslip.zip"), [("matmul.cu", CORRECT), ("../../evil.cu", b"x")])
    zip_of(upload("3000000002", "unsafe_archive", "absolute.zip"), [("matmul.cu", CORRECT), ("/etc/cron.d/evil", b"x")])
    # A symlink named matmul.cu pointing at /etc/passwd: links are never created, so there is no lab file.
    zip_of(upload("3000000003", "missing_file", "symlink.zip"), [("matmul.cu", b"/etc/passwd", 0o120777)])
    link = tarfile.TarInfo("matmul.cu")
    link.type = tarfile.LNKTYPE
    link.linkname = "/etc/passwd"
    tar_of(upload("3000000004", "missing_file", "hardlink.tar.gz"), [(link, None)])
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as nested:
        nested.writestr(info("matmul.cu"), CORRECT)
    zip_of(upload("3000000005", "missing_file", "nested.zip"), [("inner.zip", inner.getvalue())])
    zip_of(upload("3000000006", "too_large", "deflatebomb.zip"), [("matmul.cu", CORRECT), ("zeros.bin", bytes(64 << 20))])
    whole = io.BytesIO()
    with zipfile.ZipFile(whole, "w", zipfile.ZIP_DEFLATED) as full:
        full.writestr(info("matmul.cu"), CORRECT + b"\n" + bytes(200000))
    upload("3000000007", "damaged", "truncated.zip").write_bytes(whole.getvalue()[: len(whole.getvalue()) // 2])
    upload("3000000008", "not_an_archive", "empty.zip").write_bytes(b"")
    zip_of(upload("3000000009", "too_large", "manyentries.zip"),
           [(f"f/{i}.txt", b"") for i in range(100000)] + [("matmul.cu", CORRECT)], zipfile.ZIP_STORED)
    # An odd name is not an attack: the Latin-1 folder name is repaired and the solution is graded.
    odd = io.BytesIO()
    with zipfile.ZipFile(odd, "w") as weird:
        entry = info("caf\u00e9/matmul.cu")
        weird.writestr(entry, CORRECT)
    upload("3000000010", "passed", "oddname.zip").write_bytes(odd.getvalue())
    upload("3000000011", "not_an_archive", "junk.zip").write_bytes(bytes((i * 131 + 7) % 256 for i in range(4096)))
    zip_of(upload("3000000012", "ambiguous_file", "twofiles.zip"), [("a/matmul.cu", CORRECT), ("b/matmul.cu", CORRECT)])

    with open(out / "expected.csv", "w") as csv:
        csv.write("student_id,status\n")
        for student, status in expected:
            csv.write(f"{student},{status}\n")
    print(f"wrote {len(expected)} uploads to {up}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(pathlib.Path(sys.argv[1]))
