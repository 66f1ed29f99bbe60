# An article defining 101 figures (the bound is 100).
import os, sys
path = os.path.join(sys.argv[1], "content/reviews/tool/index.en.md")
text = open(path, encoding="utf-8").read()
figures = "figures:\n" + "".join("  f%d: {value: %d, format: integer}\n" % (i, i) for i in range(101))
head, sep, body = text.partition("\n---\n")
open(path, "w", encoding="utf-8").write(head + "\n" + figures.rstrip("\n") + sep + body)
