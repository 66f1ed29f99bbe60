# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
P = "content/news/case/index.en.md"
NEWS = '---\ntitle: "Case"\ntype: news\ndate: 2026-11-21\nsummary: "s"\nverdict: "v"\nsources:\n  - {title: "t", url: "https://x.example/", publisher: "P"}\n---\nBody.\n'
NEWS_HEAD = NEWS.split("---\n")[0] + "---\n" + NEWS.split("---\n")[1]
def news(extra_fm="", body="Body.\n", drop=()):
    lines = NEWS.split("\n")
    out = [l for l in lines if not any(l.startswith(d + ":") for d in drop)]
    s = "\n".join(out)
    head, _, rest = s.partition("\n---\nBody.\n")
    return head + ("\n" + extra_fm.rstrip("\n") if extra_fm else "") + "\n---\n" + body
def write_bytes(rel, data):
    path = os.path.join(SITE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
def write(rel, text):
    write_bytes(rel, text.encode())
# 5,000 nested <b> in a raw HTML block (100,000 took HTML's parser 10 s),
# and a table whose omitted </td> and </tr> are not nesting.
deep = '<p align="center">Deep ' + "<b>" * 5000 + "x" + "</b>" * 5000 + "</p>\n"
table = "<table>\n" + "<tr><td>cell\n" * 3000 + "</table>\n"
write(P, news(body=table + "\n" + deep))
