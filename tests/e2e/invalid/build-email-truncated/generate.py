# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
# A 150 KB article: its page is built whole; its email is cut under the limit
# and ends with a link to the page (Gmail would clip it otherwise).
para = ("This paragraph is long enough to make a newsletter that Gmail would clip. " * 20).strip()
blocks = []
for i in range(100):
    if i % 10 == 0:
        blocks.append("## Part %d" % (i // 10 + 1))
    blocks.append(para)
path = os.path.join(SITE, "content/news/case/index.en.md")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w", encoding="utf-8") as f:
    f.write("---\ntitle: \"Case\"\ntype: news\ndate: 2026-11-21\nsummary: \"s\"\nverdict: \"v\"\n"
            "sources:\n  - {title: \"t\", url: \"https://x.example/\", publisher: \"P\"}\n---\n"
            + "\n\n".join(blocks) + "\n")
