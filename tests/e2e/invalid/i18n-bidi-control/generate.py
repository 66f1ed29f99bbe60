# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
# An override left open in "Verdict:" would reverse the verdict after it on
# every page; an isolate closed twice closes nothing the second time.
i = text.index('msgid "Verdict:"')
j = text.index("msgstr", i)
k = text.index("\n", j)
text = text[:j] + 'msgstr "\u202eالحكم:"' + text[k:]
i = text.index('msgid "Updated {date}"')
j = text.index("msgstr", i)
k = text.index("\n", j)
text = text[:j] + 'msgstr "حُدّث في \u2068{date}\u2069\u2069"' + text[k:]
open(p, "w", encoding="utf-8").write(text)
