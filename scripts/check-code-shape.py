#!/usr/bin/env python3
"""Checks the shape rules of docs/architecture.md on src/:

- no source file over 500 lines;
- no function (or lambda-free body of a function, lambdas included) over 80 lines;
- layering: a file of stage S includes only headers of S and of the stages S
  builds on (the `polypress_stage(... DEPS ...)` order of src/CMakeLists.txt),
  and never another stage's internal header: a `*_internal.h`, or any header
  the stage does not list in its `HEADERS` (all are offered without the list).

Prints one line per problem as `path:line: message` and exits 1 when there is
any. Usage: check-code-shape.py [SRC_DIR]
"""
import pathlib
import re
import sys

MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 80


def strip_code(text):
    """The text with comments, string and character literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = ")" + m.group(1) + '"'
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isdigit():  # digit separator 1'000
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def blank_preprocessor(code):
    """The code with preprocessor lines blanked, so they end no statement."""
    return re.sub(r"(?m)^[ \t]*#.*$", lambda m: " " * len(m.group(0)), code)


def function_lengths(code):
    """(first line, line count) of each outermost function body in stripped code.

    A '{' opens a function body when the statement before it ends with ')'
    (optionally followed by const/noexcept/override/-> type) and is not a
    control statement; namespace, class, struct and enum bodies are walked
    through, so member functions defined in a class count too.
    """
    results = []
    stack = []  # kinds of open braces: 'scope' (namespace/class), 'function', 'other'
    stmt_start = 0
    line_of = lambda pos: code.count("\n", 0, pos) + 1
    for pos, c in enumerate(code):
        if c in ";}" and (not stack or stack[-1] == "scope"):
            stmt_start = pos + 1
        if c == "{":
            head = code[stmt_start:pos].strip()
            if stack and stack[-1] != "scope":
                stack.append("other")
            elif re.search(r"\b(namespace|class|struct|enum|union)\b[^()]*$", head) or head.startswith("extern"):
                stack.append("scope")
                stmt_start = pos + 1
            elif re.search(r"\)\s*(const|noexcept|override|final|mutable|\s|->\s*[\w:<>,&*\s]+)*$", head) and not re.match(r"(if|for|while|switch)\b", head):
                sig = code[stmt_start:pos]
                label = re.match(r"\s*((public|private|protected)\s*:)?\s*", sig)
                first = stmt_start + label.end()
                stack.append(("function", line_of(first)))
            else:
                stack.append("other")
        elif c == "}":
            if not stack:
                continue
            top = stack.pop()
            if isinstance(top, tuple):
                start = top[1]
                results.append((start, line_of(pos) - start + 1))
            if not stack or stack[-1] == "scope":
                stmt_start = pos + 1
    return results


def stage_order(src):
    """(stage -> stages it may include: itself and its DEPS, transitively;
    stage -> the headers it offers to other stages, or None for all)."""
    cmake = (src / "CMakeLists.txt").read_text()
    deps, offered = {}, {}
    for name, args in re.findall(r"polypress_stage\((\w+)([^)]*)\)", cmake):
        deps[name] = set(re.findall(r"pp_(\w+)", args))
        m = re.search(r"\bHEADERS\s+(.*?)(\bDEPS\b|$)", args, re.S)
        offered[name] = set(m.group(1).split()) if m else None
    allowed = {}

    def walk(s):
        if s not in allowed:
            allowed[s] = {s}
            for d in deps.get(s, ()):
                allowed[s] |= walk(d)
        return allowed[s]

    for s in deps:
        walk(s)
    return allowed, offered


def main():
    src = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "src")
    allowed, offered = stage_order(src)
    problems = []
    for path in sorted(p for p in src.rglob("*") if p.suffix in (".cpp", ".h")):
        rel = path.relative_to(src)
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n") + (0 if text.endswith("\n") else 1)
        if lines > MAX_FILE_LINES:
            problems.append(f"{path}:1: {lines} lines (at most {MAX_FILE_LINES})")
        for start, count in function_lengths(blank_preprocessor(strip_code(text))):
            if count > MAX_FUNCTION_LINES:
                problems.append(f"{path}:{start}: a function of {count} lines (at most {MAX_FUNCTION_LINES})")
        stage = rel.parts[0] if len(rel.parts) > 1 else None
        if stage not in allowed:
            continue
        for number, line in enumerate(text.split("\n"), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            target = m.group(1).split("/")
            if len(target) < 2 or target[0] not in allowed:
                continue
            if target[0] not in allowed[stage]:
                problems.append(f"{path}:{number}: stage {stage} includes {m.group(1)} of the later stage {target[0]}")
            elif target[0] != stage and (target[-1].endswith("_internal.h") or (
                    offered[target[0]] is not None and target[-1] not in offered[target[0]])):
                problems.append(f"{path}:{number}: {m.group(1)} is internal to the stage {target[0]}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
