#!/usr/bin/env python3
"""`polypress serve` under the path of the base URL (docs/serve.md): a site
published at https://example.org/blog/ is previewed at /blog/, its stylesheet
and links resolve there, / redirects to it and nothing else is answered; with
--env the overlay's base URL decides the path. Real HTTP on 127.0.0.1; socket
timeouts only guard against a hang.

Usage: serve_subpath_test.py POLYPRESS"""
import http.client, os, re, shutil, signal, subprocess, sys, tempfile

polypress = sys.argv[1]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def get(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", path)
    r = c.getresponse()
    body = r.read().decode("utf-8", "replace")
    c.close()
    return r.status, r.getheader("Location"), body


def serve(site, *options):
    p = subprocess.Popen([polypress, "-C", site, "serve", "--port", "0", *options],
                         stderr=subprocess.PIPE, text=True)
    line = ""
    while "http://127.0.0.1:" not in line:
        line = p.stderr.readline()
        if not line:
            raise SystemExit("serve did not start")
    m = re.search(r"http://127\.0\.0\.1:(\d+)(/\S*)", line)
    return p, int(m.group(1)), m.group(2)


def stop(p):
    p.send_signal(signal.SIGINT)
    p.wait(timeout=60)


work = tempfile.mkdtemp()
try:
    site = os.path.join(work, "site")
    subprocess.run([polypress, "init", site, "--quiet", "--languages", "en,ar",
                    "--base-url", "https://example.org/blog/"], check=True)
    p, port, shown = serve(site)
    try:
        check(shown == "/blog/", "serve prints the address under the base path: " + shown)
        status, _, page = get(port, "/blog/en/")
        check(status == 200, "/blog/en/ is the English home page (%d)" % status)
        check('href="/blog/assets/style.css"' in page, "the page links /blog/assets/style.css")
        status, _, css = get(port, "/blog/assets/style.css")
        check(status == 200 and "inset-inline-start" in css, "the stylesheet is served there")
        status, _, _ = get(port, "/blog/en/news/welcome/")
        check(status == 200, "an article under /blog/ (%d)" % status)
        status, location, _ = get(port, "/")
        check(status == 302 and location == "/blog/", "/ redirects to /blog/ (%d %s)" % (status, location))
        status, _, body = get(port, "/en/")
        check(status == 404 and "/blog/" in body, "/en/ outside the base path is not found (%d)" % status)
        status, location, _ = get(port, "/blog/en")
        check(status == 301 and location == "/blog/en/", "a folder without '/' redirects inside the base path (%s)" % location)
        status, _, _ = get(port, "/blog/../etc/passwd")
        check(status in (400, 404), "no way out of the output folder (%d)" % status)
    finally:
        stop(p)

    # An environment's overlay moves the site; --base-url moves it again.
    with open(os.path.join(site, "pipeline/site.staging.yaml"), "w") as f:
        f.write("site:\n  base_url: https://staging.example.org/preview/\n")
    p, port, shown = serve(site, "--env", "staging")
    try:
        check(shown == "/preview/", "--env staging serves under /preview/: " + shown)
        status, _, page = get(port, "/preview/ar/")
        check(status == 200 and 'href="/preview/assets/style.css"' in page,
              "the staging pages link under /preview/ (%d)" % status)
        check('<link rel="canonical" href="https://staging.example.org/preview/ar/">' in page,
              "canonical URLs are the staging ones")
    finally:
        stop(p)
    p, port, shown = serve(site, "--env", "staging", "--base-url", "http://127.0.0.1:9/x/")
    try:
        check(shown == "/x/", "--base-url wins over the overlay: " + shown)
        status, _, _ = get(port, "/x/en/")
        check(status == 200, "served under /x/ (%d)" % status)
    finally:
        stop(p)
finally:
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
