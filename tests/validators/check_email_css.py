#!/usr/bin/env python3
"""Every email's CSS against caniemail's support data, offline.

Builds the repository's sample site and a new `polypress init` site (en, ko,
ar, with a review), runs `polypress edition` on both for the weekly brief,
and reads the HTML part of every .eml written. Each CSS property an element's
style attribute or a <style> block uses (and `display:none|flex|grid`,
`!important`, `@media`) is looked up in caniemail's data
(tests/validators/node_modules/caniemail, installed by
scripts/install-validator-deps.sh): the four clients the issue names must
support it, fully or partly, in the newest version caniemail tested on each
platform, and Outlook for Windows in every version from 2007:

  Gmail        desktop webmail, iOS, Android, mobile webmail
  Outlook      Windows (2007, 2010, 2013, 2016, 2019)
  Apple Mail   macOS, iOS
  Yahoo! Mail  desktop webmail, iOS, Android

Exceptions, each a technique whose every client is covered, or named:
  - the hidden preheader (class "preheader"): it passes when every client
    supports at least one of the ways it is hidden (display:none, mso-hide,
    max-height with overflow, opacity);
  - max-width, which Outlook for Windows ignores, passes there when the email
    gives Outlook its own fixed-width table (`<!--[if mso]><table … width="600"`);
  - properties caniemail does not track are allowed only when listed in
    UNTRACKED below with the reason every client reads them;
  - ENHANCEMENTS: a property the issue asks for although some client ignores
    it, where that client shows the text as it would without it.

Exits 0 when every property passes; otherwise lists each failure with the
email and the clients, and exits 1.

Usage: check_email_css.py POLYPRESS REPO"""
import datetime
import email
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "node_modules", "caniemail", "data", "caniemail.json")
TARGETS = {
    "gmail": ["desktop-webmail", "ios", "android", "mobile-webmail"],
    "outlook": ["windows"],
    "apple-mail": ["macos", "ios"],
    "yahoo": ["desktop-webmail", "ios", "android"],
}
# Properties caniemail has no page for, and why every client reads them.
UNTRACKED = {
    "color": "CSS1 text colour; every client renders it (caniemail tracks none of CSS1's basics)",
    "font-family": "CSS1; clients without the font fall back to the next in the list",
    "mso-hide": "Outlook's own property; every other client ignores it",
    "mso-line-height-rule": "Outlook's own property; every other client ignores it",
}
# Asked for by issue 38 although Yahoo and Outlook ignore it: there, Korean
# breaks inside words as it does without it; everywhere else it does not.
# Each is a property whose absence leaves the element as it is by default.
ENHANCEMENTS = {
    "css-word-break": "Korean emails keep words whole (word-break: keep-all)",
    # Outlook for Windows ignores it: there a <pre> keeps its lines, as
    # preformatted text does; elsewhere long code lines wrap in the column.
    "css-white-space": "code blocks wrap long lines (white-space: pre-wrap on <pre>)",
    # Where ignored, a long word or address, or a wide table, is as wide as
    # without it (Outlook for Windows, which has the room; Gmail's apps have
    # no data in caniemail for word-wrap).
    "css-word-wrap": "a long word or address wraps in the body (word-wrap: break-word)",
    "css-overflow": "a wide table scrolls in its own box (overflow-x: auto)",
    # Where ignored (Outlook for Windows, which has its own 600 px table), the
    # column grows with its longest word, as without it.
    "css-table-layout": "the 600 px column keeps its width whatever a word's (table-layout: fixed)",
}
# The client's own fallback, found in the HTML, for a property it ignores.
OUTLOOK_FALLBACK = {"css-max-width": re.compile(r"<!--\[if mso\]><table[^>]*width=\"600\"")}
# A property's caniemail page, where its name is not the page's.
ALIASES = {
    **{f"padding-{side}": "css-padding" for side in ("top", "right", "bottom", "left")},
    **{f"margin-{side}": "css-margin" for side in ("top", "right", "bottom", "left")},
    **{f"border-{side}": "css-border" for side in ("top", "right", "bottom", "left")},
    **{f"border-{part}": "css-border" for part in ("color", "style", "width")},
    "overflow-x": "css-overflow",
    "padding-inline-start": "css-padding-inline-start-end",
    "padding-inline-end": "css-padding-inline-start-end",
    "margin-inline-start": "css-margin-inline-start-end",
    "margin-inline-end": "css-margin-inline-start-end",
    "border-inline-start": "css-border-inline-block-individual",
    "border-inline-end": "css-border-inline-block-individual",
    "border-block-start": "css-border-inline-block-individual",
    "border-block-end": "css-border-inline-block-individual",
    "padding-block": "css-padding-inline-block",
    "padding-inline": "css-padding-inline-block",
    "margin-block": "css-margin-inline-block",
    "margin-inline": "css-margin-inline-block",
    "font": "css-font",
}
PREHEADER_WAYS = [["css-display-none"], ["css-max-height", "css-overflow"], ["css-opacity"]]


def platforms(feature):
    """(family, platform, support) for each target platform; Outlook on
    Windows in each version, the others in their newest."""
    for family, names in TARGETS.items():
        for name in names:
            versions = feature["stats"].get(family, {}).get(name, {})
            if not versions:
                yield family, name, "u"
            elif family == "outlook" and name == "windows":
                for v, s in versions.items():
                    if v >= "2007":
                        yield family, f"{name} {v}", s
            else:
                yield family, name, list(versions.values())[-1]


def unsupported(feature, html):
    fallback = OUTLOOK_FALLBACK.get(feature["slug"])
    covered = fallback is not None and fallback.search(html)
    return [f"{fam} {plat} ({s.split()[0]})" for fam, plat, s in platforms(feature)
            if not s.startswith(("y", "a")) and not (covered and fam == "outlook")]


class Styles(HTMLParser):
    """(feature slug or untracked property, element) for every declaration."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found, self.in_style, self.preheader_props = [], False, set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "style":
            self.in_style = True
        style = attrs.get("style")
        if style:
            preheader = "preheader" in (attrs.get("class") or "").split()
            for prop, value in declarations(style):
                for slug in slugs(prop, value):
                    if preheader:
                        self.preheader_props.add(slug)
                    else:
                        self.found.append((slug, f"<{tag}> {prop}:{value}"))

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if not self.in_style:
            return
        css = re.sub(r"/\*.*?\*/", "", data, flags=re.S)
        if "@media" in css:
            self.found.append(("css-at-media", "<style> @media"))
        for block in re.findall(r"\{([^{}]*)\}", css):
            for prop, value in declarations(block):
                for slug in slugs(prop, value):
                    self.found.append((slug, f"<style> {prop}:{value}"))


def declarations(text):
    for part in text.split(";"):
        if ":" in part:
            prop, value = part.split(":", 1)
            yield prop.strip().lower(), value.strip()


def slugs(prop, value):
    out = [ALIASES.get(prop, prop if prop in UNTRACKED or prop.startswith("mso-") else "css-" + prop)]
    if prop == "display" and value.split()[0] in ("none", "flex", "grid"):
        out = ["css-display-" + value.split()[0]]
    if "!important" in value:
        out.append("css-important")
    return out


def build(polypress, work, repo):
    """The .eml files of the sample site and of a new site, briefs included."""
    sample = os.path.join(work, "sample")
    for part in ("pipeline", "locales", "content"):
        shutil.copytree(os.path.join(repo, part), os.path.join(sample, part))
    fresh = os.path.join(work, "fresh")
    subprocess.run([polypress, "init", fresh, "--languages", "en,ko,ar", "--quiet"], check=True)
    for lang in ("ko", "ar"):
        subprocess.run([polypress, "-C", fresh, "new", "reviews/example-review", "--lang", lang,
                        "--quiet"], check=True)
        path = os.path.join(fresh, "content", "reviews", "example-review", f"index.{lang}.md")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:  # published, as `translations stamp` would
            f.write(re.sub(r"\ndraft: true[^\n]*", "", text))
    # Every kind of block the body's inline styles cover, in en, ko and ar.
    body = ("\n\n> A quotation.\n\n> [!NOTE]\n> An alert.\n\n- one\n- two\n\n1. first\n\n"
            "```\nlong code line " + "x" * 120 + "\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
            "A [link](https://example.org/) and ~~struck~~ text.\n")
    for lang in ("en", "ko", "ar"):
        path = os.path.join(fresh, "content", "reviews", "example-review", f"index.{lang}.md")
        with open(path, "a", encoding="utf-8") as f:
            f.write(body)
    for site in (sample, fresh):
        dates = [m for d, _, files in os.walk(os.path.join(site, "content")) for f in files
                 if f.endswith(".md")
                 for m in re.findall(r"^date: (\d{4}-\d\d-\d\d)", open(os.path.join(d, f), encoding="utf-8").read(), re.M)]
        year, week, _ = datetime.date.fromisoformat(max(dates)).isocalendar()
        for args in (["build"], ["edition", "--week", f"{year}-W{week:02d}"]):
            r = subprocess.run([polypress, "-C", site, *args, "--quiet"], capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit(f"{' '.join(args)} failed in {site}:\n{r.stderr}")
    return sorted(os.path.join(d, f) for site in (sample, fresh)
                  for d, _, files in os.walk(os.path.join(site, "mail")) for f in files
                  if f.endswith(".eml"))


def main():
    polypress, repo = sys.argv[1], sys.argv[2]
    data = {f["slug"]: f for f in json.load(open(DATA, encoding="utf-8"))["data"]}
    work = tempfile.mkdtemp()
    failures, checked, used = [], 0, set()
    try:
        for eml in build(polypress, work, repo):
            with open(eml, "rb") as f:
                msg = email.message_from_binary_file(f)
            html = next((p.get_payload(decode=True).decode() for p in msg.walk()
                         if p.get_content_type() == "text/html"), None)
            if html is None:
                failures.append(f"{eml}: no HTML part")
                continue
            parser = Styles()
            parser.feed(html)
            name = os.path.relpath(eml, work)
            checked += 1
            seen = set()
            for slug, where in parser.found:
                if slug in seen:
                    continue
                seen.add(slug)
                used.add(slug)
                if slug in UNTRACKED or slug in ENHANCEMENTS:
                    continue
                if slug not in data:
                    failures.append(f"{name}: {where}: not in caniemail's data and not listed as untracked")
                    continue
                missing = unsupported(data[slug], html)
                if missing:
                    failures.append(f"{name}: {where}: unsupported in " + ", ".join(missing))
            if parser.preheader_props:
                for fam, plat, _ in platforms(data["css-display-none"]):
                    ok = any(all(s in parser.preheader_props and any(
                        p == plat and st.startswith(("y", "a")) for f2, p, st in platforms(data[s]) if f2 == fam)
                        for s in way) for way in PREHEADER_WAYS)
                    ok = ok or (fam == "outlook" and "mso-hide" in parser.preheader_props)
                    if not ok:
                        failures.append(f"{name}: the preheader shows in {fam} {plat}")
    finally:
        shutil.rmtree(work)
    print(f"{checked} emails checked; CSS used: {', '.join(sorted(used))}")
    if checked < 20:
        failures.append(f"only {checked} emails: the sites did not build their emails")
    if failures:
        print("\n".join(sorted(set(failures))[:60]))
        print(f"{len(set(failures))} failure(s)")
        sys.exit(1)
    print("every property is supported by Gmail, Outlook (Windows), Apple Mail and Yahoo")


if __name__ == "__main__":
    main()
