# Writes this case's input into the site given as argument: Arabic named the
# POSIX way (ar_EG) in site.yaml, its catalog's and its article file's name; all are
# read as the BCP 47 tag ar-EG with a note.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "pipeline/site.yaml")
text = open(p, encoding="utf-8").read().replace("{code: ar,", "{code: ar_EG,")
open(p, "w", encoding="utf-8").write(text)
bundle = os.path.join(SITE, "content/news/chip-launch")
os.rename(os.path.join(bundle, "index.ar.md"), os.path.join(bundle, "index.ar_EG.md"))
locales = os.path.join(SITE, "locales")
os.rename(os.path.join(locales, "ar.po"), os.path.join(locales, "ar_EG.po"))
