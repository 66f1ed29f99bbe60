#!/usr/bin/env python3
"""The sample site's pages under an outside validator, offline.

Builds the repository's sample site into a temporary folder, two articles a
page (`paginate: 2`), and runs one validator on every page (every .html file
under public/):

  nu    the W3C Nu HTML checker (npm vnu-jar on Debian's Java), errors only
  html  html-validate with its recommended rules (htmlvalidate.json; each
        rule changed there is listed in docs/validators.md)

Exits 0 when the validator reports nothing; otherwise prints its messages and
exits 1. The validators come from tests/validators/node_modules, installed by
scripts/install-validator-deps.sh (npm ci); nothing is fetched at test time.

Usage: check_pages.py nu|html POLYPRESS REPO"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = os.path.join(HERE, "node_modules")
VNU_JAR = os.path.join(MODULES, "vnu-jar", "build", "dist", "vnu.jar")
HTML_VALIDATE = os.path.join(MODULES, "html-validate", "bin", "html-validate.mjs")


def build_sample(polypress, repo, work):
    """Builds a copy of the sample site; returns the sorted page paths."""
    site = os.path.join(work, "site")
    for part in ("pipeline", "locales", "content"):
        shutil.copytree(os.path.join(repo, part), os.path.join(site, part))
    # Two articles a page: the pages of paginated sections and tags are
    # checked too (their pager and rel=prev/next links).
    with open(os.path.join(site, "pipeline", "site.yaml"), "a", encoding="utf-8") as f:
        f.write("paginate: 2\n")
    public = os.path.join(work, "public")
    r = subprocess.run([polypress, "-C", site, "build", "--quiet", "--out", public,
                        "--mail-out", os.path.join(work, "mail")],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("build failed:\n" + r.stderr)
    pages = sorted(os.path.join(d, f) for d, _, files in os.walk(public)
                   for f in files if f.endswith(".html"))
    return public, pages


def run_nu(public, pages):
    # --skip-non-html: the folder also holds the feeds, the sitemap and assets.
    cmd = ["java", "-jar", VNU_JAR, "--errors-only", "--skip-non-html", public]
    return subprocess.run(cmd, capture_output=True, text=True), cmd


def run_html_validate(public, pages):
    cmd = ["node", HTML_VALIDATE, "--config", os.path.join(HERE, "htmlvalidate.json"),
           "--formatter", "text"] + pages
    return subprocess.run(cmd, capture_output=True, text=True), cmd


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("nu", "html"):
        sys.exit(__doc__)
    which, polypress, repo = sys.argv[1:]
    needed = VNU_JAR if which == "nu" else HTML_VALIDATE
    if not os.path.isfile(needed):
        sys.exit(f"{needed} is missing; run scripts/install-validator-deps.sh")
    work = tempfile.mkdtemp(prefix="polypress-validators-")
    try:
        public, pages = build_sample(polypress, repo, work)
        # An empty site would pass any validator: the sample has pages in
        # every language, so far fewer means the build went wrong.
        if len(pages) < 50:
            sys.exit(f"only {len(pages)} pages built; expected the whole sample site")
        r, cmd = (run_nu if which == "nu" else run_html_validate)(public, pages)
        messages = (r.stdout + r.stderr).replace(public + os.sep, "").strip()
        if r.returncode != 0 or messages:
            print(f"{' '.join(cmd[:3])} … found problems in the sample site's pages:")
            print(messages)
            return 1
        print(f"{which}: {len(pages)} pages, no errors")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
