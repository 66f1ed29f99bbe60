#!/usr/bin/env python3
"""polypress check --external against Debian's linkchecker on the same 2,000 URLs.

A local server on 127.0.0.1 plays 20 hosts (20 ports, 100 URLs each): every answer
takes 50 ms, and a host serving more than 4 requests at once answers 429 with
Retry-After: 1, as rate-limited sites do. Both tools get 8 parallel workers.
Prints wall time and CPU time of each and the ratio. Needs `linkchecker`
(apt-get install linkchecker); run from the repository with polypress built.

  bench_links.py POLYPRESS [--urls 2000] [--hosts 20]
"""
import argparse, os, shutil, subprocess, sys, tempfile, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def serve(hosts):
    servers, stats = [], {"requests": 0, "429": 0}
    lock = threading.Lock()
    for _ in range(hosts):
        gate = threading.BoundedSemaphore(4)

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            sem = gate

            def log_message(self, *a):
                pass

            def answer(self):
                with lock:
                    stats["requests"] += 1
                if not self.sem.acquire(blocking=False):
                    with lock:
                        stats["429"] += 1
                    self.send_response(429)
                    self.send_header("Retry-After", "1")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                try:
                    time.sleep(0.05)
                    body = b"<html><body>ok</body></html>"
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if self.command == "GET":
                        self.wfile.write(body)
                finally:
                    self.sem.release()

            do_GET = answer
            do_HEAD = answer

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 128

        s = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=s.serve_forever, daemon=True).start()
        servers.append(s)
    return servers, stats


def timed(cmd, **kw):
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    return time.monotonic() - t0, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("polypress")
    ap.add_argument("--urls", type=int, default=2000)
    ap.add_argument("--hosts", type=int, default=20)
    a = ap.parse_args()
    if not shutil.which("linkchecker"):
        sys.exit("linkchecker is not installed: apt-get install linkchecker")
    servers, stats = serve(a.hosts)
    urls = ["http://127.0.0.1:%d/page/%d" % (servers[i % a.hosts].server_address[1], i) for i in range(a.urls)]
    work = tempfile.mkdtemp(prefix="polypress-linkbench-")
    os.chmod(work, 0o755)
    try:
        # The same URLs as a polypress site (20 articles) and as one HTML page.
        site = os.path.join(work, "site")
        shutil.copytree(os.path.join(REPO, "tests/e2e/sites/minimal"), site)
        shutil.copytree(os.path.join(REPO, "pipeline/templates"), os.path.join(site, "pipeline/templates"), dirs_exist_ok=True)
        with open(os.path.join(site, "pipeline/site.yaml"), "a") as f:
            f.write("links: {timeout_s: 10, concurrency: 8, per_host: 2, retries: 2, allow_private: true, exclude: ['\\.example/']}\n")
        per = (len(urls) + 19) // 20
        for k in range(20):
            chunk = urls[k * per:(k + 1) * per]
            d = os.path.join(site, "content/news/links-%02d" % k)
            os.makedirs(d)
            with open(os.path.join(d, "index.en.md"), "w") as f:
                f.write('---\ntitle: "Links"\ntype: news\ndate: 2026-11-21\nsummary: "s"\nverdict: "v"\n'
                        'sources:\n  - {title: "t", url: "%s", publisher: "P"}\n---\n' % chunk[0])
                f.write("".join("- [link](%s)\n" % u for u in chunk))
        page = os.path.join(work, "links.html")
        with open(page, "w") as f:
            f.write("<html><body>\n" + "".join('<a href="%s">x</a>\n' % u for u in urls) + "</body></html>\n")
        os.chmod(page, 0o644)

        stats["requests"] = stats["429"] = 0
        pw, pc, prc, pout = timed([a.polypress, "-C", site, "check", "--external", "--no-cache", "--quiet"])
        p_req, p_429 = stats["requests"], stats["429"]
        stats["requests"] = stats["429"] = 0
        lw, lc, lrc, lout = timed(["linkchecker", "--check-extern", "--no-robots", "-t", "8", "--no-status",
                                   "-o", "none", "file://" + page], cwd=work)
        l_req, l_429 = stats["requests"], stats["429"]
        print("%d unique URLs on %d local hosts, 50 ms per answer, 429 above 4 requests per host at once"
              % (len(urls), a.hosts))
        print("polypress check --external : wall %6.2f s  cpu %5.2f s  requests %5d  429s %4d  exit %d"
              % (pw, pc, p_req, p_429, prc))
        print("linkchecker 10.2.1         : wall %6.2f s  cpu %5.2f s  requests %5d  429s %4d  exit %d"
              % (lw, lc, l_req, l_429, lrc))
        print("ratio (polypress / linkchecker wall time): %.2f" % (pw / lw))
        if prc != 0:
            print(pout[-3000:])
    finally:
        shutil.rmtree(work)
        for s in servers:
            s.shutdown()


if __name__ == "__main__":
    main()
