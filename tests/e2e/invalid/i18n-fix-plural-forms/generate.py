# Writes this case's input into the site given as argument: the English
# catalog with a Plural-Forms that gives 0 the singular; i18n update
# --fix-plural-forms corrects it (a note) and the entries keep their numbers.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
text = text.replace("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1);")
open(p, "w", encoding="utf-8").write(text)
