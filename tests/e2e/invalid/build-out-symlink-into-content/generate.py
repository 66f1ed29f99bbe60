# public/ is a symbolic link into content/: the build must not write through it.
import os, sys
os.symlink("content/news", os.path.join(sys.argv[1], "public"))
