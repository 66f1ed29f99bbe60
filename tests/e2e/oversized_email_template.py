"""For the bad-input cases of tests/e2e/invalid/: gives a site an article email
template that alone is over email.max_bytes, so that no cut of a body can
make its emails fit (email/too-large).

  import oversized_email_template; oversized_email_template.write(SITE)"""
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))


def write(site):
    with open(os.path.join(ROOT, "theme/templates/email/article.html.mustache"),
              encoding="utf-8") as f:
        template = f.read()
    filler = "<p>" + "A footer every email carries, far too long. " * 600 + "</p>"
    template = template.replace("{{{body_html}}}", "{{{body_html}}}" + filler)
    folder = os.path.join(site, "pipeline/templates/email")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "article.html.mustache"), "w", encoding="utf-8") as f:
        f.write(template)
    with open(os.path.join(site, "pipeline/site.yaml"), "a", encoding="utf-8") as f:
        f.write("email:\n  max_bytes: 20000\n")
