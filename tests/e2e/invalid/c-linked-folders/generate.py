# content/ and locales/ are symbolic links to folders beside them: the site
# is refused before anything is read through them.
import os, sys
SITE = sys.argv[1]
for name in ("content", "locales"):
    os.rename(os.path.join(SITE, name), os.path.join(SITE, "real-" + name))
    os.symlink("real-" + name, os.path.join(SITE, name))
