# Writes this case's input into the site given as argument.
import os, sys
sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
import oversized_email_template
SITE = sys.argv[1]
# An article without a title (input/), and an email template no cut can fit.
oversized_email_template.write(SITE)
