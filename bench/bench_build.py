#!/usr/bin/env python3
"""Builds the same generated corpus (bench/gen_corpus.py, Hugo's page-bundle
layout) with polypress and with Debian's Hugo (bench/hugo-site/: templates that
do what polypress's pages do), and prints wall time, CPU time and peak memory of
each (best of --runs), the ratios, and the Markdown floor: cmark-gfm alone
rendering the same bodies.

  bench_build.py POLYPRESS [--bundles 1000] [--runs 3] [--dir /tmp/polypress-bench]

It also times a rebuild with nothing changed and one after a single article
was edited (a sentence added), against the full build.

Needs hugo and cmark-gfm (bench/install-bench-deps.sh).
"""
import argparse, os, re, shutil, subprocess, sys, time

from bench_validate import measure  # wall, CPU and peak RSS of one child (wait4)

HERE = os.path.dirname(os.path.abspath(__file__))


def best_of(runs, cmd, before=None):
    best = None
    for _ in range(runs):
        if before:
            before()
        rc, wall, cpu, rss, err = measure(cmd)
        if rc != 0:
            sys.exit("%s failed (%d):\n%s" % (cmd[0], rc, err[:3000]))
        best = (wall, cpu, rss) if best is None else (min(best[0], wall), min(best[1], cpu), min(best[2], rss))
    return best


def count(root, name):
    return sum(1 for d, _, f in os.walk(root) for x in f if x == name or x.endswith(name))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("polypress")
    ap.add_argument("--bundles", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dir", default="/tmp/polypress-bench")
    a = ap.parse_args()
    site = os.path.join(a.dir, "corpus-%d" % a.bundles)
    if not os.path.exists(os.path.join(site, "content")):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), site, "--bundles", str(a.bundles)], check=True)
    content = os.path.join(site, "content")
    md = [os.path.join(d, x) for d, _, f in os.walk(content) for x in f if x.endswith(".md")]
    size = sum(os.path.getsize(p) for p in md)
    print("corpus: %d bundles, %d Markdown files, %.1f MB" % (a.bundles, len(md), size / 1e6))

    out = os.path.join(a.dir, "out")
    pp_pub, pp_mail, hugo_pub = (os.path.join(out, x) for x in ("public", "mail", "hugo"))

    def clean():
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(os.path.join(site, ".polypress"), ignore_errors=True)

    results = {}
    results["polypress build"] = best_of(a.runs, [a.polypress, "-C", site, "build", "--quiet", "--out", pp_pub, "--mail-out", pp_mail], clean)
    pages, emails = count(pp_pub, "index.html"), count(pp_mail, ".eml")
    build = [a.polypress, "-C", site, "build", "--quiet", "--out", pp_pub, "--mail-out", pp_mail]
    # Nothing changed since the last run: what a rebuild costs.
    results["polypress no-op rebuild"] = best_of(a.runs, build)
    # One article edited (a sentence added to an English source in the middle
    # of the site, so not among the latest): what an editor's rebuild costs.
    edited = sorted(p for p in md if p.endswith("index.en.md"))[len(md) // 10]
    original = open(edited, encoding="utf-8").read()
    runs = [0]

    def edit():
        runs[0] += 1
        with open(edited, "w", encoding="utf-8") as f:
            f.write(original + "\nEdited for the benchmark, %d.\n" % runs[0])
        time.sleep(0.3)  # older than the racy-timestamp window, as a real edit

    try:
        results["polypress one-article edit"] = best_of(a.runs, build, edit)
    finally:
        with open(edited, "w", encoding="utf-8") as f:
            f.write(original)

    hugo = shutil.which("hugo")
    hugo_pages = 0
    if hugo:
        hsite = os.path.join(a.dir, "hugo-site")
        shutil.rmtree(hsite, ignore_errors=True)
        shutil.copytree(os.path.join(HERE, "hugo-site"), hsite)
        with open(os.path.join(hsite, "hugo.toml.in"), encoding="utf-8") as f:
            toml = f.read().replace("@CONTENT@", content)
        with open(os.path.join(hsite, "hugo.toml"), "w", encoding="utf-8") as f:
            f.write(toml)
        results["hugo"] = best_of(a.runs, [hugo, "--source", hsite, "--destination", hugo_pub, "--quiet"],
                                  lambda: shutil.rmtree(hugo_pub, ignore_errors=True))
        hugo_pages = count(hugo_pub, "index.html")
    else:
        print("hugo not found: run bench/install-bench-deps.sh")

    cmark = shutil.which("cmark-gfm")
    if cmark:
        bodies = os.path.join(a.dir, "bodies.md")
        with open(bodies, "w", encoding="utf-8") as f:
            for p in sorted(md):
                text = open(p, encoding="utf-8").read()
                f.write(re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S) + "\n\n")
        results["cmark-gfm floor"] = best_of(a.runs, [cmark, "-e", "table", "-e", "strikethrough", "-e", "autolink",
                                                      "-e", "tasklist", "-e", "tagfilter", "--to", "html", bodies])
    else:
        print("cmark-gfm not found: run bench/install-bench-deps.sh")

    print("polypress: %d pages, %d emails; hugo: %d pages" % (pages, emails, hugo_pages))
    for name, (wall, cpu, rss) in results.items():
        print("%-24s wall %7.2f s  cpu %7.2f s  peak %6.0f MiB" % (name, wall, cpu, rss))
    pb = results["polypress build"]
    if "hugo" in results:
        h = results["hugo"]
        print("ratio polypress/hugo:    wall %.2f  cpu %.2f  peak memory %.2f" % (pb[0] / h[0], pb[1] / h[1], pb[2] / h[2]))
    if "cmark-gfm floor" in results:
        print("ratio polypress/floor:   wall %.2f" % (pb[0] / results["cmark-gfm floor"][0]))
    print("no-op rebuild / full build: %.1f %%" % (100 * results["polypress no-op rebuild"][0] / pb[0]))
    print("one-article edit / full build: %.1f %%" % (100 * results["polypress one-article edit"][0] / pb[0]))


if __name__ == "__main__":
    main()
