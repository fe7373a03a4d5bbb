"""A real headless Chromium for the tests, driven over the DevTools protocol on a pipe
(``--remote-debugging-pipe``: JSON messages ended by NUL on file descriptors 3 and 4), so
no websocket client or browser-automation package is needed — only Debian's chromium."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time

# The flags the machine's notes give for a closed network: no background connections,
# no first-run work, a fresh profile each time.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--hide-scrollbars", "--remote-debugging-pipe"]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One browser, one page. ``evaluate`` runs JavaScript in it; ``screenshot`` gives PNG bytes."""

    def __init__(self, width: int = 1200, height: int = 800) -> None:
        exe = chromium()
        if exe is None:
            raise RuntimeError("no chromium on PATH")
        self.profile = tempfile.mkdtemp(prefix="claw-chromium-")
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        # high numbers first, so the dup2 onto 3 and 4 in the child cannot overwrite its own source
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 100) for fd in (to_browser_r, from_browser_w)]
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)

        def child_fds() -> None:
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_fds, pass_fds=(3, 4))  # noqa: PLW1509  # the fds must be 3 and 4 in the child
        for fd in high:
            os.close(fd)
        self._out = os.fdopen(to_browser_w, "wb", buffering=0)
        self._in = os.fdopen(from_browser_r, "rb", buffering=0)
        self._buffer = b""
        self._id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=True)

    def call(self, method: str, params: dict | None = None, session: bool = False, timeout: float = 30) -> dict:
        self._id += 1
        message: dict = {"id": self._id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self._out.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._next(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _next(self, deadline: float) -> dict:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._in], [], [], left)[0]:
                raise TimeoutError("chromium did not answer in time")
            chunk = self._in.read(65536)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def goto(self, url: str) -> None:
        self.call("Page.navigate", {"url": url}, session=True)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20):
        """Poll ``expression`` until it is truthy; its value. An exception counts as not yet
        (the page may be between two documents while it loads)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout} s: {expression}")
            time.sleep(0.1)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"])

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.call("Browser.close", timeout=5)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for stream in (self._out, self._in):
            stream.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
