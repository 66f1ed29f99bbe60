#!/usr/bin/env python3
"""Times `polypress validate` on a generated corpus (bench/gen_corpus.py): wall
time, CPU time and peak memory, best of several runs, and the same with --jobs 1
to show what the parallel read gives.

  bench_validate.py POLYPRESS [--bundles 5000] [--runs 3] [--dir /tmp/polypress-bench]
"""
import argparse, os, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(cmd):
    """Exit status, wall s, CPU s and peak RSS MiB of one run (wait4: this child only)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("polypress")
    ap.add_argument("--bundles", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dir", default="/tmp/polypress-bench")
    a = ap.parse_args()
    site = os.path.join(a.dir, "corpus-%d" % a.bundles)
    if not os.path.exists(os.path.join(site, "content")):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), site, "--bundles", str(a.bundles)], check=True)
    files = sum(len(f) for _, _, f in os.walk(os.path.join(site, "content")))
    size = sum(os.path.getsize(os.path.join(d, x)) for d, _, f in os.walk(os.path.join(site, "content")) for x in f)
    print("corpus: %d bundles, %d files, %.1f MB of Markdown" % (a.bundles, files, size / 1e6))
    for label, extra in (("validate", []), ("validate --jobs 1", ["--jobs", "1"])):
        best = None
        for _ in range(a.runs):
            rc, wall, cpu, rss, err = measure([a.polypress, "-C", site, "validate"] + extra)
            if rc != 0:
                print(err[:2000]); sys.exit("polypress validate failed: %d" % rc)
            best = min(best or (wall, cpu, rss), (wall, cpu, rss))
        wall, cpu, rss = best
        print("%-20s wall %.2f s  cpu %.2f s  peak %.0f MiB  (%.0f files/s)" % (label, wall, cpu, rss, files / wall))


if __name__ == "__main__":
    main()
