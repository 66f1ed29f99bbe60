#!/usr/bin/env python3
"""Builds the same generated corpus (bench/gen_corpus.py, Hugo's page-bundle
layout) with polypress and with Debian's Hugo (bench/hugo-site/: templates that
do what polypress's pages do), alternating the two run by run, and prints wall
time, CPU time and peak memory of each (best of --runs), the ratios, and the
Markdown floor: cmark-gfm alone rendering the same bodies.

  bench_build.py POLYPRESS [--bundles 1000,5000,20000] [--runs 1] [--dir /tmp/polypress-bench]

For each size it also times a rebuild with nothing changed and one after a
single article was edited (a sentence added), each against Hugo's rebuild
(a whole build: its command line has no other), the editor's loop of
`polypress serve` against `hugo server --renderToDisk` (bench_serve.py: edit
to reload), and `validate` of that one article against a whole-site
`validate`, both cold (no .polypress/). With more than one
size it ends with the growth table: each figure and its factor against the
size before, beside the corpus's own factor.

Needs hugo and cmark-gfm (bench/install-bench-deps.sh).
"""
import argparse, os, re, shutil, subprocess, sys, time

import bench_serve
from bench_validate import measure  # wall, CPU and peak RSS of one child (wait4)

HERE = os.path.dirname(os.path.abspath(__file__))


def run_ok(cmd, ok=(0,)):
    rc, wall, cpu, rss, err = measure(cmd)
    if rc not in ok:
        sys.exit("%s failed (%d):\n%s" % (cmd[0], rc, err[:3000]))
    return wall, cpu, rss


def best(xs):
    return (min(x[0] for x in xs), min(x[1] for x in xs), min(x[2] for x in xs))


def count(root, name):
    return sum(1 for d, _, f in os.walk(root) for x in f if x == name or x.endswith(name))


def set_aside(a, path):
    """Moves an earlier build's output folder out of the way instead of deleting
    it: on an ext4 file system without a journal (this VM's), the kernel skips
    inodes freed in the last minutes when it allocates new ones, one inode-table
    read each (recently_deleted() in fs/ext4/ialloc.c), so a build right after
    deleting 75,000 files spends seconds of system time on that alone, the
    more the more was deleted. Both tools build into a folder that never
    existed; what was set aside is deleted at the end of the run."""
    if os.path.exists(path):
        trash = os.path.join(a.dir, "set-aside")
        os.makedirs(trash, exist_ok=True)
        os.rename(path, os.path.join(trash, "%d" % time.monotonic_ns()))


def bench_size(a, bundles):
    """Every measure at one corpus size, printed as a block; returns them."""
    site = os.path.join(a.dir, "corpus-%d" % bundles)
    if not os.path.exists(os.path.join(site, "content")):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), site, "--bundles", str(bundles)], check=True)
        time.sleep(0.3)  # older than the racy-timestamp window, so the first build is recorded
    content = os.path.join(site, "content")
    md = [os.path.join(d, x) for d, _, f in os.walk(content) for x in f if x.endswith(".md")]
    size = sum(os.path.getsize(p) for p in md)
    print("\ncorpus: %d bundles, %d Markdown files, %.1f MB" % (bundles, len(md), size / 1e6), flush=True)

    out = os.path.join(a.dir, "out")
    pp_pub, pp_mail, hugo_pub = (os.path.join(out, x) for x in ("public", "mail", "hugo"))
    state = os.path.join(site, ".polypress")
    build = [a.polypress, "-C", site, "build", "--quiet", "--out", pp_pub, "--mail-out", pp_mail]

    def clean_pp():
        for d in (pp_pub, pp_mail):
            set_aside(a, d)
        shutil.rmtree(state, ignore_errors=True)

    hugo = shutil.which("hugo")
    hugo_cmd = None
    if hugo:
        hsite = os.path.join(a.dir, "hugo-site")
        shutil.rmtree(hsite, ignore_errors=True)
        shutil.copytree(os.path.join(HERE, "hugo-site"), hsite)
        with open(os.path.join(hsite, "hugo.toml.in"), encoding="utf-8") as f:
            toml = f.read().replace("@CONTENT@", content)
        with open(os.path.join(hsite, "hugo.toml"), "w", encoding="utf-8") as f:
            f.write(toml)
        hugo_cmd = [hugo, "--source", hsite, "--destination", hugo_pub, "--quiet"]
    else:
        print("hugo not found: run bench/install-bench-deps.sh")

    # Full builds into emptied folders, polypress and Hugo taking turns, so
    # that both see the same state of this shared machine.
    full_pp, full_hugo = [], []
    for _ in range(a.runs):
        clean_pp()
        full_pp.append(run_ok(build))
        if hugo_cmd:
            set_aside(a, hugo_pub)
            full_hugo.append(run_ok(hugo_cmd))
    r = {"bundles": bundles, "polypress build": best(full_pp)}
    if full_hugo:
        r["hugo"] = best(full_hugo)
    pages, emails = count(pp_pub, "index.html"), count(pp_mail, ".eml")
    hugo_pages = count(hugo_pub, "index.html") if hugo_cmd else 0

    # Nothing changed since the last run: what a rebuild costs.
    r["polypress no-op rebuild"] = best([run_ok(build) for _ in range(a.runs)])
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
        edits = []
        for _ in range(a.runs):
            edit()
            edits.append(run_ok(build))
        r["polypress one-article edit"] = best(edits)
        if hugo_cmd:
            # Hugo's command line has no incremental build: its rebuild after
            # an edit, or with nothing changed, is a whole build (into the
            # folder it wrote before, as an editor runs it).
            r["hugo one-article edit"] = best([(edit(), run_ok(hugo_cmd))[1] for _ in range(a.runs)])
            r["hugo no-op rebuild"] = best([run_ok(hugo_cmd) for _ in range(a.runs)])
    finally:
        with open(edited, "w", encoding="utf-8") as f:
            f.write(original)
    time.sleep(0.3)  # the article as it was, older than the racy window

    # The editor's loop: a server that rebuilds on each save.
    if a.serve:
        pp_serve = bench_serve.polypress_serve(a.polypress, site, edited, max(3, a.runs))
        hugo_serve = bench_serve.hugo_server(hugo, hsite, edited, max(3, a.runs)) if hugo_cmd else []
        r["serve"] = bench_serve.report(pp_serve, hugo_serve)

    # CI checking a pull request: the whole site, then the one changed
    # article, each cold (no parse cache, no manifest).
    def cold(cmd):
        shutil.rmtree(state, ignore_errors=True)
        return run_ok(cmd)

    r["polypress validate"] = best([cold([a.polypress, "-C", site, "validate", "--quiet"]) for _ in range(a.runs)])
    r["polypress validate FILE"] = best([cold([a.polypress, "-C", site, "validate", "--quiet", edited])
                                         for _ in range(a.runs)])

    cmark = shutil.which("cmark-gfm")
    if cmark:
        bodies = os.path.join(a.dir, "bodies.md")
        with open(bodies, "w", encoding="utf-8") as f:
            for p in sorted(md):
                text = open(p, encoding="utf-8").read()
                f.write(re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S) + "\n\n")
        r["cmark-gfm floor"] = best([run_ok([cmark, "-e", "table", "-e", "strikethrough", "-e", "autolink",
                                             "-e", "tasklist", "-e", "tagfilter", "--to", "html", bodies])
                                     for _ in range(a.runs)])
        os.remove(bodies)
    else:
        print("cmark-gfm not found: run bench/install-bench-deps.sh")

    print("polypress: %d pages, %d emails; hugo: %d pages" % (pages, emails, hugo_pages))
    for name, v in r.items():
        if name in ("bundles", "serve"):
            continue
        wall, cpu, rss = v
        print("%-27s wall %7.2f s  cpu %7.2f s  peak %6.0f MiB" % (name, wall, cpu, rss))
    pb = r["polypress build"]
    if "hugo" in r:
        h = r["hugo"]
        print("ratio polypress/hugo:       wall %.2f  cpu %.2f  peak memory %.2f" % (pb[0] / h[0], pb[1] / h[1], pb[2] / h[2]))
    if "cmark-gfm floor" in r:
        print("ratio polypress/floor:      wall %.2f" % (pb[0] / r["cmark-gfm floor"][0]))
    print("no-op rebuild / full build:    %.1f %%" % (100 * r["polypress no-op rebuild"][0] / pb[0]))
    print("one-article edit / full build: %.1f %%" % (100 * r["polypress one-article edit"][0] / pb[0]))
    if "hugo one-article edit" in r:
        print("ratio polypress/hugo, edit:    wall %.3f" % (
            r["polypress one-article edit"][0] / r["hugo one-article edit"][0]))
        print("ratio polypress/hugo, no-op:   wall %.3f" % (
            r["polypress no-op rebuild"][0] / r["hugo no-op rebuild"][0]))
    if "serve" in r:
        bench_serve.report_again(r["serve"])
    print("validate FILE / validate:      %.1f %%" % (100 * r["polypress validate FILE"][0] / r["polypress validate"][0]))
    set_aside(a, out)
    return r


def growth_table(rows):
    """Markdown: each size's figures, and each figure's factor against the size before."""
    print("\n| bundles × 5 | polypress wall | CPU | peak MiB | Hugo wall | CPU | peak MiB | wall ratio | memory ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    prev = None
    for r in rows:
        pb, h = r["polypress build"], r.get("hugo", (float("nan"),) * 3)

        def cell(v, i, key):
            if prev is None or key not in prev:
                return "%.2f" % v if i < 2 else "%.0f" % v
            return ("%.2f" if i < 2 else "%.0f") % v + " (×%.2f)" % (v / prev[key][i])

        corpus = "%d" % r["bundles"] + ("" if prev is None else " (×%.1f)" % (r["bundles"] / prev["bundles"]))
        print("| %s | %s | %s | %s | %s | %s | %s | %.2f | %.2f |" % (
            corpus, cell(pb[0], 0, "polypress build"), cell(pb[1], 1, "polypress build"), cell(pb[2], 2, "polypress build"),
            cell(h[0], 0, "hugo"), cell(h[1], 1, "hugo"), cell(h[2], 2, "hugo"), pb[0] / h[0], pb[2] / h[2]))
        prev = r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("polypress")
    ap.add_argument("--bundles", default="1000", help="comma-separated sizes, e.g. 1000,5000,20000")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--dir", default="/tmp/polypress-bench")
    ap.add_argument("--no-serve", dest="serve", action="store_false",
                    help="skip polypress serve against hugo server (edit to reload)")
    a = ap.parse_args()
    a.polypress = os.path.abspath(a.polypress)
    rows = [bench_size(a, int(n)) for n in a.bundles.split(",")]
    if len(rows) > 1:
        growth_table(rows)
    shutil.rmtree(os.path.join(a.dir, "set-aside"), ignore_errors=True)


if __name__ == "__main__":
    main()
