# `build --clean` given the site's own git folder by mistake: refused, and
# nothing in it removed (issue 39, an outside attack on --clean).
import os, sys
SITE = sys.argv[1]
os.makedirs(os.path.join(SITE, ".git"))
open(os.path.join(SITE, ".git/config"), "w").write("[core]\n")
