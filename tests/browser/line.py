"""A phone's line to the server that a test can cut: a dead signal, for real.

Chromium's emulated offline (and Playwright's routes) may miss a request made
while a service worker restarts; a proxy that refuses every connection while
cut misses nothing. The phone opens the proxy's address; the test itself talks
to the server directly.
"""

from __future__ import annotations

import socket
import threading
from urllib.parse import urlsplit


class Line:
    """A TCP proxy on 127.0.0.1 to a server; `cut()` drops and refuses all."""

    def __init__(self, server: str) -> None:
        target = urlsplit(server)
        self.target = (target.hostname or "127.0.0.1", target.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        """Lose the signal: close every connection and refuse new ones."""
        with self.lock:
            self.up = False
            for sock in self.open:
                _close(sock)
            self.open.clear()

    def mend(self) -> None:
        """Get the signal back."""
        with self.lock:
            self.up = True

    def close(self) -> None:
        self.cut()
        _close(self.listener)

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                if not self.up:
                    _close(phone)
                    continue
                try:
                    server = socket.create_connection(self.target)
                except OSError:
                    _close(phone)
                    continue
                self.open |= {phone, server}
            for a, b in ((phone, server), (server, phone)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                _close(sock)
                with self.lock:
                    self.open.discard(sock)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
