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
    failures, count = [], 0
    for path in sorted(glob.glob(os.path.join(site, "mail", "*", "*.eml"))):
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
