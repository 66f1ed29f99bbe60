# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
import re
# Two forms chosen by the last digit: 11 and 12 are both CLDR's 'many' but
# would read differently in every translated plural entry.
text = re.sub(r"nplurals=6; plural=[^\\]*;", "nplurals=2; plural=(n%10 != 1);", text)
text = re.sub(r"msgstr\[[2-5]\] .*\n", "", text)
open(p, "w", encoding="utf-8").write(text)
