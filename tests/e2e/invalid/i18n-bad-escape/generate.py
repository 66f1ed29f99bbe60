# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# An escape C does not have.
text = text.replace('msgstr "Unsubscribe"', 'msgstr "Unsub\\qscribe"')
open(p, "w", encoding="utf-8").write(text)
