#!/usr/bin/env python3
"""Every reference in the repository's code comments and documents points inside
the repository: no "SPEC §3", "DESIGN.md" or "shared/..." (documents the
repository does not have), and every `docs/<name>.md` named in a comment and
every relative Markdown link in a document exists.

Prints `path:line: message` for each problem; exits 1 when there is any.
Usage: check-references.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import sys

OUTSIDE = re.compile(r"\bSPEC\b|\bSPEC\.md\b|\bDESIGN(\.md)?\b|(\.\./)?shared/(SPEC|DESIGN|README|reference)")
DOC_NAME = re.compile(r"(?<![\w/.-])(docs/[\w.-]+\.md)\b")  # not another package's docs/
MD_LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")
# tests/documents/: Debian's documents, unpacked by scripts/install-test-documents.sh
SKIP_DIRS = {"build", "build-asan", "build-fuzz", "node_modules", ".git", "public", "mail", "documents"}


def files(root):
    for top in ("src", "tests", "scripts", "docs", "fuzz", "bench", "cmake", "pipeline", ".ci"):
        base = root / top
        if not base.exists():
            continue
        for p in sorted(base.rglob("*")):
            if p.is_file() and not SKIP_DIRS.intersection(p.relative_to(root).parts):
                yield p
    for name in ("README.md", "CMakeLists.txt"):
        if (root / name).exists():
            yield root / name


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    this = pathlib.Path(__file__).resolve()
    problems = []
    for path in files(root):
        if path.resolve() == this or path.suffix not in (".cpp", ".h", ".in", ".md", ".py", ".sh", ".txt", ".cmake", ".mjs", ".mustache", ".yaml", ""):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        rel = path.relative_to(root)
        # Links are checked in the documents only, outside code blocks (test
        # inputs and rules.md's examples hold links that lead nowhere on purpose).
        is_document = path.suffix == ".md" and (rel.parts[0] == "docs" or len(rel.parts) == 1)
        in_code = False
        for number, line in enumerate(text.split("\n"), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
            if OUTSIDE.search(line):
                problems.append(f"{rel}:{number}: refers to a document outside the repository: {line.strip()[:100]}")
            for name in DOC_NAME.findall(line):
                if not (root / name).exists():
                    problems.append(f"{rel}:{number}: {name} does not exist")
            if is_document and not in_code:
                for target, _ in MD_LINK.findall(line):
                    if re.match(r"[a-z]+:", target) or target.startswith("/"):
                        continue
                    if not (path.parent / target).exists():
                        problems.append(f"{rel}:{number}: the link {target} leads nowhere")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
