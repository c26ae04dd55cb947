#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora, fuzz/corpus/yaml/ and fuzz/corpus/archive/, from scratch.

    python3 fuzz/make-seeds.py

YAML seeds: the shipped test-case files (testcases/*.yaml, tests/data/**/*.yaml) and small files, each
wrong in one way (or valid in an unusual way), so the fuzzer starts next to every problem the loader
reports. Archive seeds: small zips and tars, each a student's upload of one kind (normal, in a folder,
zip-slip, absolute path, symlink, hard link, FIFO, non-UTF-8 name, duplicate entry, small zip bomb, too
many entries, cut short, not an archive, empty), plus tests/data/intake/infozip_project.zip, made by a
program other than Python. Every archive has fixed times, so rerunning this script rewrites the same
bytes. Regression inputs (fuzz/regressions/<target>/*) are copied in last: a crash once fixed stays a
seed.
"""

import gzip
import io
import bz2
import lzma
import pathlib
import shutil
import tarfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
DATE = (2026, 11, 22, 12, 0, 0)
MTIME = 1795262400  # 2026-11-22 12:00:00 UTC
MATMUL = b'#include "matmul.cuh"\n__global__ void matmul_kernel() {}\n'

YAML_SEEDS = {
    "empty.yaml": "",
    "comment-only.yaml": "# nothing but a comment\n",
    "syntax-error.yaml": "lab: matmul\ncases:\n  - {name: a, kind: square, M: 1\n",
    "tab-indent.yaml": "lab: matmul\ncases:\n\t- name: a\n",
    "not-a-mapping.yaml": "- lab\n- matmul\n",
    "scalar.yaml": "matmul\n",
    "unknown-lab.yaml": "lab: convolution\ncases:\n  - {name: a, kind: square, n: 4}\n",
    "lab-is-a-list.yaml": "lab: [matmul]\ncases: []\n",
    "no-cases.yaml": "lab: matmul\n",
    "cases-empty.yaml": "lab: reduction\ncases: []\n",
    "cases-mapping.yaml": "lab: reduction\ncases: {name: a}\n",
    "unknown-fields.yaml": (
        "lab: matmul\nextra: 1\ndefaults: {colour: red, points: 2}\n"
        "cases:\n  - {name: a, kind: square, M: 2, K: 2, N: 2, n: 3, speeed: {}}\n"
    ),
    "bad-numbers.yaml": (
        "lab: matmul\ncases:\n"
        "  - {name: nan, kind: square, M: .nan, K: -1, N: 1e999, points: -.inf}\n"
        "  - {name: big, kind: square, M: 99999999999999999999, K: 0x10, N: 0o7, seed: -1}\n"
        "  - {name: timeouts, kind: boundary, M: 1, K: 1, N: 1, timeout: 0}\n"
        "  - {name: timeouts2, kind: boundary, M: 1, K: 1, N: 1, timeout: 99999, hidden: maybe}\n"
    ),
    "duplicates.yaml": (
        "lab: reduction\ncases:\n"
        "  - {name: a, kind: square, n: 4}\n  - {name: a, kind: square, n: 4}\n"
        "  - {name: '', kind: square, n: 4}\n  - {kind: square, n: 4}\n  - {name: [x], kind: [y], n: {z: 1}}\n"
    ),
    "speed.yaml": (
        "lab: matmul\ndefaults: {tolerance: {abs: 1e-3}, seed: 7, distribution: uniform-float}\ncases:\n"
        "  - {name: p1, kind: performance, M: 64, K: 64, N: 64, speed: {reference: tiled, points: 1}}\n"
        "  - {name: p2, kind: performance, M: 64, K: 64, N: 64, speed: {full_ratio: 3, zero_ratio: 2}}\n"
        "  - {name: p3, kind: performance, M: 64, K: 64, N: 64, speed: {reference: missing, step: -1}}\n"
        "  - {name: p4, kind: square, M: 64, K: 64, N: 64, speed: {points: 1}}\n"
        "  - {name: p5, kind: performance, M: 64, K: 64, N: 64, speed: [1, 2]}\n"
        "  - {name: p6, kind: performance, M: 64, K: 64, N: 64}\n"
    ),
    "tolerance.yaml": (
        "lab: matmul\ncases:\n"
        "  - {name: t1, kind: square, M: 4, K: 4, N: 4, tolerance: {rel: 1e-4}}\n"
        "  - {name: t2, kind: square, M: 4, K: 4, N: 4, tolerance: 1e-4}\n"
        "  - {name: t3, kind: square, M: 4, K: 4, N: 4, tolerance: {abs: -1, ulp: 2}}\n"
        "  - {name: t4, kind: square, M: 4, K: 4, N: 4, distribution: gaussian}\n"
    ),
    "reduction-distribution.yaml": (
        "lab: reduction\ndefaults: {distribution: uniform-float, hidden: true, points: 0.5}\ncases:\n"
        "  - {name: r1, kind: non-multiple, n: 1000001}\n  - {name: r2, kind: boundary, n: 0}\n"
    ),
    "anchors.yaml": (
        "lab: matmul\nsize: &s {M: 8, K: 8, N: 8}\ncases:\n"
        "  - &c {name: a, kind: square, <<: *s}\n  - *c\n  - {name: b, kind: *c, M: *s}\n"
    ),
    "tags-and-documents.yaml": "--- !suite\nlab: !!str matmul\ncases: !!seq\n  - {name: a, kind: square, M: 1, K: 1, N: 1}\n---\nlab: x\n",
    "deep-nesting.yaml": "lab: matmul\ncases: " + "[" * 200 + "]" * 200 + "\n",
    "block-scalars.yaml": "lab: |\n  matmul\ncases:\n  - name: >\n      folded\n    kind: square\n    M: 1\n    K: 1\n    N: 1\n",
    "non-utf8.yaml": b"lab: matmul\ncases:\n  - {name: \xff\xfe, kind: square, M: 1, K: 1, N: 1}\n",
}


def write(path: pathlib.Path, data) -> None:
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def zip_bytes(entries, compression=zipfile.ZIP_DEFLATED) -> bytes:
    """entries: (name, bytes) or (name, bytes, external_attr)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for entry in entries:
            info = zipfile.ZipInfo(entry[0], DATE)
            info.compress_type = compression
            if len(entry) > 2:
                info.external_attr = entry[2]
            archive.writestr(info, entry[1])
    return buffer.getvalue()


def tar_bytes(members, format=tarfile.PAX_FORMAT, encoding="utf-8") -> bytes:
    """members: (name, type, data or link target)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=format, encoding=encoding) as archive:
        for name, kind, payload in members:
            info = tarfile.TarInfo(name)
            info.mtime = MTIME
            info.type = kind
            if kind == tarfile.REGTYPE:
                info.size = len(payload)
                archive.addfile(info, io.BytesIO(payload))
            else:
                info.linkname = payload or ""
                archive.addfile(info)
    return buffer.getvalue()


def gz(data: bytes) -> bytes:
    return gzip.compress(data, mtime=0)


def archive_seeds():
    symlink_attr = (0o120777 << 16)
    many = [(f"f{i:03}.txt", tarfile.REGTYPE, b"") for i in range(201)]
    normal_zip = zip_bytes([("matmul.cu", MATMUL)])
    return {
        "normal.zip": normal_zip,
        "stored.zip": zip_bytes([("matmul.cu", MATMUL), ("notes.txt", b"hi\n")], zipfile.ZIP_STORED),
        "in-folders.zip": zip_bytes([("lab3/", b""), ("lab3/src/", b""), ("lab3/src/matmul.cu", MATMUL),
                                     ("lab3/README.md", b"# lab 3\n")]),
        "two-lab-files.zip": zip_bytes([("a/matmul.cu", MATMUL), ("b/matmul.cu", MATMUL)]),
        "wrong-name.zip": zip_bytes([("Matmul.cu", MATMUL), ("matmul.zip", normal_zip)]),
        "zip-slip.zip": zip_bytes([("matmul.cu", MATMUL), ("../../evil.cu", b"evil\n")]),
        "backslash-slip.zip": zip_bytes([("ok\\..\\..\\evil.cu", b"evil\n"), ("C:/evil.cu", b"evil\n")]),
        "absolute.tar": tar_bytes([("/tmp/evil.cu", tarfile.REGTYPE, b"evil\n")]),
        "symlink.zip": zip_bytes([("link", "/etc/passwd", symlink_attr), ("matmul.cu", MATMUL)]),
        "symlink-then-write.tar.gz": gz(tar_bytes([("dir", tarfile.SYMTYPE, "/tmp"),
                                                   ("dir/matmul.cu", tarfile.REGTYPE, MATMUL)])),
        "hardlink-fifo-device.tar": tar_bytes([("matmul.cu", tarfile.REGTYPE, MATMUL),
                                               ("hard", tarfile.LNKTYPE, "matmul.cu"),
                                               ("pipe", tarfile.FIFOTYPE, None),
                                               ("dev", tarfile.CHRTYPE, None)]),
        "file-then-folder.tar": tar_bytes([("a", tarfile.REGTYPE, b"x"), ("a/matmul.cu", tarfile.REGTYPE, MATMUL),
                                           ("b", tarfile.DIRTYPE, None), ("b", tarfile.REGTYPE, b"y")]),
        "duplicate-entry.tar.bz2": bz2.compress(tar_bytes([("matmul.cu", tarfile.REGTYPE, b"old\n"),
                                                           ("matmul.cu", tarfile.REGTYPE, MATMUL)])),
        "names.tar.xz": lzma.compress(tar_bytes([("caf\xe9/matmul.cu", tarfile.REGTYPE, MATMUL),
                                                 ("ctrl\x1b[31m.txt", tarfile.REGTYPE, b"x"),
                                                 ("__MACOSX/._matmul.cu", tarfile.REGTYPE, b"x"),
                                                 (".DS_Store", tarfile.REGTYPE, b"x")],
                                                tarfile.GNU_FORMAT, "latin-1")),
        "bomb-file.zip": zip_bytes([("matmul.cu", b"\0" * (300 << 10))]),
        "too-many-entries.tar.gz": gz(tar_bytes(many)),
        "cut-short.zip": normal_zip[: len(normal_zip) // 2],
        "not-an-archive.cu": MATMUL,
        "empty": b"",
        "infozip_project.zip": (ROOT / "tests" / "data" / "intake" / "infozip_project.zip").read_bytes(),
    }


def main() -> None:
    yaml_dir = CORPUS / "yaml"
    archive_dir = CORPUS / "archive"
    for folder in (yaml_dir, archive_dir):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for source in sorted((ROOT / "testcases").glob("*.yaml")):
        shutil.copyfile(source, yaml_dir / f"testcases-{source.name}")
    for source in sorted((ROOT / "tests" / "data").rglob("*.yaml")):
        relative = source.relative_to(ROOT / "tests" / "data")
        shutil.copyfile(source, yaml_dir / ("tests-" + "-".join(relative.parts)))
    for name, text in YAML_SEEDS.items():
        write(yaml_dir / name, text)
    for name, data in archive_seeds().items():
        write(archive_dir / name, data)
    for target, folder in (("yaml", yaml_dir), ("archive", archive_dir)):
        regressions = ROOT / "fuzz" / "regressions" / target
        for source in sorted(regressions.glob("*")) if regressions.is_dir() else []:
            shutil.copyfile(source, folder / f"regression-{source.name}")
    total = sum(f.stat().st_size for f in CORPUS.rglob("*") if f.is_file())
    count = sum(1 for f in CORPUS.rglob("*") if f.is_file())
    print(f"fuzz/corpus: {count} seeds, {total} bytes")


if __name__ == "__main__":
    main()
