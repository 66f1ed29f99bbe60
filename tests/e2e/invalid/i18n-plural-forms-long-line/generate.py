# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/ar.po")
text = open(p, encoding="utf-8").read()
# A Plural-Forms line of 60,000 characters that msgfmt accepts (white space
# before the number of forms) with an expression unlike CLDR's: the check must
# read it. std::regex overflowed the stack on it.
start = text.index('"Plural-Forms: ')
end = text.index('\\n"\n', start) + 4
text = (text[:start] + '"Plural-Forms: nplurals=' + " " * 60000 +
        '6; plural=(n==0 ? 0 : n==1 ? 1 : 5);\\n"\n' + text[end:])
open(p, "w", encoding="utf-8").write(text)
