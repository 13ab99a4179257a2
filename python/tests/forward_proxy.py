"""A forward proxy on loopback, as a corporate proxy is to a runner (the Python twin of
test/support/forward-proxy.ts): it relays absolute-URI requests and records each one, so a test can tell which
requests went through it. A request in origin form is refused with 400: the client took the proxy for the server."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "upgrade"}


class _Relay(BaseHTTPRequestHandler):
    server: _ProxyServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        return

    def _relay(self) -> None:
        target = urlsplit(self.path)
        if not target.scheme:
            self.send_error(400, "origin-form request sent to a proxy")
            return
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else None
        self.server.relayed.append((self.command, f"{target.hostname}:{target.port}", target.path))
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        upstream = http.client.HTTPConnection(target.hostname or "", target.port or 80, timeout=30)
        path = target.path + (f"?{target.query}" if target.query else "")
        upstream.request(self.command, path, body=body, headers=headers)
        answer = upstream.getresponse()
        data = answer.read()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in HOP_BY_HOP and name.lower() != "transfer-encoding":
                self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)
        upstream.close()

    do_GET = do_POST = do_DELETE = _relay


class _ProxyServer(ThreadingHTTPServer):
    daemon_threads = True
    relayed: list[tuple[str, str, str]]


@contextmanager
def forward_proxy() -> Iterator[_ProxyServer]:
    server = _ProxyServer(("127.0.0.1", 0), _Relay)
    server.relayed = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
