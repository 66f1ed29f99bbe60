# Writes this case's input into the site given as argument.
import os, shutil, sys
SITE = sys.argv[1]
# A 104-character slug (the .eml name would be news--<slug>.eml).
src = os.path.join(SITE, "content/news/chip-launch")
dst = os.path.join(SITE, "content/news/" + "-".join(["long"] * 20) + "-slug")
shutil.copytree(src, dst)
