# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
p = os.path.join(SITE, "locales/en.po")
text = open(p, encoding="utf-8").read()
# A Latin-1 byte in a catalog that declares UTF-8.
data = text.encode("utf-8").replace("Unsubscribe".encode(), b"Unsubscrib\xe9")
open(p, "wb").write(data)
