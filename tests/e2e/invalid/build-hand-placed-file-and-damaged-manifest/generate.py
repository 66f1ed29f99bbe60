# A file placed by hand in public/ (kept, reported once) and a manifest that is
# not a database (made anew with a warning) (issue 15, findings 7 and 16).
import os, sys
SITE = sys.argv[1]
os.makedirs(os.path.join(SITE, "public"))
open(os.path.join(SITE, "public/CNAME"), "w").write("test.example\n")
os.makedirs(os.path.join(SITE, ".polypress"))
open(os.path.join(SITE, ".polypress/build.sqlite"), "w").write("x" * 4096)
