"""A minimal LSP client for the tests and the benchmark: JSON-RPC over a subprocess's stdio."""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Client:
    """Starts ``riftbound lsp`` and exchanges framed JSON-RPC messages with it."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-m", "interpreter", "lsp"], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages: "queue.Queue[dict]" = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: dict | None, timeout: float = 30) -> dict:
        self.next_id += 1
        wanted = self.next_id
        self.send({"id": wanted, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == wanted and "method" not in m, timeout)

    def wait(self, test, timeout: float = 30) -> dict:
        """The next message ``test`` accepts; others are dropped (logs, other notifications)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message from the language server")
            message = self.messages.get(timeout=left)
            if test(message):
                return message

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = 30) -> list[dict]:
        def published(m):
            params = m.get("params") or {}
            return (m.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri
                    and (version is None or params.get("version") == version))
        return self.wait(published, timeout)["params"]["diagnostics"]

    def initialize(self) -> dict:
        reply = self.request("initialize", {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}, 60)
        self.notify("initialized", {})
        return reply

    def close(self) -> int:
        try:
            self.request("shutdown", None, 10)
            self.notify("exit", None)
            return self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                stream.close()
