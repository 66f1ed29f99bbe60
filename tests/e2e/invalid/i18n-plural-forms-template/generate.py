# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# The placeholder header of a fresh msginit template, never filled in.
text = text.replace("nplurals=2; plural=(n != 1);", "nplurals=INTEGER; plural=EXPRESSION;")
open(p, "w", encoding="utf-8").write(text)
