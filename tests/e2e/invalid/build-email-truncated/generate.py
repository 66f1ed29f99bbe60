# Writes this case's input into the site given as argument.
import os, re, sys
SITE = sys.argv[1]
# A long article: its page is fine, its email would be clipped by Gmail.
para = ("This paragraph is long enough to make a newsletter that Gmail would clip. " * 20).strip()
path = os.path.join(SITE, "content/news/case/index.en.md")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w", encoding="utf-8") as f:
    f.write("---\ntitle: \"Case\"\ntype: news\ndate: 2026-11-21\nsummary: \"s\"\nverdict: \"v\"\n"
            "sources:\n  - {title: \"t\", url: \"https://x.example/\", publisher: \"P\"}\n---\n"
            + "\n\n".join([para] * 80) + "\n")
