#!/usr/bin/env python3
"""The web page (Embedded/Wasm/index.html) in headless Chromium, with the built module.

Usage: browser_test.py ROOT [CHROMIUM]

Serves ROOT (the repository) over HTTP on a free loopback port and opens the page with
?report=1: it encodes, decodes and views an envelope through rtmwire.mjs and the module at
.build/embedded/wasm/rtmwire.wasm, then POSTs its status ("ok" or "failed"), the bytes and the
header to /report. Passes when the status is "ok"; fails on "failed" or no report in 60 s. (The
page reports rather than being read with --dump-dom, which can dump before the module's
asynchronous compile ends.)
"""

import functools
import http.server
import subprocess
import sys
import tempfile
import threading

reports = []
reported = threading.Event()


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def do_POST(self):
        if self.path != "/report":
            self.send_error(404)
            return
        reports.append(self.rfile.read(int(self.headers["Content-Length"])).decode())
        self.send_response(204)
        self.end_headers()
        reported.set()

    def log_message(self, *args):
        pass


def main():
    root = sys.argv[1]
    chromium = sys.argv[2] if len(sys.argv) > 2 else "chromium"
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/Embedded/Wasm/index.html?report=1" % server.server_address[1]
    with tempfile.TemporaryDirectory(prefix="rtmwire-chromium-") as profile:
        browser = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--user-data-dir=" + profile, url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            reported.wait(timeout=60)
        finally:
            browser.terminate()
            browser.wait(timeout=30)
    server.shutdown()
    if not reports:
        print("browser test: %s sent no report in 60 s" % url, file=sys.stderr)
        return 1
    status, binary, header = (reports[0].split("\n", 2) + ["", ""])[:3]
    if status != "ok":
        print("browser test: %s: %s: %s" % (url, status, binary), file=sys.stderr)
        return 1
    print("browser test: headless Chromium ran the page; encode, decode and the view agree (%d "
          "bytes; header %s)" % (len(binary) // 2, " ".join(header.split())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
