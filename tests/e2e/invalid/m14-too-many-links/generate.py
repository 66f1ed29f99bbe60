# An article with 2,001 links (the bound is 2,000).
import os, sys
path = os.path.join(sys.argv[1], "content/reviews/tool/index.en.md")
text = open(path, encoding="utf-8").read()
links = " ".join("[l%d](https://example.org/%d)" % (i, i) for i in range(2001))
open(path, "w", encoding="utf-8").write(text + "\n" + links + "\n")
