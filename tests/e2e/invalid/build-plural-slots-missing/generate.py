# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
# Arabic has six plural forms; this entry gives four (msgstr[4] and [5] gone).
entry = 'msgid_plural "Sources:"\n'
at = text.index(entry)
end = text.index("\n\n", at)
lines = text[at:end].split("\n")
kept = [l for l in lines if not l.startswith(("msgstr[4]", "msgstr[5]"))]
assert len(kept) == len(lines) - 2
text = text[:at] + "\n".join(kept) + text[end:]
open(p, "w", encoding="utf-8").write(text)
