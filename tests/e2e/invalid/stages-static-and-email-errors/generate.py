# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../../.."))
# A folder of pipeline/static/ nested too deep, and a site email template that alone is over email.max_bytes: no cut of the
# body can make the email fit.
with open(os.path.join(ROOT, "theme/templates/email/article.html.mustache"), encoding="utf-8") as f:
    template = f.read()
filler = "<p>" + "A footer every email carries, far too long. " * 600 + "</p>"
template = template.replace("{{{body_html}}}", "{{{body_html}}}" + filler)
folder = os.path.join(SITE, "pipeline/templates/email")
os.makedirs(folder, exist_ok=True)
with open(os.path.join(folder, "article.html.mustache"), "w", encoding="utf-8") as f:
    f.write(template)
with open(os.path.join(SITE, "pipeline/site.yaml"), "a", encoding="utf-8") as f:
    f.write("email:\n  max_bytes: 20000\n")
os.makedirs(os.path.join(SITE, "pipeline/static", *(["s"] * 20)))
