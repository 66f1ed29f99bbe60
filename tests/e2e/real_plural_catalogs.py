#!/usr/bin/env python3
"""Real catalogs' Plural-Forms judged by what readers see (issue 36).

Every interface catalog of two sets nobody here wrote — Django's (from
Transifex) and Shutter's (from Launchpad), as Debian ships them
(scripts/install-test-documents.sh) — goes through `polypress i18n check` as
a language of a copy of the sample site. An independent referee decides
which of them really show a reader a wrong text: Python's gettext evaluates
each header (gettext.c2py) for 0..1000 and large numbers, PyICU gives CLDR's
category of each number, and a catalog is wrong when a translated plural
entry (not fuzzy, every form written) shows numbers of one category
different texts (white space collapsed, as pages show it), or holds a text
in a form no whole number gets while two categories share a form (CLDR's
"many" of millions sharing "other" aside); without a Plural-Forms, when any
plural entry is translated. polypress must call a catalog's header an
error (i18n/plural-forms) exactly when the referee finds it wrong.

Usage: real_plural_catalogs.py POLYPRESS REPO [EVERY]

EVERY (default 1) takes every EVERY-th catalog: the sanitizer build takes a
third of them, whose verdicts the release build has all checked already."""
import gettext, glob, os, re, shutil, subprocess, sys, tempfile

import icu
import polib

polypress, repo = sys.argv[1], sys.argv[2]
every = int(sys.argv[3]) if len(sys.argv) > 3 else 1
docs = os.path.join(repo, "tests", "documents")
NUMBERS = list(range(0, 1001)) + [10**k * m for k in range(4, 10) for m in (1, 2, 5)]
MILLIONS = {"fr", "es", "it", "ca", "pt"}


def catalogs():
    django = os.path.join(docs, "usr/lib/python3/dist-packages/django/conf/locale")
    for po in sorted(glob.glob(os.path.join(django, "*/LC_MESSAGES/django.po"))):
        yield po, po.split(os.sep)[-3]
    shutter = os.path.join(docs, "usr/share/shutter/resources/po/shutter")
    for po in sorted(glob.glob(os.path.join(shutter, "*.po"))):
        yield po, os.path.basename(po)[:-3]


def shown(text):
    return " ".join(text.split())


def referee(po, code):
    """True when a reader would see a wrong text because of the header."""
    cat = polib.pofile(po)
    plural = [e for e in cat if e.msgid_plural and not e.obsolete]
    translated = [e for e in plural if "fuzzy" not in e.flags and e.msgstr_plural
                  and all(v != "" for v in e.msgstr_plural.values())]
    header = cat.metadata.get("Plural-Forms", "")
    m = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.*?);?\s*$", header)
    if not m:
        return bool(translated)
    nplurals, choose = int(m.group(1)), gettext.c2py(m.group(2))
    rules = icu.PluralRules.forLocale(icu.Locale(code.split("@")[0]))  # ca@valencia: ca
    forms_of = {}  # category → form → first number
    for n in NUMBERS:
        forms_of.setdefault(rules.select(float(n)), {}).setdefault(choose(n), n)
    used = {f for forms in forms_of.values() for f in forms}
    users = {}
    for c, forms in forms_of.items():
        for f in forms:
            users.setdefault(f, set()).add(c)
    lang = re.split(r"[_@-]", code)[0]
    shared = {f for f, cs in users.items()
              if len(cs) > 1 and not (lang in MILLIONS and cs == {"many", "other"})}
    for e in translated:
        texts = {int(k): shown(v) for k, v in e.msgstr_plural.items()}
        if len(set(texts.values())) < 2:
            continue
        for forms in forms_of.values():
            if len({texts.get(f) for f in forms if f in texts}) > 1:
                return True
        for k, t in texts.items():
            if k not in used and k < nplurals and any(texts.get(f) != t for f in shared):
                return True
    return False


def main():
    work = tempfile.mkdtemp()
    try:
        site = os.path.join(work, "site")
        for part in ("pipeline", "locales", "content"):
            shutil.copytree(os.path.join(repo, part), os.path.join(site, part))
        config = open(os.path.join(site, "pipeline", "site.yaml"), encoding="utf-8").read()
        last = "  - {code: ar, name: العربية}\n"
        tried = agree = errors = refused = 0
        disagree = []
        for po, code in list(catalogs())[::every]:
            tag = code.replace("_", "-")
            if tag in ("en", "ko", "ja", "de", "ar"):
                continue  # the sample's own languages
            with open(os.path.join(site, "pipeline", "site.yaml"), "w", encoding="utf-8") as f:
                f.write(config.replace(last, last + "  - {code: %s, name: X}\n" % tag))
            shutil.copy(po, os.path.join(site, "locales", tag + ".po"))
            r = subprocess.run([polypress, "-C", site, "i18n", "check"], capture_output=True,
                               text=True)
            os.remove(os.path.join(site, "locales", tag + ".po"))
            if r.returncode == 2:
                refused += 1  # a language polypress's configuration refuses
                continue
            tried += 1
            ours = "[i18n/plural-forms]" in r.stderr
            theirs = referee(po, code)
            errors += ours
            if ours == theirs:
                agree += 1
            else:
                lines = [l for l in r.stderr.splitlines() if "i18n/plural-forms" in l]
                disagree.append(f"{po} ({tag}): polypress {'error' if ours else 'no error'}, "
                                f"referee {'wrong' if theirs else 'right'}\n  " +
                                "\n  ".join(lines[:2]))
        print(f"{tried} real catalogs checked ({refused} languages refused by the "
              f"configuration): {errors} plural-forms errors, {agree} verdicts as the referee's")
        if tried < 150 // every:
            sys.exit("too few catalogs: run scripts/install-test-documents.sh")
        if disagree:
            print("\n".join(disagree[:10]))
            sys.exit(f"{len(disagree)} catalogs judged otherwise than by what readers see")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
