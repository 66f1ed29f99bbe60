#!/usr/bin/env python3
"""What `build` shows on a terminal (a pseudo-terminal here): progress, a
one-line summary, coloured severities; nothing of it with --quiet or without
a terminal; no colour with NO_COLOR.

Usage: terminal_test.py POLYPRESS SOURCE_DIR"""
import os, pty, re, shutil, subprocess, sys, tempfile

polypress, source = sys.argv[1], sys.argv[2]
failures = []


def check(ok, what, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else "\n" + detail), flush=True)
    if not ok:
        failures.append(what)


def on_terminal(args, env_extra=None):
    """Runs polypress with a pseudo-terminal as stdout and stderr; its output."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(env_extra or {})
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(polypress, [polypress] + args, env)
    out = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    return out.decode("utf-8", "replace")


with tempfile.TemporaryDirectory() as site:
    for part in ("content", "locales", "pipeline"):
        shutil.copytree(os.path.join(source, part), os.path.join(site, part))
    out = on_terminal(["-C", site, "build"])
    check(re.search(r"polypress: rendering \d+/\d+", out) is not None, "progress is shown", out)
    summary = re.search(r"polypress: \x1b\[32mbuilt\x1b\[0m (\d+) files in [\d.]+ s: (\d+) pages, "
                        r"(\d+) emails; (\d+) written, (\d+) unchanged; \x1b\[33m1 warning\x1b\[0m",
                        out)
    check(summary is not None, "one summary line: files, pages, emails, written, unchanged, "
          "warnings, time", out)
    check("\x1b[1;33mwarning\x1b[0m:" in out, "severities are coloured", out)

    out = on_terminal(["-C", site, "build"], {"NO_COLOR": "1"})
    check("\x1b[3" not in out and "\x1b[1;" not in out, "NO_COLOR: no colour", repr(out))
    check("polypress: nothing changed since the last build" in out or "polypress: built" in out,
          "NO_COLOR: the summary is still there", out)

    out = on_terminal(["-C", site, "build", "--quiet"])
    check("polypress: built" not in out and "nothing changed" not in out
          and "rendering" not in out, "--quiet: no progress, no summary", out)

    r = subprocess.run([polypress, "-C", site, "build"], capture_output=True, text=True)
    check("polypress: built" not in r.stderr and "rendering" not in r.stderr
          and "\x1b" not in r.stderr, "not a terminal: findings only", r.stderr)

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
