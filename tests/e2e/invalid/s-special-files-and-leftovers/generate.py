# A bundle with a FIFO, an editor's leftovers, a name with a bidi override,
# an SVG with script and folders nested 17 deep (issue 15, findings 5, 9, 12).
import os, sys
SITE = sys.argv[1]
B = os.path.join(SITE, "content/news/chip-launch")
os.mkfifo(os.path.join(B, "chart.png"))
for name in ("index.en.md~", ".index.en.md.swp"):
    open(os.path.join(B, name), "w").write("leftover")
open(os.path.join(B, "gnp.\u202eexe"), "w").write("x")
open(os.path.join(B, "logo.svg"), "w").write('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
os.makedirs(os.path.join(B, *(["d"] * 20)))
