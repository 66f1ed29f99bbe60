#!/usr/bin/env python3
"""An SMTP server on 127.0.0.1 for the `send` test (Debian's python3-aiosmtpd).
Usage: smtp_sink.py OUT_DIR [reject|auth]. Prints its port, then writes every
message it accepts, as received, to OUT_DIR/N.eml with the envelope in
OUT_DIR/N.env. With "reject", every recipient is refused with 550. With "auth",
it offers AUTH without TLS (and no STARTTLS), as a careless server does, and
writes each login it is given to OUT_DIR/auth.log."""
import os, socket, sys, time
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

mode = sys.argv[2] if len(sys.argv) > 2 else ""
out, reject = sys.argv[1], mode == "reject"


def authenticator(server, session, envelope, mechanism, auth_data):
    if isinstance(auth_data, LoginPassword):
        with open(os.path.join(out, "auth.log"), "a") as f:
            f.write(auth_data.login.decode() + ":" + auth_data.password.decode() + "\n")
    return AuthResult(success=True)


class Sink:
    count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if reject:
            return "550 5.1.1 mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        Sink.count += 1
        with open(os.path.join(out, f"{Sink.count}.eml"), "wb") as f:
            f.write(envelope.original_content)
        with open(os.path.join(out, f"{Sink.count}.env"), "w") as f:
            f.write(envelope.mail_from + "\n" + "\n".join(envelope.rcpt_tos) + "\n")
        return "250 Message accepted"


with socket.socket() as s:  # a free port
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
extra = {"authenticator": authenticator, "auth_require_tls": False} if mode == "auth" else {}
controller = Controller(Sink(), hostname="127.0.0.1", port=port, decode_data=False, **extra)
controller.start()
print(port, flush=True)
try:
    while True:
        time.sleep(1)
finally:
    controller.stop()
