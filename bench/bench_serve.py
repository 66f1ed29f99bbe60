#!/usr/bin/env python3
"""Edit-to-reload: `polypress serve` against `hugo server --renderToDisk` on
the same corpus, one article edited again and again (a sentence added, then
taken away), each server warm.

For polypress the time runs from the write of the file to the `reload` event
its open pages get (the server-sent event stream), so it includes noticing
the change; "built in N ms" is its own figure for the build. For Hugo the
time runs from the write to its "Total in N ms" line, and N is its own
figure. Both tools wait a little for a burst of writes to end before they
build; that wait is in the first figure, not the second.

  bench_serve.py POLYPRESS SITE HUGO_SITE EDITED [--edits 5]

Used by bench_build.py (one run of every measure); alone for a quick look.
"""
import argparse, os, re, shutil, socket, subprocess, sys, tempfile, threading, time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lines:
    """Collects a child's stderr (or stdout) lines on a thread, with the time
    each arrived, so the bench can wait for one matching a pattern."""

    def __init__(self, stream):
        self.lines, self.cond = [], threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for raw in iter(stream.readline, b""):
            with self.cond:
                self.lines.append((time.monotonic(), raw.decode("utf-8", "replace")))
                self.cond.notify_all()
        with self.cond:
            self.lines.append((time.monotonic(), None))  # the stream ended
            self.cond.notify_all()

    def wait_for(self, pattern, after, timeout):
        """(time, match) of the first line after index `after` matching `pattern`."""
        deadline = time.monotonic() + timeout
        with self.cond:
            i = after
            while True:
                while i < len(self.lines):
                    at, line = self.lines[i]
                    i += 1
                    if line is None:
                        raise RuntimeError("the server stopped:\n" + self.text())
                    m = re.search(pattern, line)
                    if m:
                        return at, m
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError("no line matching %r in %d s:\n%s" % (pattern, timeout, self.text()))
                self.cond.wait(left)

    def count(self):
        with self.cond:
            return len(self.lines)

    def text(self):
        return "".join(l for _, l in self.lines[-20:] if l)


class Events:
    """The `reload` events of polypress serve's event stream, timed."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /__polypress/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                          b"Accept: text/event-stream\r\n\r\n" % port)
        self.times, self.cond = [], threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buf = b""
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                return
            if not data:
                return
            now = time.monotonic()
            buf += data
            while b"event: reload" in buf:
                buf = buf[buf.index(b"event: reload") + 13:]
                with self.cond:
                    self.times.append(now)
                    self.cond.notify_all()

    def wait_after(self, n, timeout):
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.times) > n, timeout):
                raise RuntimeError("no reload event in %d s" % timeout)
            return self.times[n]

    def count(self):
        with self.cond:
            return len(self.times)


def editor(path):
    """Edits that alternate: a sentence added, then the file as it was."""
    original = open(path, encoding="utf-8").read()
    state = [0]

    def edit():
        state[0] += 1
        text = original if state[0] % 2 == 0 else original + "\nEdited for the benchmark, %d.\n" % state[0]
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return time.monotonic()

    def restore():
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)

    return edit, restore


def edit_under(cmd, ready, edited, edits, one_edit, timeout, log_on_stdout=False):
    """Starts the server `cmd`, waits for its line matching `ready`, then
    edits `edited` `edits` times; `one_edit(log, edit, timeout)` times each.
    The file is put back and the server stopped whatever happens."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE if log_on_stdout else subprocess.DEVNULL,
                         stderr=subprocess.STDOUT if log_on_stdout else subprocess.PIPE)
    log = Lines(p.stdout if log_on_stdout else p.stderr)
    edit, restore = editor(edited)
    out = []
    try:
        log.wait_for(ready, 0, timeout)
        for _ in range(edits):
            out.append(one_edit(log, edit, timeout))
            time.sleep(0.3)  # the next edit is a new burst
    finally:
        restore()
        p.terminate()
        p.wait()
    return out


def polypress_serve(polypress, site, edited, edits, timeout=600):
    """[(edit-to-reload ms, its own build ms)] for each edit."""
    port = free_port()
    events = []

    def one_edit(log, edit, timeout):
        if not events:
            events.append(Events(port))
            time.sleep(0.5)  # the stream is open (a reload sent before it would be missed)
        seen, lines = events[0].count(), log.count()
        t0 = edit()
        t1 = events[0].wait_after(seen, timeout)
        _, m = log.wait_for(r"built in (\d+) ms", lines, timeout)
        return (t1 - t0) * 1000, float(m.group(1))

    return edit_under([polypress, "-C", site, "serve", "--port", str(port)], r"serve: http://", edited,
                      edits, one_edit, timeout)


def hugo_server(hugo, hugo_site, edited, edits, timeout=600):
    """[(edit-to-"Total" ms, its own "Total in" ms)] for each edit."""
    port = free_port()
    dest = tempfile.mkdtemp(prefix="hugo-serve-")

    def one_edit(log, edit, timeout):
        lines = log.count()
        t0 = edit()
        t1, m = log.wait_for(r"Total in (\d+) ms", lines, timeout)
        return (t1 - t0) * 1000, float(m.group(1))

    try:
        return edit_under([hugo, "server", "--source", hugo_site, "--renderToDisk", "--destination", dest,
                           "--port", str(port), "--bind", "127.0.0.1"], r"Web Server is available", edited,
                          edits, one_edit, timeout, log_on_stdout=True)
    finally:
        shutil.rmtree(dest, ignore_errors=True)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else float("nan")


def report(pp, hugo):
    """Prints the medians and their ratios; returns them."""
    r = {"serve edit-to-reload ms": median([a for a, _ in pp]), "serve build ms": median([b for _, b in pp])}
    print("polypress serve, one edit:  to reload %7.0f ms   its build %7.0f ms   (median of %d)" % (
        r["serve edit-to-reload ms"], r["serve build ms"], len(pp)))
    if hugo:
        r["hugo server edit ms"] = median([a for a, _ in hugo])
        r["hugo server total ms"] = median([b for _, b in hugo])
        print("hugo server, one edit:      to 'Total' %5.0f ms   'Total in' %6.0f ms   (median of %d)" % (
            r["hugo server edit ms"], r["hugo server total ms"], len(hugo)))
        print("ratio serve/hugo server:    edit to reload %.2f   build %.2f" % (
            r["serve edit-to-reload ms"] / r["hugo server edit ms"], r["serve build ms"] / r["hugo server total ms"]))
    return r


def report_again(r):
    """The serve lines of report(), from its result (the summary's end)."""
    print("serve edit to reload:          %.0f ms (its build %.0f ms)" % (
        r["serve edit-to-reload ms"], r["serve build ms"]))
    if "hugo server edit ms" in r:
        print("ratio serve/hugo server:       edit to reload %.2f  build %.2f" % (
            r["serve edit-to-reload ms"] / r["hugo server edit ms"], r["serve build ms"] / r["hugo server total ms"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("polypress")
    ap.add_argument("site")
    ap.add_argument("hugo_site")
    ap.add_argument("edited")
    ap.add_argument("--edits", type=int, default=5)
    a = ap.parse_args()
    hugo = shutil.which("hugo")
    pp = polypress_serve(os.path.abspath(a.polypress), a.site, a.edited, a.edits)
    hs = hugo_server(hugo, a.hugo_site, a.edited, a.edits) if hugo else []
    report(pp, hs)


if __name__ == "__main__":
    sys.exit(main())
