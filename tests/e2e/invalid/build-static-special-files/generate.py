# pipeline/static/ with a FIFO, an editor's backup, a name with a line
# break, an SVG with script and folders nested 17 deep (issue 15, findings 5, 9, 12).
import os, sys
S = os.path.join(sys.argv[1], "pipeline/static")
os.mkfifo(os.path.join(S, "live.css"))
open(os.path.join(S, "style.css~"), "w").write("leftover")
open(os.path.join(S, "two\nlines.css"), "w").write("x")
open(os.path.join(S, "icon.svg"), "w").write("<svg><script>alert(1)</script></svg>")
os.makedirs(os.path.join(S, *(["s"] * 20)))
