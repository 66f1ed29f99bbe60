#!/usr/bin/env python3
"""`polypress serve` on a copy of the sample site, through real HTTP on 127.0.0.1:
the live-reload script, an edit reloading open pages (timed), whole pages while
it rebuilds, a failed build's diagnostics page and its recovery, refused paths,
and a clean stop on SIGINT.

Usage: serve_test.py POLYPRESS SOURCE_DIR [sanitized|release]
(sanitizer builds are several times slower: the one-second check is then only printed)"""
import os, shutil, signal, socket, subprocess, sys, tempfile, threading, time, urllib.request

polypress, source = sys.argv[1], sys.argv[2]
sanitized = len(sys.argv) > 3 and sys.argv[3] == "sanitized"
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def get(port, path):
    try:
        with urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, path), timeout=10) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8")


def raw_status(port, request_line):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request_line.encode() + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
        return s.recv(64).split(b" ")[1].decode()


class Events(threading.Thread):
    """Reads the event stream; records when each reload arrives."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.reloads = port, []

    def run(self):
        try:
            with urllib.request.urlopen(
                    "http://127.0.0.1:%d/__polypress/events" % self.port, timeout=60) as r:
                for line in r:
                    if line.startswith(b"event: reload"):
                        self.reloads.append(time.monotonic())
        except Exception:
            pass

    def wait_for(self, count, seconds):
        end = time.monotonic() + seconds
        while len(self.reloads) < count and time.monotonic() < end:
            time.sleep(0.01)
        return len(self.reloads) >= count


with tempfile.TemporaryDirectory() as site:
    for part in ("content", "locales", "pipeline"):
        shutil.copytree(os.path.join(source, part), os.path.join(site, part))
    server = subprocess.Popen([polypress, "-C", site, "serve", "--port", "0"],
                              stderr=subprocess.PIPE, text=True)
    port = None
    for line in server.stderr:
        print("  serve: " + line.rstrip(), flush=True)
        if "http://127.0.0.1:" in line:
            port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
            break
    check(port is not None, "serve prints its address")
    log = []
    threading.Thread(target=lambda: log.extend(server.stderr), daemon=True).start()

    page = "/en/reviews/ollama/"
    status, html = get(port, page)
    check(status == 200 and "<title>Ollama" in html, "the article page is served")
    check('new EventSource("/__polypress/events")' in html and html.endswith("</html>\n"),
          "pages carry the live-reload script before </body>")
    status, body = get(port, "/assets/style.css")
    check(status == 200 and "__polypress" not in body, "other files are served as they are")
    check(raw_status(port, "GET /../../etc/passwd HTTP/1.1") in ("400", "404"),
          "a path out of public/ is refused")
    check(get(port, "/en")[0] == 200, "a folder without its slash is redirected to it")

    # An edit: open pages are told to reload, and the page has changed.
    events = Events(port)
    events.start()
    time.sleep(0.3)
    article = os.path.join(site, "content/reviews/ollama/index.en.md")
    text = open(article, encoding="utf-8").read()
    seen = set()
    stop_polling = threading.Event()

    def poll():
        while not stop_polling.is_set():
            s, b = get(port, page)
            seen.add((s, b.endswith("</html>\n")))

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    edited_at = time.monotonic()
    with open(article, "w", encoding="utf-8") as f:
        f.write(text.replace('title: "Ollama: ', 'title: "Edited Ollama: ', 1))
    reloaded = events.wait_for(1, 10)
    check(reloaded, "an edit makes open pages reload")
    if reloaded:
        print("  reload %.3f s after the edit" % (events.reloads[0] - edited_at), flush=True)
        if not sanitized:
            check(events.reloads[0] - edited_at < 1.0, "the reload comes within a second")
    stop_polling.set()
    poller.join()
    check(seen == {(200, True)}, "every page fetched during the rebuild is whole: %s" % sorted(seen))
    status, html = get(port, page)
    check("<title>Edited Ollama" in html, "the page shows the edit")

    # A broken file: pages show the diagnostics, then recover.
    with open(article, "w", encoding="utf-8") as f:
        f.write(text.replace("title:", "titel:", 1))
    check(events.wait_for(2, 10), "a failed build also reloads")
    status, html = get(port, page)
    check(status == 500 and "[front-matter/unknown-key]" in html and "did you mean" in html,
          "a failed build's pages show its diagnostics")
    check("&#39;title&#39;" in html or "&apos;title&apos;" in html, "diagnostics are escaped")
    with open(article, "w", encoding="utf-8") as f:
        f.write(text)
    check(events.wait_for(3, 10), "the fix reloads")
    status, html = get(port, page)
    check(status == 200 and "<title>Ollama" in html, "the fixed page is back")

    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        code = None
    check(code == 0, "Ctrl-C stops it cleanly (exit %s)" % code)

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
