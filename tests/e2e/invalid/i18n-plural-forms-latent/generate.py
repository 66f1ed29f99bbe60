# Writes this case's input into the site given as argument.
import os, re, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
# 'other' (100, 101, …) gets the 'many' form, but every entry's 'many' and
# 'other' texts are the same: no reader sees a wrong text, so this is a
# note, with the header to use.
text = re.sub(r"nplurals=6; plural=[^\\]*;",
              "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
              "n%100>=3 && n%100<=10 ? 3 : 4);", text)
open(p, "w", encoding="utf-8").write(text)
