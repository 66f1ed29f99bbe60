# Writes this case's input into the site given as argument.
import os, re, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
i = text.index('msgid "Subscribe"')
text = text[:i] + 'msgid "Unterminated\nmsgstr ""\n\n' + text[i:]
open(p, "w", encoding="utf-8").write(text)
