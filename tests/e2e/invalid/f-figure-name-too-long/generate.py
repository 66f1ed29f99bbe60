# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
# A figure name of 50,000 characters (an explicit YAML key: "? name"), and
# long ones of other shapes: a mix, and Hangul. std::regex overflowed the stack
# on them. (Front matter holds at most 64 KiB.)
names = ["a" * 50000, "a_1-" * 1000, "한국" * 1000]
figures = "".join('  ? "%s"\n  : {value: 1, format: integer}\n' % n for n in names)
path = os.path.join(SITE, "content/news/case/index.en.md")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w", encoding="utf-8") as f:
    f.write('---\ntitle: "Case"\ntype: news\ndate: 2026-11-21\nsummary: "s"\nverdict: "v"\n'
            'sources:\n  - {title: "t", url: "https://x.example/", publisher: "P"}\n'
            "figures:\n" + figures + "---\nBody.\n")
