# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
# An email limit no email could meet, and an unknown key beside it.
with open(os.path.join(SITE, "pipeline/site.yaml"), "a", encoding="utf-8") as f:
    f.write("email:\n  max_bytes: 500\n  max_size: 10\n")
