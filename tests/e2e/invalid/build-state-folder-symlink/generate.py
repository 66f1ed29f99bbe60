# A committed .polypress/staging that leads out of the site (issue 15, finding 2):
# build refuses it and deletes nothing behind it.
import os, sys
SITE = sys.argv[1]
os.makedirs(os.path.join(SITE, ".polypress"))
os.makedirs(os.path.join(SITE, "elsewhere/12345"))
open(os.path.join(SITE, "elsewhere/keep.txt"), "w").write("precious")
os.symlink("../elsewhere", os.path.join(SITE, ".polypress/staging"))
