#!/usr/bin/env python3
"""Every email of the sample site passes the newsletter checklist checker
(tests/tools/verify_eml.py, a copy of shared/tools/verify_eml.py), Python's
email parser finds no defect, and every Subject decodes to its article's title.
Usage: check_sample_eml.py POLYPRESS REPO"""
import email, email.policy, glob, json, os, re, shutil, subprocess, sys, tempfile

polypress, repo = sys.argv[1], sys.argv[2]
checker = os.path.join(repo, "tests/tools/verify_eml.py")
work = tempfile.mkdtemp()
try:
    site = os.path.join(work, "site")
    for part in ("pipeline", "locales", "content"):
        shutil.copytree(os.path.join(repo, part), os.path.join(site, part))
    r = subprocess.run([polypress, "-C", site, "build", "--quiet"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("build failed: " + r.stderr)
    r = subprocess.run([polypress, "-C", site, "edition", "--week", "2026-W48"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("edition failed: " + r.stderr)
    failures, count = [], 0
    briefs = sorted(glob.glob(os.path.join(site, "mail", "*", "brief-2026-W48.eml")))
    if len(briefs) != 5:
        failures.append(f"{len(briefs)} briefs, not one per language")
    for path in briefs:
        lang = os.path.basename(os.path.dirname(path))
        v = subprocess.run([sys.executable, checker, path, "--bulk", "--lang", lang],
                           capture_output=True, text=True)
        if v.stdout.strip() != "OK":
            failures.append(f"{path}: {v.stdout.strip()}")
        m = email.message_from_bytes(open(path, "rb").read(), policy=email.policy.default)
        html = list(m.iter_parts())[1].get_content()
        if len(html.encode()) >= 100_000:
            failures.append(f"{path}: HTML over 100 KB")
        # Every link to the site is a page that was built (the unsubscribe
        # endpoint is the newsletter service's, not a page).
        for url in re.findall(r'href="(https://reviews\.example/[^"]*)"', html):
            if url.endswith("/unsubscribe"):
                continue
            page = os.path.join(site, "public", url[len("https://reviews.example/"):], "index.html")
            if not os.path.isfile(page):
                failures.append(f"{path}: links to {url}, which is not a page")
        if "ReviewRamble" not in str(m["Subject"]) or not re.search(r"[0-9٠-٩]", str(m["Subject"])):
            failures.append(f"{path}: Subject without the site or the week: {m['Subject']}")
    for path in sorted(glob.glob(os.path.join(site, "mail", "*", "*--*.eml"))):
        count += 1
        lang = os.path.basename(os.path.dirname(path))
        v = subprocess.run([sys.executable, checker, path, "--bulk", "--lang", lang],
                           capture_output=True, text=True)
        if v.returncode != 0 or v.stdout.strip() != "OK":
            failures.append(f"{path}: {v.stdout.strip()} {v.stderr.strip()}")
        m = email.message_from_bytes(open(path, "rb").read(), policy=email.policy.default)
        defects = list(m.defects) + [d for p in m.walk() for d in p.defects]
        defects += [d for h in m.keys() for d in getattr(m[h], "defects", ())]
        if defects:
            failures.append(f"{path}: parser defects {defects}")
        section, slug = os.path.basename(path)[:-4].split("--")
        md = open(os.path.join(site, "content", section, slug, f"index.{lang}.md"), encoding="utf-8").read()
        title = json.loads(re.search(r'^title: (".*")$', md, re.M).group(1))
        if str(m["Subject"]) != title:
            failures.append(f"{path}: Subject {str(m['Subject'])!r} != title {title!r}")
    if count < 50:
        failures.append(f"only {count} emails")
    print(f"{count} emails checked")
    if failures:
        sys.exit("\n".join(failures))
finally:
    shutil.rmtree(work)
