# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# n % 0 would divide by zero when evaluated.
text = text.replace("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n % 0 != 1);")
open(p, "w", encoding="utf-8").write(text)
