#!/usr/bin/env python3
"""Article catalogs after an edit of their source, against po4a (issue 36).

A translator has translated every block of an article; the editor then edits
the source. This referee runs the same edit through polypress
(`i18n update --articles`) and through po4a 0.69 (`po4a-updatepo`, which
merges with msgmerge), and reads both catalogs back with polib. Every
translation is "TR " and the text it translated, so each entry says which
old block its translation was made for; the edit script says which old
blocks each new block comes from (its origins). Counted for each tool:

  wrong     a translation on a block that does not come from the block it
            was made for
  twice     one old translation on two blocks
  lost      an old translation nowhere in the catalog (nor kept as `#~`)
  fuzzied   a block whose text did not change, moved or not, whose
            translation is no longer a reviewed one

polypress must never be wrong, never give one translation twice, never lose
one and never fuzzy an unchanged block; and it must never do worse than po4a
on any count. The combined edit of the issue (split one paragraph, insert
one, delete one, change one word, swap two) runs first, then random edit
scripts from a fixed seed (splits, merges, insertions, deletions, one-word
changes, swaps, moves, rewrites, a paragraph moved into a quote; one in
three in Japanese); each in both directions (A to B, then B to A).

Usage: alignment_referee.py POLYPRESS [RUNS]"""
import os, random, re, shutil, subprocess, sys, tempfile

import polib

polypress = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 24
WORDS = ("model memory laptop token context quantized weights server latency batch cache "
         "kernel vendor price license review benchmark dataset prompt window throughput "
         "runtime driver layer tensor inference training format release update install "
         "network storage power budget chip cloud local remote test result score audit "
         "leaderboard open source closed project team user reader editor version support "
         "the a of to in and for with on at by from that this it is was are be as not").split()
# Japanese runs: no spaces between words, sentences end with 。
JA_WORDS = ("モデル メモリ ノート 推論 量子化 重み 遅延 価格 評価 検証 結果 速度 環境 "
            "は が を に で と の も から まで する した です ます").split()
LANG = {"words": WORDS, "space": " ", "stop": "."}


class Block:
    def __init__(self, kind, text, origins):
        self.kind, self.text, self.origins = kind, text, frozenset(origins)

    def markdown(self):
        return {"heading": "## ", "quote": "> "}.get(self.kind, "") + self.text


def sentence(rng, low=8, high=18):
    words = [rng.choice(LANG["words"]) for _ in range(rng.randint(low, high))]
    return LANG["space"].join([words[0].capitalize()] + words[1:]) + LANG["stop"]


def paragraph(rng):
    return LANG["space"].join(sentence(rng) for _ in range(rng.randint(2, 4)))


def sentences(text):
    return [s for s in re.split(r"(?<=[.。]) ?", text) if s]


def new_document(rng, n):
    blocks = []
    for i in range(n):
        if i % 5 == 0:
            blocks.append(Block("heading", sentence(rng, 3, 6)[:-1], {i}))
        else:
            blocks.append(Block("paragraph", paragraph(rng), {i}))
    return blocks


# Edits; each returns the new list of blocks and what it did.
def split(rng, blocks):
    cands = [i for i, b in enumerate(blocks) if b.kind == "paragraph" and len(sentences(b.text)) > 1]
    if not cands:
        return blocks, None
    i = rng.choice(cands)
    parts = sentences(blocks[i].text)
    cut = rng.randint(1, len(parts) - 1)
    a, b = LANG["space"].join(parts[:cut]), LANG["space"].join(parts[cut:])
    o = blocks[i].origins
    return blocks[:i] + [Block("paragraph", a, o), Block("paragraph", b, o)] + blocks[i + 1:], "split"


def insert(rng, blocks):
    i = rng.randint(0, len(blocks))
    return blocks[:i] + [Block("paragraph", paragraph(rng), set())] + blocks[i:], "insert"


def delete(rng, blocks):
    if len(blocks) < 3:
        return blocks, None
    i = rng.randrange(len(blocks))
    return blocks[:i] + blocks[i + 1:], "delete"


def change_word(rng, blocks):
    i = rng.randrange(len(blocks))
    text = blocks[i].text
    # One word of the vocabulary for another.
    words = [m for m in re.finditer("|".join(map(re.escape, sorted(LANG["words"], key=len)[::-1])), text)]
    m = rng.choice(words)
    text = text[:m.start()] + rng.choice(LANG["words"]) + "x" + text[m.end():]
    return blocks[:i] + [Block(blocks[i].kind, text, blocks[i].origins)] + blocks[i + 1:], "word"


def swap(rng, blocks):
    if len(blocks) < 2:
        return blocks, None
    i = rng.randrange(len(blocks) - 1)
    out = list(blocks)
    out[i], out[i + 1] = out[i + 1], out[i]
    return out, "swap"


def move(rng, blocks):
    out = list(blocks)
    b = out.pop(rng.randrange(len(out)))
    out.insert(rng.randint(0, len(out)), b)
    return out, "move"


def merge(rng, blocks):
    cands = [i for i in range(len(blocks) - 1)
             if blocks[i].kind == blocks[i + 1].kind == "paragraph"]
    if not cands:
        return blocks, None
    i = rng.choice(cands)
    m = Block("paragraph", blocks[i].text + LANG["space"] + blocks[i + 1].text,
              blocks[i].origins | blocks[i + 1].origins)
    return blocks[:i] + [m] + blocks[i + 2:], "merge"


def into_quote(rng, blocks):
    """A paragraph moved into a block quote: its words unchanged."""
    cands = [i for i, b in enumerate(blocks) if b.kind == "paragraph"]
    i = rng.choice(cands)
    return blocks[:i] + [Block("quote", blocks[i].text, blocks[i].origins)] + blocks[i + 1:], "quote"


def rewrite(rng, blocks):
    cands = [i for i, b in enumerate(blocks) if b.kind == "paragraph"]
    i = rng.choice(cands)
    return blocks[:i] + [Block("paragraph", paragraph(rng), blocks[i].origins)] + blocks[i + 1:], "rewrite"


EDITS = [split, insert, delete, change_word, swap, move, merge, rewrite, into_quote]


def combined_edit(rng, blocks):
    """The issue's edit: split one paragraph, insert one, delete one, change
    one word in another, swap two."""
    for edit in (split, insert, delete, change_word, swap):
        blocks, _ = edit(rng, blocks)
    return blocks


def random_edit(rng, blocks):
    for _ in range(rng.randint(1, 6)):
        blocks, _ = rng.choice(EDITS)(rng, blocks)
    return blocks


def reversed_pair(old, new):
    """B to A: each block of A comes from the blocks of B that came from it."""
    back = []
    for i, b in enumerate(old):
        mine = next(iter(b.origins))
        back.append(Block(b.kind, b.text, {j for j, n in enumerate(new) if mine in n.origins}))
    fresh = [Block(n.kind, n.text, {j}) for j, n in enumerate(new)]
    return fresh, back


def body(blocks):
    return "\n\n".join(b.markdown() for b in blocks) + "\n"


# polypress: a two-language site with one article.
def polypress_catalog(work, old, new):
    site = os.path.join(work, "site")
    os.makedirs(os.path.join(site, "pipeline"))
    with open(os.path.join(site, "pipeline", "site.yaml"), "w") as f:
        f.write("site: {name: Referee, base_url: 'https://referee.example/', default_language: en,"
                " time_zone: UTC}\nlanguages:\n  - {code: en, name: English}\n"
                "  - {code: fr, name: Français}\nsections:\n  - {id: news, title: News}\n"
                "newsletter: {from: 'Referee <brief@referee.example>', list_id: brief.referee.example,"
                " subscribe_url: 'https://referee.example/subscribe',"
                " unsubscribe_url: 'https://referee.example/{lang}/unsubscribe'}\n")
    article = os.path.join(site, "content", "news", "story")
    os.makedirs(article)

    def write(blocks):
        with open(os.path.join(article, "index.en.md"), "w") as f:
            f.write("---\ntitle: Story\ntype: news\ndate: 2026-11-20\n---\n" + body(blocks))

    def run(*args):
        r = subprocess.run([polypress, "-C", site] + list(args), capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"polypress {' '.join(args)} failed:\n{r.stdout}{r.stderr}")

    write(old)
    run("i18n", "extract", "--articles")
    run("i18n", "update", "--articles")
    po_path = os.path.join(site, "locales", "fr", "articles", "news", "story.po")
    translate(po_path)
    write(new)
    run("i18n", "extract", "--articles")
    run("i18n", "update", "--articles")

    return polib.pofile(po_path)


def po4a_catalog(work, old, new):
    md, po_path = os.path.join(work, "doc.md"), os.path.join(work, "doc.po")

    def update(blocks):
        with open(md, "w") as f:
            f.write(body(blocks))
        r = subprocess.run(["po4a-updatepo", "-f", "text", "-o", "markdown", "-M", "UTF-8",
                            "-m", md, "-p", po_path], capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"po4a-updatepo failed:\n{r.stderr}")

    update(old)
    translate(po_path)
    update(new)
    return polib.pofile(po_path)


def translate(po_path):
    po = polib.pofile(po_path)
    for e in po:
        if e.msgid and not e.obsolete:
            e.msgstr = "TR " + e.msgid
            if "fuzzy" in e.flags:
                e.flags.remove("fuzzy")
    po.save(po_path)


def judge(po, old, new):
    """The counts of the module's docstring for catalog `po`."""
    by_text_old = {b.text: i for i, b in enumerate(old)}
    new_by_text = {}
    for b in new:
        new_by_text.setdefault(b.text, b)
    counts = {"wrong": 0, "twice": 0, "lost": 0, "fuzzied": 0}
    shown = {}
    kept = set()
    reviewed = set()
    for e in po:
        if not e.msgid or not e.msgstr.startswith("TR "):
            continue
        made_for = by_text_old.get(e.msgstr[3:])
        if made_for is None:
            continue
        kept.add(made_for)
        if e.obsolete:
            continue
        block = new_by_text.get(e.msgid)
        if block is None:
            continue  # an entry of a field
        shown[made_for] = shown.get(made_for, 0) + 1
        if next(iter(old[made_for].origins)) not in block.origins:
            counts["wrong"] += 1
        if "fuzzy" not in e.flags and e.msgstr[3:] == e.msgid:
            reviewed.add(e.msgid)
    counts["twice"] = sum(1 for n in shown.values() if n > 1)
    counts["lost"] = sum(1 for i, b in enumerate(old) if i not in kept)
    counts["fuzzied"] = sum(1 for b in new if b.text in by_text_old and b.text not in reviewed)
    return counts


def main():
    rng = random.Random(36)
    totals = {"polypress": {}, "po4a": {}}
    failures = []
    for run in range(runs + 1):
        # One script in three in Japanese, which does not space its words.
        japanese = run % 3 == 2
        LANG.update(words=JA_WORDS if japanese else WORDS, space="" if japanese else " ",
                    stop="。" if japanese else ".")
        old = new_document(rng, rng.randint(6, 18))
        new = combined_edit(rng, old) if run == 0 else random_edit(rng, old)
        for direction, (a, b) in (("forward", (old, new)), ("back", reversed_pair(old, new))):
            work = tempfile.mkdtemp()
            try:
                ours = judge(polypress_catalog(os.path.join(work, "pp"), a, b), a, b)
                theirs = judge(po4a_catalog(work, a, b), a, b)
            finally:
                shutil.rmtree(work)
            for name, c in (("polypress", ours), ("po4a", theirs)):
                for k, v in c.items():
                    totals[name][k] = totals[name].get(k, 0) + v
            label = "combined edit" if run == 0 else f"random script {run}"
            label += " (Japanese)" if japanese else ""
            bad = {k: v for k, v in ours.items() if v}
            worse = {k: (v, theirs[k]) for k, v in ours.items() if v > theirs[k]}
            if bad or worse:
                failures.append(f"{label} ({direction}): polypress {ours}, po4a {theirs}\n"
                                f"--- A\n{body(a)}--- B\n{body(b)}")
    print(f"{runs + 1} edit scripts, both directions")
    for name, c in totals.items():
        print(f"{name:9} " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    if failures:
        print("\n".join(failures[:3]))
        sys.exit(f"{len(failures)} edits where polypress pairs wrongly, loses or does worse than po4a")


if __name__ == "__main__":
    main()
