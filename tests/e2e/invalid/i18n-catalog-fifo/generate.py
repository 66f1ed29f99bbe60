# A FIFO where a catalog is (issue 15, finding 5): refused, never waited on.
import os, sys
P = os.path.join(sys.argv[1], "locales/ar.po")
os.remove(P)
os.mkfifo(P)
