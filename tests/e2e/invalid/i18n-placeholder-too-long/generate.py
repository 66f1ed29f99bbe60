# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
def set_msgstr(text, msgid, msgstr):
    i = text.index('msgid "%s"' % msgid)
    j = text.index("msgstr", i)
    k = text.index("\n", j)
    return text[:j] + 'msgstr "%s"' % msgstr + text[k:]
# A placeholder of 60,000 characters where msgfmt does not check (no
# python-brace-format flag), and a translation of 30,000 characters that is fine.
# std::regex overflowed the stack on both.
text = set_msgstr(text, "Updated {date}", "حُدّث في {" + "date_" * 12000 + "}")
text = text.replace('#, python-brace-format\nmsgid "Updated {date}"', 'msgid "Updated {date}"')
text = set_msgstr(text, "Choose your language", "اختر لغتك " * 3000)
open(p, "w", encoding="utf-8").write(text)
