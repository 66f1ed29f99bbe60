#!/usr/bin/env python3
"""A scripted HTTP server for the link checker's tests, on 127.0.0.1 only.

  link_server.py LOG_FILE [CERT KEY]
                               prints "PORT\\n" once listening (https with CERT
                               and KEY), then serves until
                               killed (or after 120 s, so a lost test never leaves
                               it running).

Every accepted connection appends "CONNECT" to LOG_FILE, every request
"METHOD PATH", and "MAX n" whenever the number of requests in progress at once
reaches a new high.
"""
import email.utils, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

LOG = sys.argv[1]
BOMB = __import__("zlib").compress(b"\0" * (64 << 20), 9)  # 64 MiB of zeros, ~65 KB
lock = threading.Lock()
seen = {}
active = 0
highest = 0


def log(line):
    with lock:
        with open(LOG, "a") as f:
            f.write(line + "\n")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, code, headers=(), body=b""):
        self.send_response(code)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_one(self):
        global active, highest
        url = urlparse(self.path)
        path = url.path
        log("%s %s" % (self.command, self.path))
        with lock:
            active += 1
            if active > highest:
                highest = active
                with open(LOG, "a") as f:
                    f.write("MAX %d\n" % highest)
            count = seen.get(self.path, 0)
            seen[self.path] = count + 1
        try:
            if path == "/ok":
                self.reply(200, body=b"ok")
            elif path == "/slow-ok":
                time.sleep(0.2)
                self.reply(200, body=b"ok")
            elif path == "/missing":
                self.reply(404)
            elif path == "/gone":
                self.reply(410)
            elif path.startswith("/chain/"):
                n = int(path.split("/")[2])
                self.reply(200 if n == 0 else 302, [] if n == 0 else [("Location", "/chain/%d" % (n - 1))])
            elif path == "/loop":
                self.reply(302, [("Location", "/loop")])
            elif path == "/head-405":
                self.reply(405 if self.command == "HEAD" else 200, body=b"ok")
            elif path == "/rate-seconds":
                self.reply(429, [("Retry-After", "1")]) if count == 0 else self.reply(200)
            elif path == "/rate-date":
                when = email.utils.formatdate(time.time() + 2, usegmt=True)
                self.reply(429, [("Retry-After", when)]) if count == 0 else self.reply(200)
            elif path == "/rate-forever":
                self.reply(429, [("Retry-After", "1")])
            elif path == "/rate-long":
                self.reply(429, [("Retry-After", "86400")])
            elif path == "/server-error":
                self.reply(503)
            elif path == "/redirect":
                self.reply(302, [("Location", parse_qs(url.query)["to"][0])])
            elif path == "/drip":
                # The status line, then the headers one byte a second: never complete.
                self.wfile.write(b"HTTP/1.1 200 OK\r\n")
                self.wfile.flush()
                for c in b"X-Slow: " + b"a" * 100:
                    time.sleep(1)
                    self.wfile.write(bytes([c]))
                    self.wfile.flush()
            elif path == "/head-garbage":
                # A broken server: a HEAD answer followed by stray bytes that poison
                # the connection for the next request.
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                self.wfile.write(b"0\r\n\r\n")
            elif path == "/head-403":
                self.reply(403 if self.command == "HEAD" else 200, body=b"ok")
            elif path == "/head-404":
                # A server that answers HEAD wrongly: the page is there for GET.
                self.reply(404 if self.command == "HEAD" else 200, body=b"ok")
            elif path == "/silent":
                # Accepts, reads the request, never answers.
                time.sleep(30)
            elif path in ("/no-head-endless", "/gzip-bomb"):
                if self.command == "HEAD":
                    self.reply(405)
                    return
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                if path == "/gzip-bomb":
                    self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                # An endless body, or gzip of zeros (each chunk ~1000x when inflated).
                chunk = BOMB if path == "/gzip-bomb" else b"x" * 65536
                for _ in range(100000):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            elif path == "/endless":
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                if self.command != "HEAD":
                    chunk = b"x" * 65536
                    for _ in range(100000):
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            else:
                self.reply(404)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with lock:
                active -= 1

    do_GET = handle_one
    do_HEAD = handle_one


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def verify_request(self, request, client_address):
        log("CONNECT")
        return True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    if len(sys.argv) > 3:  # link_server.py LOG CERT KEY: serve https
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Timer(120, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
