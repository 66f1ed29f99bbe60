# Writes this case's input into the site given as argument: one form of a
# translated Arabic plural entry left empty (counted untranslated, a warning).
import os, re, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
text = re.sub(r"msgstr\[3\] \".+\"\n", "msgstr[3] \"\"\n", text, count=1)
open(p, "w", encoding="utf-8").write(text)
