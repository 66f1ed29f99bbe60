# Writes this case's input into the site given as argument.
import os, sys
SITE = sys.argv[1]
d = os.path.join(SITE, "content/news/chip-launch")
# Names that are one file on macOS and Windows: case, and NFC against NFD.
for name in ("Chart.png", "chart.png", "caf\u00e9.svg", "cafe\u0301.svg", "other.png"):
    with open(os.path.join(d, name), "wb") as f:
        f.write(b"x")
