# Writes this case's input into the site given as argument: markdown.svg:
# refuse, and an SVG beside an article and one in pipeline/static/ that would
# run script when opened (a prefixed script element; an entity in a DTD).
import os, sys
SITE = sys.argv[1]
def write(rel, text):
    path = os.path.join(SITE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "w", encoding="utf-8").write(text)
yaml = open(os.path.join(SITE, "pipeline/site.yaml"), encoding="utf-8").read()
write("pipeline/site.yaml", yaml + "markdown:\n  svg: refuse\n")
write("content/news/chip-launch/diagram.svg",
      "<svg xmlns='http://www.w3.org/2000/svg' xmlns:x='http://www.w3.org/2000/svg'>"
      "<x:script>alert(1)</x:script></svg>")
write("pipeline/static/logo.svg",
      "<!DOCTYPE svg [<!ENTITY s \"<script>alert(1)</script>\">]>"
      "<svg xmlns='http://www.w3.org/2000/svg'>&s;</svg>")
