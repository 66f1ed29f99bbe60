# A form feed is CommonMark whitespace: accepted in a body (case-ok), refused
# in front matter (case-fm); a vertical tab is not, and stays refused in a
# body (case-vt). Writes the input into the site given as argument.
import os, sys
SITE = sys.argv[1]
HEAD = ('---\ntitle: "Case"\ntype: news\ndate: 2026-11-21\nsummary: "s"\nverdict: "v"\n'
        'sources:\n  - {title: "t", url: "https://x.example/", publisher: "P"}\n')
def write(slug, text):
    path = os.path.join(SITE, "content/news", slug, "index.en.md")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text.encode())
write("case-ok", HEAD + "---\nPage one.\n\f\nPage\ftwo.\n\n\f# Not a heading\n")
write("case-fm", HEAD.replace('summary: "s"', 'summary: "a\fb"') + "---\nBody.\n")
write("case-vt", HEAD + "---\nBody\vtext.\n")
