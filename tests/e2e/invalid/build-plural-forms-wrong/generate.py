# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# A Plural-Forms that disagrees with English's CLDR rules, met by build.
text = text.replace("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);")
open(p, "w", encoding="utf-8").write(text)
