# Writes this case's input into the site given as argument.
import os, re, sys
SITE = sys.argv[1]
os.remove(os.path.join(SITE, "locales/polypress.pot"))
