# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
BUNDLE = os.path.join(SITE, "content/news/chip-launch")
# Well-formed, but with neither width and height nor a viewBox, and nothing
# drawn to size it by: librsvg cannot draw it, so no PNG is made and the
# email shows the SVG.
with open(os.path.join(BUNDLE, "chart.svg"), "w") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg"><title>A chart</title></svg>\n')
with open(os.path.join(BUNDLE, "index.en.md"), "a") as f:
    f.write("\n![A chart](chart.svg)\n")
