# Writes this case's input into the site given as argument.
import os, re, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
# Six forms, as CLDR has, but 'other' never chosen: 100 gets the 'many' form.
text = re.sub(r"nplurals=6; plural=[^\\]*;",
              "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : "
              "n%100>=3 && n%100<=10 ? 3 : 4);", text)
open(p, "w", encoding="utf-8").write(text)
# A translator's 'other' text that differs from 'many': 100 would read the
# 'many' one. (Where every entry has the same text in both forms, readers
# see nothing wrong and the header is only a note.)
text = open(p, encoding="utf-8").read()
text = text.replace('msgstr[5] "المصادر:"', 'msgstr[5] "مصدر:"', 1)
open(p, "w", encoding="utf-8").write(text)
