#!/usr/bin/env python3
"""The incremental build against a clean build, after random edits (issue 39).

A copy of the sample site is edited step by step the ways its users edit it:
bodies, headings, links, front matter (titles, summaries, dates, drafts,
expiry, tags, related), bundles added, removed and moved, bundle files,
pictures redrawn, an SVG's own PNG,
translations removed and put back, interface catalogs, article catalogs and
their templates, site.yaml, templates, static files, same-size edits with the
modification time put back, undo to an earlier state (as `cp -p` or as `git
checkout`, which stamps the time of the checkout), the clock stepping over
dates and expiries, the site folder moved, its state deleted or damaged, an
output tampered with. After each step the site is built incrementally (on
one or two threads, as the union of `--shard` builds, or after a build killed
with SIGKILL) and the result is compared with a clean build of the same
sources at the same time: the same exit status, the same findings, every
file of public/ and mail/ byte for byte. An `edition` step compares the week's
briefs with those of a clean site.

Each step draws from its own generator (seed and step number), and picks what
it edits from the site as it is, so any subset of the steps replays. On a
difference the run stops, shrinks the steps to a smallest failing subset
(fewer than `--budget` replays) and prints the command that replays it.

Usage: differential.py POLYPRESS SOURCE_DIR [--seed S] [--steps N]
                       [--only I,J,...] [--budget N] [--keep DIR]"""
import argparse, datetime, os, random, re, shutil, signal, struct, subprocess, sys, tempfile, time
import zlib

import polib  # Debian's python3-polib: run with /usr/bin/python3

SOURCE_PARTS = ("content", "locales", "pipeline")
OUTPUTS = ("public", "mail")
STATE = ".polypress"
START = int(datetime.datetime(2026, 11, 28, 9, 0, tzinfo=datetime.timezone.utc).timestamp())
LANGS = ("en", "ko", "ja", "de", "ar")
WORDS = ("model memory laptop token context weights server latency cache kernel price "
         "license review benchmark dataset prompt runtime driver layer release").split()


class Divergence(Exception):
    pass


# ---------------------------------------------------------------------------
# The site as files


def source_files(site):
    """Relative paths of the site's sources, sorted."""
    out = []
    for part in SOURCE_PARTS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(site, part)):
            dirnames.sort()
            for f in sorted(filenames):
                out.append(os.path.relpath(os.path.join(dirpath, f), site))
    return sorted(out)


def articles(site, lang=None):
    return [p for p in source_files(site) if p.startswith("content/") and p.endswith(".md")
            and os.path.basename(p).startswith("index.")
            and (lang is None or p.endswith(f".{lang}.md"))]


def bundles(site):
    return sorted({os.path.dirname(p) for p in articles(site)})


def read(site, rel):
    with open(os.path.join(site, rel), encoding="utf-8") as f:
        return f.read()


def write(site, rel, text):
    path = os.path.join(site, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def split_front(text):
    """(front matter lines, body) of an article."""
    m = re.match(r"---\n(.*?\n)---\n(.*)\Z", text, re.S)
    if not m:
        return None, text
    return m.group(1), m.group(2)


def set_field(text, key, value):
    """The article with front matter `key` set to `value` (None: removed)."""
    front, body = split_front(text)
    if front is None:
        return text
    lines = front.splitlines(keepends=True)
    lines = [l for l in lines if not l.startswith(key + ":")]
    if value is not None:
        lines.insert(1, f"{key}: {value}\n")
    return "---\n" + "".join(lines) + "---\n" + body


def sentence(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(5, 12))]
    return " ".join([words[0].capitalize()] + words[1:]) + "."


def iso(epoch):
    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc)


# ---------------------------------------------------------------------------
# Edits: each takes (rng, run) and returns what it did, or None when it found
# nothing to edit.


def pick_article(rng, run, lang=None):
    found = articles(run.site, lang)
    return rng.choice(found) if found else None


def edit_body_append(rng, run):
    a = pick_article(rng, run)
    if not a:
        return None
    write(run.site, a, read(run.site, a).rstrip("\n") + "\n\n" + sentence(rng) + "\n")
    return f"paragraph appended to {a}"


def edit_body_word(rng, run):
    a = pick_article(rng, run)
    if not a:
        return None
    front, body = split_front(read(run.site, a))
    if front is None:
        return None
    words = [m for m in re.finditer(r"\b[a-z]{5,}\b", body)]
    if not words:
        return None
    w = rng.choice(words)
    new = rng.choice(WORDS)
    write(run.site, a, "---\n" + front + "---\n" + body[:w.start()] + new + body[w.end():])
    return f"word {w.group(0)!r} -> {new!r} in {a}"


def edit_heading(rng, run):
    a = pick_article(rng, run)
    if not a:
        return None
    text = read(run.site, a)
    heads = list(re.finditer(r"^## (.*)$", text, re.M))
    if not heads:
        return None
    h = rng.choice(heads)
    new = sentence(rng).rstrip(".")
    write(run.site, a, text[:h.start(1)] + new + text[h.end(1):])
    return f"heading {h.group(1)!r} -> {new!r} in {a}"


def edit_link(rng, run):
    a = pick_article(rng, run)
    targets = [b for b in bundles(run.site) if not is_added(b)]
    if not a or not targets:
        return None
    t = rng.choice(targets)[len("content/"):]
    if rng.random() < 0.05:
        t += "-gone"
    link = f"/{t}"
    if rng.random() < 0.2:
        link += "#" + rng.choice(["pricing", "who-benefits", "missing-anchor"])
    write(run.site, a, read(run.site, a).rstrip("\n") + f"\n\nSee [this]({link}).\n")
    return f"link to {link} added in {a}"


def edit_title(rng, run):
    a = pick_article(rng, run)
    if not a:
        return None
    title = sentence(rng).rstrip(".")
    write(run.site, a, set_field(read(run.site, a), "title", f'"{title}"'))
    return f"title of {a}"


def edit_summary(rng, run):
    a = pick_article(rng, run)
    if not a:
        return None
    write(run.site, a, set_field(read(run.site, a), "summary", f'"{sentence(rng)}"'))
    return f"summary of {a}"


def near_clock(rng, run):
    """A date or date-time within days of the clock, as front matter writes it."""
    when = iso(run.clock + rng.randint(-3 * 86400, 3 * 86400))
    if rng.random() < 0.5:
        return when.strftime("%Y-%m-%d")
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def is_added(path):
    """Whether `path` is in a bundle the edits added: nothing links to those,
    so they may be dated in the future, expire or move without an error."""
    return re.search(r"/copy-\d+(/|$)", path) is not None


def pick_new_article(rng, run, others=0.0):
    """An article of an added bundle; one of the sample's with odds `others`."""
    found = [a for a in articles(run.site) if is_added(a)]
    if found and rng.random() >= others:
        return rng.choice(found)
    return pick_article(rng, run) if rng.random() < others else None


def edit_date(rng, run):
    a = pick_new_article(rng, run, others=0.1)
    if not a:
        return None
    value = near_clock(rng, run)
    write(run.site, a, set_field(read(run.site, a), "date", value))
    return f"date of {a} -> {value}"


def edit_expires(rng, run):
    a = pick_new_article(rng, run)
    if not a:
        return None
    value = near_clock(rng, run) if rng.random() < 0.8 else None
    text = read(run.site, a)
    date = re.search(r"^date: (\S+)", text, re.M)
    if value and date and value[:10] < date.group(1)[:10]:
        value = None  # an article cannot expire before its date
    write(run.site, a, set_field(text, "expires", value))
    return f"expires of {a} -> {value}"


def edit_draft(rng, run):
    a = pick_new_article(rng, run, others=0.2)
    if not a:
        return None
    text = read(run.site, a)
    value = None if re.search(r"^draft: true", text, re.M) else "true"
    write(run.site, a, set_field(text, "draft", value))
    return f"draft of {a} -> {value}"


def edit_tags(rng, run):
    a = pick_article(rng, run)
    if not a:
        return None
    tags = rng.sample(["gpu", "cloud", "pricing", "open-source", "models", "tools"], 2)
    write(run.site, a, set_field(read(run.site, a), "tags", "[" + ", ".join(tags) + "]"))
    return f"tags of {a} -> {tags}"


def edit_related(rng, run):
    a = pick_article(rng, run)
    others = [b[len("content/"):] for b in bundles(run.site)
              if not is_added(b) and (not a or not a.startswith(b + "/"))]
    if not a or not others:
        return None
    value = "[" + rng.choice(others) + "]" if rng.random() < 0.8 else None
    write(run.site, a, set_field(read(run.site, a), "related", value))
    return f"related of {a} -> {value}"


def edit_bundle_add(rng, run):
    all_b = bundles(run.site)
    if not all_b:
        return None
    src = rng.choice(all_b)
    new = os.path.join(os.path.dirname(src), f"copy-{rng.randint(1, 99)}")
    if os.path.exists(os.path.join(run.site, new)):
        return None
    shutil.copytree(os.path.join(run.site, src), os.path.join(run.site, new))
    return f"bundle {src} copied to {new}"


def edit_bundle_remove(rng, run):
    all_b = bundles(run.site)
    if len(all_b) < 4:
        return None
    b = rng.choice(all_b)
    shutil.rmtree(os.path.join(run.site, b))
    return f"bundle {b} removed"


def edit_bundle_move(rng, run):
    added = [b for b in bundles(run.site) if is_added(b)]
    all_b = added if added and rng.random() < 0.8 else bundles(run.site)
    if not all_b:
        return None
    b = rng.choice(all_b)
    section = rng.choice(["news", "reviews", "analysis"])
    new = f"content/{section}/copy-{rng.randint(100, 199)}"
    if os.path.exists(os.path.join(run.site, new)):
        return None
    os.rename(os.path.join(run.site, b), os.path.join(run.site, new))
    return f"bundle {b} moved to {new}"


def edit_bundle_file(rng, run):
    all_b = bundles(run.site)
    if not all_b:
        return None
    b = rng.choice(all_b)
    name = rng.choice(["notes.txt", "data.csv", "figure.svg"])
    path = os.path.join(b, name)
    if os.path.exists(os.path.join(run.site, path)) and rng.random() < 0.5:
        os.remove(os.path.join(run.site, path))
        return f"{path} removed"
    if name.endswith(".svg"):
        w = rng.randint(10, 90)
        text = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="20">'
                f'<rect width="{w}" height="20" fill="#369"/></svg>\n')
    else:
        text = sentence(rng) + "\n"
    write(run.site, path, text)
    return f"{path} written"


def edit_figure_use(rng, run):
    """An article shows the SVG beside it (a page, its email and its PNG)."""
    a = pick_article(rng, run)
    if not a:
        return None
    svg = os.path.join(os.path.dirname(a), "figure.svg")
    if not os.path.exists(os.path.join(run.site, svg)):
        return None
    write(run.site, a, read(run.site, a).rstrip("\n") + "\n\n![A figure](figure.svg)\n")
    return f"{a} shows figure.svg"


def edit_picture(rng, run):
    """A picture an article shows is redrawn at another size (its email
    gives it a width; an SVG's PNG is drawn again)."""
    found = [p for p in source_files(run.site) if p.startswith("content/") and p.endswith(".svg")]
    if not found:
        return None
    rel = rng.choice(found)
    text = read(run.site, rel)
    width = rng.randint(40, 900)
    text, n = re.subn(r'(<svg[^>]*?\swidth=")\d+(")', lambda m: f"{m.group(1)}{width}{m.group(2)}",
                      text, count=1)
    if not n:
        return None
    write(run.site, rel, text)
    return f"{rel} redrawn {width} wide"


def png_bytes(width, height=2):
    """A plain PNG of `width` × `height` grey pixels."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\0" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def edit_own_png(rng, run):
    """The author gives an SVG a PNG of their own for emails (NAME.svg.png),
    redraws it, or takes it away."""
    found = [p for p in source_files(run.site) if p.startswith("content/") and p.endswith(".svg")]
    own = [p for p in source_files(run.site) if p.endswith(".svg.png")]
    if not found:
        return None
    # Mostly one the author made before, redrawn: only its stamp changes.
    png = rng.choice(own) if own and rng.random() < 0.6 else rng.choice(found) + ".png"
    path = os.path.join(run.site, png)
    if os.path.exists(path) and rng.random() < 0.3:
        os.remove(path)
        return f"{png} removed"
    width = rng.randint(30, 700)
    with open(path, "wb") as f:
        f.write(png_bytes(width))
    return f"{png} written, {width} wide"


def edit_translation_remove(rng, run):
    found = [a for a in articles(run.site) if not a.endswith(".en.md")]
    if not found:
        return None
    a = rng.choice(found)
    os.remove(os.path.join(run.site, a))
    return f"{a} removed"


def edit_translation_add(rng, run):
    sources = articles(run.site, "en")
    if not sources:
        return None
    en = rng.choice(sources)
    lang = rng.choice(LANGS[1:])
    target = en[:-len(".en.md")] + f".{lang}.md"
    if os.path.exists(os.path.join(run.site, target)):
        return None
    text = read(run.site, en)
    write(run.site, target, set_field(text, "title", f'"{lang.upper()} {sentence(rng)}"'))
    return f"{target} added"


def edit_catalog(rng, run):
    lang = rng.choice(LANGS[1:])
    rel = f"locales/{lang}.po"
    if not os.path.exists(os.path.join(run.site, rel)):
        return None
    text = read(run.site, rel)
    entries = list(re.finditer(r'^msgstr "([^"\n{}%]+)"$', text, re.M))
    if not entries:
        return None
    e = rng.choice(entries)
    new = e.group(1) + " " + rng.choice(WORDS)
    write(run.site, rel, text[:e.start(1)] + new + text[e.end(1):])
    return f"{rel}: {e.group(1)!r} -> {new!r}"


def edit_article_catalog(rng, run):
    """A translator edits a translation in an article catalog."""
    found = [p for p in source_files(run.site) if p.startswith("locales/")
             and "/articles/" in p and p.endswith(".po")]
    if not found:
        return None
    rel = rng.choice(found)
    text = read(run.site, rel)
    entries = list(re.finditer(r'^msgstr "(TR [^"\n]*)"', text, re.M))
    if not entries:
        return None
    e = rng.choice(entries)
    new = "TR " + sentence(rng)
    write(run.site, rel, text[:e.start(1)] + new + text[e.end(1):])
    return f"{rel}: a translation edited"


def edit_article_pot(rng, run):
    """An article catalog's template edited alone (by hand, or by a checkout
    of that one file): two of its segment ids swapped, so the catalogs'
    translations pair with other segments (issue 39: a .pot is an input)."""
    found = [p for p in source_files(run.site) if p.startswith("locales/articles/")
             and p.endswith(".pot")]
    if not found:
        return None
    rel = rng.choice(found)
    text = read(run.site, rel)
    ids = list(re.finditer(r'^msgctxt "((?!title|summary|verdict|cover)[^"\n]+)"$', text, re.M))
    if len(ids) < 2:
        return None
    a, b = rng.sample(ids, 2)
    if a.start() > b.start():
        a, b = b, a
    text = (text[:a.start(1)] + b.group(1) + text[a.end(1):b.start(1)] + a.group(1) +
            text[b.end(1):])
    write(run.site, rel, text)
    return f"{rel}: ids {a.group(1)!r} and {b.group(1)!r} swapped"


def edit_i18n_command(rng, run):
    """`i18n extract --articles` (the templates alone) or `update --articles`."""
    if not os.path.isdir(os.path.join(run.site, "locales/articles")):
        return None
    command = rng.choice(["extract", "update"])
    r = run.polypress(run.site, ["i18n", command, "--articles", "--quiet"])
    return f"i18n {command} --articles (exit {r.returncode})"


def edit_site_yaml(rng, run):
    rel = "pipeline/site.yaml"
    text = read(run.site, rel)
    choice = rng.choice(["description", "feeds"])
    if choice == "description":
        text = re.sub(r'^  description: .*$', f'  description: "{sentence(rng)}"', text,
                      count=1, flags=re.M)
    else:
        text = re.sub(r"\nfeeds:\n(  .*\n)*", "\n", text)
        if rng.random() < 0.7:
            text += (f"feeds:\n  content: {rng.choice(['full', 'summary'])}\n"
                     f"  entries: {rng.choice([0, 3, 20])}\n")
    write(run.site, rel, text)
    return f"site.yaml {choice}"


def edit_paginate(rng, run):
    """Section and tag pages a few articles a page (or all on one): how many
    pages there are follows the lists."""
    rel = "pipeline/site.yaml"
    text = re.sub(r"^paginate: .*\n", "", read(run.site, rel), flags=re.M)
    value = rng.choice([2, 3, 5]) if rng.random() < 0.8 else None
    write(run.site, rel, text + (f"paginate: {value}\n" if value else ""))
    return f"paginate -> {value}"


def edit_template(rng, run):
    """A template of the theme overridden, edited or put back: page partials,
    and the text part of the emails."""
    name = rng.choice(["html/footer", "html/header", "html/article_list", "email/article.txt"])
    rel = f"pipeline/templates/{name}.mustache"
    path = os.path.join(run.site, rel)
    did = f"{rel} edited"
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(os.path.join(run.theme, "templates", name + ".mustache"), path)
        did = f"{rel} overrides the theme's, edited"
    elif rng.random() < 0.25:
        os.remove(path)
        return f"{rel} removed"
    word = rng.choice(WORDS)
    write(run.site, rel, read(run.site, rel) + (f"<!-- {word} -->\n" if name.startswith("html/")
                                                else f"{word}\n"))
    return did


def edit_static(rng, run):
    rel = f"pipeline/static/{rng.choice(['extra.css', 'logo.txt'])}"
    path = os.path.join(run.site, rel)
    if os.path.exists(path) and rng.random() < 0.3:
        os.remove(path)
        return f"{rel} removed"
    write(run.site, rel, f"/* {sentence(rng)} */\n")
    return f"{rel} written"


def edit_same_size(rng, run):
    """A same-size edit with the modification time put back (`cp -p` of a twin)."""
    a = pick_article(rng, run)
    if not a:
        return None
    path = os.path.join(run.site, a)
    st = os.stat(path)
    data = open(path, "rb").read()
    spots = [m.start() for m in re.finditer(rb"[a-z]", data)]
    if not spots:
        return None
    at = rng.choice(spots)
    swapped = bytes([data[at] ^ 0x20]) if data[at] != ord("a") else b"b"
    with open(path, "wb") as f:
        f.write(data[:at] + swapped + data[at + 1:])
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    return f"same-size edit of {a}, time put back"


def edit_undo(rng, run):
    """The sources put back as an earlier step left them."""
    if not run.snapshots:
        return None
    back = rng.randrange(len(run.snapshots))
    keep_times = rng.random() < 0.5
    run.restore(run.snapshots[back], keep_times)
    how = "cp -p" if keep_times else "git checkout"
    return f"undo to {len(run.snapshots) - back} snapshots ago ({how})"


def edit_clock(rng, run):
    step = rng.choice([3600, 6 * 3600, 86400, rng.randint(60, 3 * 86400)])
    if rng.random() < 0.15 and run.clock - START > 3600:
        # Set back (a corrected clock, a smaller SOURCE_DATE_EPOCH): what was
        # published early must be taken down again.
        step = -rng.randint(600, min(run.clock - START, 86400))
    run.clock += step
    return f"clock {step:+d} s -> {iso(run.clock).isoformat()}"


def edit_move_site(rng, run):
    new = run.site + "x" if not run.site.endswith("x") else run.site[:-1]
    os.rename(run.site, new)
    run.site = new
    return f"site moved to {os.path.basename(new)}"


def edit_state(rng, run):
    db = os.path.join(run.site, STATE, "build.sqlite")
    if not os.path.exists(db):
        return None
    if rng.random() < 0.5:
        os.remove(db)
        return "state deleted"
    with open(db, "r+b") as f:
        f.seek(0, 2)
        size = f.tell()
        f.seek(rng.randrange(max(1, size)))
        f.write(os.urandom(64))
    return "state damaged"


def edit_output(rng, run):
    found = []
    for part in OUTPUTS:
        for dirpath, _, filenames in os.walk(os.path.join(run.site, part)):
            found += [os.path.join(dirpath, f) for f in filenames if not f.startswith("brief-")]
    if not found:
        return None
    path = rng.choice(sorted(found))
    if rng.random() < 0.5:
        os.remove(path)
        return f"output {os.path.relpath(path, run.site)} removed"
    with open(path, "ab") as f:
        f.write(b"tampered\n")
    return f"output {os.path.relpath(path, run.site)} tampered with"


def edit_edition(rng, run):
    week = iso(run.clock - rng.choice([0, 7 * 86400])).isocalendar()
    run.edition_week = f"{week[0]}-W{week[1]:02d}"
    return f"edition {run.edition_week}"


EDITS = [
    (edit_body_append, 6), (edit_body_word, 6), (edit_heading, 3), (edit_link, 4),
    (edit_title, 4), (edit_summary, 3), (edit_date, 5), (edit_expires, 4), (edit_draft, 4),
    (edit_tags, 2), (edit_related, 3), (edit_bundle_add, 2), (edit_bundle_remove, 1),
    (edit_bundle_move, 2), (edit_bundle_file, 3), (edit_figure_use, 2), (edit_picture, 3),
    (edit_own_png, 4),
    (edit_translation_remove, 2), (edit_translation_add, 2), (edit_catalog, 3),
    (edit_article_catalog, 3), (edit_article_pot, 2), (edit_i18n_command, 2), (edit_site_yaml, 2),
    (edit_paginate, 3),
    (edit_template, 4), (edit_static, 2), (edit_same_size, 3), (edit_undo, 3),
    (edit_clock, 6), (edit_move_site, 1), (edit_state, 1), (edit_output, 2),
    (edit_edition, 2),
]


# ---------------------------------------------------------------------------
# Builds and comparisons


class Run:
    def __init__(self, polypress, source, work, seed):
        self.polypress_path, self.source, self.work, self.seed = polypress, source, work, seed
        self.theme = os.path.join(source, "theme")
        self.site = os.path.join(work, "site")
        self.clock = START
        self.snapshots = []
        self.edition_week = None
        for part in SOURCE_PARTS:
            shutil.copytree(os.path.join(source, part), os.path.join(self.site, part), symlinks=True)
        self.prepare_article_catalog()

    def env(self):
        return dict(os.environ, SOURCE_DATE_EPOCH=str(self.clock), NO_COLOR="1")

    def polypress(self, site, args, **kw):
        return subprocess.run([self.polypress_path, "-C", site] + args, env=self.env(),
                              capture_output=True, text=True, **kw)

    def prepare_article_catalog(self):
        """One bundle's German is translated in a catalog, not a file."""
        bundle = "content/news/gpu-spot-prices-fall"
        os.remove(os.path.join(self.site, bundle, "index.de.md"))
        for command in ("extract", "update"):
            r = self.polypress(self.site, ["i18n", command, "--articles", "--quiet"])
            if r.returncode != 0:
                raise SystemExit(f"i18n {command} --articles: {r.stderr}")
        # Every entry gets "TR " and its text (polib wraps as msgcat does); a
        # link to PyTorch's pricing takes the German heading's id.
        path = os.path.join(self.site, "locales/de/articles/news/gpu-spot-prices-fall.po")
        catalog = polib.pofile(path, wrapwidth=79)
        for entry in catalog:
            entry.msgstr = "TR " + entry.msgid.replace("pytorch#pricing", "pytorch#preise")
        catalog.save(path)

    def snapshot(self):
        snap = {}
        for rel in source_files(self.site):
            path = os.path.join(self.site, rel)
            snap[rel] = (open(path, "rb").read(), os.stat(path).st_mtime_ns)
        self.snapshots = (self.snapshots + [snap])[-6:]

    def age_recent_files(self):
        now = time.time_ns()
        for rel in source_files(self.site):
            path = os.path.join(self.site, rel)
            st = os.stat(path)
            if now - st.st_mtime_ns < 2_000_000_000:
                os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 2_000_000_000))

    def restore(self, snap, keep_times):
        """The sources as `snap` holds them; the time of each file put back too
        when `keep_times`."""
        for rel in source_files(self.site):
            if rel not in snap:
                os.remove(os.path.join(self.site, rel))
        for rel, (data, mtime) in sorted(snap.items()):
            path = os.path.join(self.site, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if os.path.exists(path) and open(path, "rb").read() == data:
                continue
            with open(path, "wb") as f:
                f.write(data)
            if keep_times:
                os.utime(path, ns=(mtime, mtime))

    def build(self, rng):
        """The incremental build of this step, in one of its ways; its result."""
        how = rng.choice(["jobs1", "jobs2", "jobs2", "shards", "killed"])
        if how == "killed":
            p = subprocess.Popen([self.polypress_path, "-C", self.site, "build", "--quiet"],
                                 env=self.env(), stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            try:
                p.wait(timeout=rng.uniform(0.0, 0.4))
            except subprocess.TimeoutExpired:
                p.send_signal(signal.SIGKILL)
                p.wait()
        trees = None
        if how == "shards":
            # Each share in turn, as CI machines would run them: the union is
            # compared as it stands, then a whole build gives the findings.
            n = rng.choice([2, 3])
            for k in range(1, n + 1):
                r = self.polypress(self.site, ["build", "--quiet", "--shard", f"{k}/{n}"])
                if r.returncode != 0 or "[emit/no-record]" in r.stderr:
                    break
            else:
                trees = tree(self.site, OUTPUTS)
        jobs = "1" if how == "jobs1" else "2"
        r = self.polypress(self.site, ["build", "--quiet", "--jobs", jobs])
        if "[emit/no-record]" in r.stderr:
            # What the warning says to do when the record of earlier builds is gone.
            how += ", --clean"
            r = self.polypress(self.site, ["build", "--quiet", "--clean"])
        return how, r, trees

    def clean(self):
        """A clean build of the same sources at the same time: its folder and result."""
        clean = os.path.join(self.work, "clean")
        shutil.rmtree(clean, ignore_errors=True)
        for part in SOURCE_PARTS:
            if os.path.exists(os.path.join(self.site, part)):
                shutil.copytree(os.path.join(self.site, part), os.path.join(clean, part),
                                symlinks=True)
        return clean, self.polypress(clean, ["build", "--quiet"])


def tree(root, parts, week=None):
    """Every file under `parts` of `root` by path: the briefs of `week` only
    when a week is given, else all but briefs."""
    out = {}
    for part in parts:
        for dirpath, _, filenames in os.walk(os.path.join(root, part)):
            for f in filenames:
                wanted = f == f"brief-{week}.eml" if week else not f.startswith("brief-")
                if not wanted:
                    continue
                path = os.path.join(dirpath, f)
                out[os.path.relpath(path, root)] = open(path, "rb").read()
    return out


def findings(result):
    """The findings of a run, sorted; those about the kept state itself (a
    damaged or missing record, which a clean build has no reason to report)
    left out."""
    return sorted(l for l in result.stderr.splitlines()
                  if l.strip() and not l.endswith("[emit/state]"))


def compare_trees(mine, theirs, what):
    if mine == theirs:
        return
    extra = sorted(set(mine) - set(theirs))
    missing = sorted(set(theirs) - set(mine))
    differ = sorted(p for p in set(mine) & set(theirs) if mine[p] != theirs[p])
    lines = [f"{what} differ from a clean build's:"]
    lines += [f"  only incremental: {p}" for p in extra[:10]]
    lines += [f"  only clean:       {p}" for p in missing[:10]]
    lines += [f"  different:        {p}" for p in differ[:10]]
    raise Divergence("\n".join(lines))


def step(run, i):
    """Edit, build and compare, step i; what was done."""
    rng = random.Random(f"{run.seed}/{i}")
    done = []
    # Mostly one edit between builds, sometimes a few (a session's work).
    for _ in range(rng.choices([1, 2, 3], weights=[6, 2, 1])[0]):
        edit = rng.choices(EDITS, weights=[w for _, w in EDITS])[0][0]
        done.append(edit(rng, run) or f"{edit.__name__}: nothing to do")
    did = "; ".join(done)
    if rng.random() < 0.7:
        # Most edits are made a while before the build: files changed in the
        # last seconds get their time set two seconds back (their change time
        # stays), so builds take the shortcuts racy stamps deny.
        run.age_recent_files()
    how, mine, shard_trees = run.build(rng)
    clean, theirs = run.clean()
    if mine.returncode != theirs.returncode or findings(mine) != findings(theirs):
        raise Divergence(f"after '{did}' ({how}): exit {mine.returncode}, clean {theirs.returncode}\n"
                         f"--- incremental\n{mine.stderr[:3000]}--- clean\n{theirs.stderr[:3000]}")
    if mine.returncode == 0:
        if shard_trees is not None:
            compare_trees(shard_trees, tree(clean, OUTPUTS), f"after '{did}' ({how}): shards' files")
        compare_trees(tree(run.site, OUTPUTS), tree(clean, OUTPUTS), f"after '{did}' ({how}): files")
    if run.edition_week and mine.returncode == 0:
        week, run.edition_week = run.edition_week, None
        a = run.polypress(run.site, ["edition", "--week", week, "--quiet"])
        b = run.polypress(clean, ["edition", "--week", week, "--quiet"])
        if a.returncode != b.returncode or findings(a) != findings(b):
            raise Divergence(f"edition {week}: exit {a.returncode}, clean {b.returncode}\n"
                             f"{a.stderr[:2000]}\n{b.stderr[:2000]}")
        compare_trees(tree(run.site, ["mail"], week), tree(clean, ["mail"], week),
                      f"edition {week}: briefs")
    if mine.returncode == 0:
        run.snapshot()
    else:
        # The editor fixes what the build refused: the sources as the last
        # good step left them (a checkout: the time of now).
        run.restore(run.snapshots[-1], keep_times=False)
    return f"{did} ({how}, exit {mine.returncode})"


def replay(polypress, source, seed, steps, verbose=False, keep=None):
    """None when the steps run without a difference, else (step, message)."""
    work = tempfile.mkdtemp(prefix="pp-differential-")
    try:
        run = Run(polypress, source, work, seed)
        run.polypress(run.site, ["build", "--quiet"])
        run.snapshot()
        for i in steps:
            try:
                did = step(run, i)
            except Divergence as e:
                if keep:
                    shutil.rmtree(keep, ignore_errors=True)
                    shutil.copytree(work, keep, symlinks=True)
                return i, str(e)
            if verbose:
                print(f"step {i}: {did}", flush=True)
        return None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def shrink(polypress, source, seed, steps, budget):
    """A smaller list of steps that still differs: first the shortest failing
    run of the last steps (the edits that matter are mostly recent, and short
    replays are cheap), then delta debugging of what is left."""
    tries = 0
    for n in (1, 2, 4, 8, 16, 32, 64, 128):
        if n >= len(steps) or tries >= budget:
            break
        tries += 1
        if replay(polypress, source, seed, steps[-n:]):
            steps = steps[-n:]
            break
    chunk = max(1, len(steps) // 2)
    while chunk >= 1 and tries < budget:
        i = 0
        while i < len(steps) - 1 and tries < budget:
            candidate = steps[:i] + steps[i + chunk:]
            tries += 1
            failed = replay(polypress, source, seed, candidate) if candidate else None
            if failed:
                steps = candidate[:candidate.index(failed[0]) + 1]
            else:
                i += chunk
        chunk //= 2
    return steps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("polypress")
    ap.add_argument("source")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--only", help="the steps to run, as a replay prints them")
    ap.add_argument("--budget", type=int, default=60, help="replays to spend shrinking")
    ap.add_argument("--keep", help="copy the failing run's folder here")
    args = ap.parse_args()
    polypress = os.path.abspath(args.polypress)
    steps = [int(s) for s in args.only.split(",")] if args.only else list(range(args.steps))
    failed = replay(polypress, args.source, args.seed, steps, verbose=True, keep=args.keep)
    if not failed:
        print(f"differential: {len(steps)} steps of seed {args.seed}, no difference")
        return 0
    at, message = failed
    print(f"differential: step {at} of seed {args.seed} differs:\n{message}", flush=True)
    if args.budget == 0:
        return 1
    small = shrink(polypress, args.source, args.seed, steps[:steps.index(at) + 1], args.budget)
    print(f"\nshrunk to {len(small)} steps; replay with:\n  {sys.argv[0]} {args.polypress} "
          f"{args.source} --seed {args.seed} --only {','.join(map(str, small))}")
    replay(polypress, args.source, args.seed, small, verbose=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
