# public/en is a link to a folder elsewhere (issue 15, finding 13): nothing is
# written through it.
import os, sys
SITE = sys.argv[1]
os.makedirs(os.path.join(SITE, "public"))
os.makedirs(os.path.join(SITE, "elsewhere"))
os.symlink("../elsewhere", os.path.join(SITE, "public/en"))
