# Writes this case's input into the site given as argument: the English
# catalog in Transifex's Czech shape, a third form that only fractions use
# (a note, not an error: every whole number gets its form).
import os, re, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
text = text.replace("nplurals=2; plural=(n != 1);",
                    "nplurals=3; plural=(n == 1 && n % 1 == 0) ? 0 : (n % 1 != 0) ? 1 : 2;")
text = re.sub(r"msgstr\[1\] (.*)\n", lambda m: "msgstr[1] " + m.group(1) + "\nmsgstr[2] " + m.group(1) + "\n", text)
open(p, "w", encoding="utf-8").write(text)
