# Writes this case's input into the site given as argument: a `rules:` block
# with a misspelt rule, a level that is none, and an error rule set lower.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "pipeline/site.yaml")
text = open(p, encoding="utf-8").read() + (
    "rules:\n"
    "  link/untranslatd: ignore\n"
    "  link/untranslated: quiet\n"
    "  link/anchor: warning\n")
open(p, "w", encoding="utf-8").write(text)
