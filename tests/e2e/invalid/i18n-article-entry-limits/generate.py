# Writes this case's input into the site given as argument: an Arabic article
# catalog whose entries are over the limits a body has (nested 300 levels;
# over 1 MiB). Each is an error at its msgstr, as the body would be, and the
# source's text is shown in its place.
import os, sys
SITE = sys.argv[1]
HEADER = '''msgid ""
msgstr ""
"Project-Id-Version: reviews/tool\\n"
"Language: ar\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : (n "
"% 100 >= 3 && n % 100 <= 10) ? 3 : (n % 100 >= 11 && n % 100 <= 99) ? 4 : "
"5);\\n"
'''
entries = [
    ("title", "Tool review", "مراجعة أداة"),
    ("paragraph-1", "It works.", "*" * 300 + "يعمل" + "*" * 300),
    ("heading-2", "Pricing", "التسعير"),
    ("paragraph-3", "Twelve euros.", "اثنا عشر يورو. " * 80000),
]
path = os.path.join(SITE, "locales/ar/articles/reviews/tool.po")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w", encoding="utf-8") as f:
    f.write(HEADER)
    for ctx, msgid, msgstr in entries:
        f.write('\nmsgctxt "%s"\nmsgid "%s"\nmsgstr "%s"\n' % (ctx, msgid, msgstr))
