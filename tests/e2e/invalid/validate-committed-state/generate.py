# Writes this case's input into the site given as argument: a site in a git
# repository whose build state (.polypress/) was added to the index, as a
# pull request could add it.
import os, subprocess, sys
SITE = sys.argv[1]
os.makedirs(os.path.join(SITE, ".polypress"), exist_ok=True)
open(os.path.join(SITE, ".polypress", "links.sqlite"), "wb").write(b"planted")
subprocess.run(["git", "-C", SITE, "init", "-q"], check=True)
subprocess.run(["git", "-C", SITE, "add", "-f", "content", ".polypress"], check=True)
