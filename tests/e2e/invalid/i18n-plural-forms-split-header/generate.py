# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# The header broken over two header lines: 'plural=' is no longer part of Plural-Forms.
text = text.replace('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', '"Plural-Forms: nplurals=2;\\n"\n"plural=(n != 1);\\n"')
open(p, "w", encoding="utf-8").write(text)
