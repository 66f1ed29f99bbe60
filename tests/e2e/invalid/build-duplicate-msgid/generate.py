# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# The same msgid twice, met by build.
text += '\nmsgid "Unsubscribe"\nmsgstr "Sign off"\n'
open(p, "w", encoding="utf-8").write(text)
