"""`claw serve`: a read-only page for the room's second screen — the board picture and the
last events of one state file, updated live while the table plays in another process.

The standard library's threaded HTTP server, bound to 127.0.0.1 unless ``--host`` says
otherwise. The page listens on server-sent events (``/stream``) and falls back to polling.
Nothing here accepts a command: GET and HEAD on a fixed set of paths, 405 for the rest.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from dataclasses import dataclass, field

from claw.cli.store.atomic import stamp  # the store's idea of "this version of the file"
from claw.core.errors import UsageError

POLL = 0.25  # seconds between looks at the file: a move at the table shows within a blink
KEEPALIVE = 15.0  # an SSE comment this often, so proxies and browsers keep the stream open


@dataclass
class Snapshot:
    """What the page shows of the file at one moment (``version`` counts the changes seen)."""

    version: int
    game: str | None = None
    title: str = ""
    svg: bytes | None = None
    board_text: str = ""
    events: list[dict] = field(default_factory=list)
    error: str | None = None

    def summary(self) -> dict:
        return {"version": self.version, "game": self.game, "title": self.title, "svg": self.svg is not None,
                "board_text": self.board_text, "events": self.events, "error": self.error}


class Watched:
    """One state file, re-read when its stamp changes; waiters hear of each new version."""

    def __init__(self, path: str, events: int) -> None:
        self.path = path
        self.events = events
        self.changed = threading.Condition()
        self._stamp: tuple | None = ("unread",)
        self.snapshot = Snapshot(version=0)
        self.refresh()

    def refresh(self) -> bool:
        """Re-read the file if it changed; True when a new version was made."""
        now = stamp(self.path)
        if now == self._stamp:
            return False
        snapshot = read_snapshot(self.path, self.snapshot.version + 1, self.events)
        with self.changed:
            self._stamp = now
            self.snapshot = snapshot
            self.changed.notify_all()
        return True

    def wait_newer(self, version: int, timeout: float) -> Snapshot:
        with self.changed:
            self.changed.wait_for(lambda: self.snapshot.version != version, timeout=timeout)
            return self.snapshot

    def watch(self, stop: threading.Event) -> None:
        while not stop.wait(POLL):
            self.refresh()


def read_snapshot(path: str, version: int, events: int) -> Snapshot:
    """The file as the page shows it; a missing or broken file is an error line, not a crash
    (the table may be between a delete and a save, or a hand edit went wrong)."""
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store import statefile
    from claw.core.errors import ClawError

    try:
        envelope = statefile.load_any(path, STATE_RULES)[0]
    except ClawError as exc:
        return Snapshot(version=version, error=str(exc))
    game = envelope.get("game")
    state = envelope.get("state") or {}
    title = _title(game, state)
    svg, text, error = _board(path, game)
    return Snapshot(version=version, game=game, title=str(title), svg=svg, board_text=text,
                    events=_last_events(envelope.get("log", []), events), error=error)


def _title(game: str | None, state: dict) -> str:
    """The scenario's or chapter's name as each game's state keeps it (Warriors: the day)."""
    scenario = state.get("scenario")
    if isinstance(scenario, dict):
        return str(scenario.get("name") or "")
    if isinstance(scenario, str):
        return scenario
    if isinstance(state.get("title"), str):
        return state["title"]
    if "day" in state:  # a party's game: the day is what changes
        return f"day {state['day']}"
    return ""


def _pictured(game: str | None) -> bool:
    """Does the game's `show` draw a picture (it takes --svg)? The others show text."""
    from claw.cli.framework.adapter import GAMES, commands_of

    show = commands_of(game).get("show") if game in GAMES else None
    return show is not None and any(opt.flag == "--svg" for opt in show.options)


def _board(path: str, game: str | None) -> tuple[bytes | None, str, str | None]:
    """The board through `claw show` itself, in a child process: the same drawing as at the
    table, and no rendering state shared with the server's threads."""
    import subprocess

    args = [sys.executable, "-m", "claw", "show", "-s", path]
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    env.pop("CLAW_STATE", None)
    text = subprocess.run(args, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
    if text.returncode != 0:
        return None, "", text.stderr.strip() or f"claw show exited {text.returncode}"
    svg = None
    if _pictured(game):
        picture = subprocess.run(args + ["--svg"], capture_output=True, env=env, stdin=subprocess.DEVNULL)
        svg = picture.stdout if picture.returncode == 0 else None
    return svg, text.stdout, None


def _last_events(log: list[dict], count: int) -> list[dict]:
    """The last ``count`` commands, each as its command line (as `claw log` writes it) and
    its events' texts."""
    import shlex

    from claw.cli.commands.log import command_words

    return [{"seq": entry.get("seq"), "line": shlex.join([entry.get("command", ""), *command_words(entry)]),
             "events": [e.get("text") or e.get("type", "") for e in entry.get("events", [])]}
            for entry in (log[-count:] if count else [])]


def _handler(watched: Watched, stop: threading.Event):
    from http.server import BaseHTTPRequestHandler

    from claw.cli.render import serve_page

    class Handler(BaseHTTPRequestHandler):
        server_version = "claw-serve"
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args) -> None:  # noqa: A002  # the room does not need an access log
            return

        def _send(self, status: int, body: bytes, kind: str, extra: dict | None = None) -> None:
            self.send_response(status)
            headers = {"Content-Type": kind, "Content-Length": str(len(body)), "Cache-Control": "no-store",
                       "X-Content-Type-Options": "nosniff", **serve_page.HEADERS, **(extra or {})}
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_HEAD(self) -> None:
            self.do_GET()

        def do_GET(self) -> None:
            route = self.path.split("?", 1)[0]
            snapshot = watched.snapshot
            if route == "/":
                self._send(200, serve_page.page(os.path.basename(watched.path)), "text/html; charset=utf-8")
            elif route in serve_page.ASSETS:
                body, kind = serve_page.ASSETS[route]
                self._send(200, body, kind)
            elif route == "/snapshot.json":
                body = json.dumps(snapshot.summary(), ensure_ascii=False).encode()
                self._send(200, body, "application/json; charset=utf-8")
            elif route == "/board.svg" and snapshot.svg is not None:
                self._send(200, snapshot.svg, "image/svg+xml")
            elif route == "/stream":
                self._stream(snapshot.version)
            else:
                self._send(404, b"not here: this page only shows the game\n", "text/plain; charset=utf-8")

        def _refuse(self) -> None:
            self._send(405, b"read-only: claw serve accepts no commands\n", "text/plain; charset=utf-8",
                       {"Allow": "GET, HEAD"})

        do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse

        def _stream(self, seen: int) -> None:
            """Server-sent events: ``data: VERSION`` at once and after each change."""
            self.send_response(200)
            for key, value in {"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                               "X-Content-Type-Options": "nosniff", **serve_page.HEADERS}.items():
                self.send_header(key, value)
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            version = -1
            try:
                while not stop.is_set():
                    snapshot = watched.snapshot if version < 0 else watched.wait_newer(version, KEEPALIVE)
                    if snapshot.version != version:
                        version = snapshot.version
                        self.wfile.write(f"data: {version}\n\n".encode())
                    else:
                        self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return  # the browser went away

    return Handler


def run(file: str | None, state: str | None, host: str, port: int, events: int, output, store) -> int:
    from http.server import ThreadingHTTPServer

    from claw.cli.store import commit

    if store.in_memory:
        raise UsageError("`serve` runs in a terminal of its own: claw serve FILE beside this session "
                         "(the page follows the file the session saves to)")
    if file and state and file != state:
        raise UsageError(f"two state files named: {file} and -s {state}; name one")
    path = _state_path(file or state)
    watched = Watched(path, events)
    if watched.snapshot.error and stamp(path) is None:
        raise UsageError(watched.snapshot.error)
    stop = threading.Event()
    import socket

    class Server(ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        daemon_threads = True

    try:
        server = Server((host, port), _handler(watched, stop))
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    watcher = threading.Thread(target=watched.watch, args=(stop,), daemon=True)
    watcher.start()
    bound_host, bound_port = server.server_address[:2]
    bound_host = bound_host.decode() if isinstance(bound_host, bytes) else str(bound_host)
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    output.emit(f"serving {path} at http://{shown}:{bound_port}/ (read-only; Ctrl-C stops)")
    sys.stdout.flush()
    if host not in ("127.0.0.1", "localhost", "::1"):
        output.say(f"note: anyone who can reach {host}:{bound_port} can read this game")
    try:
        server.serve_forever(poll_interval=0.2)
    except (KeyboardInterrupt, commit.Interrupted) as exc:
        signum = getattr(exc, "signum", None)
        if signum not in (None, 2):
            raise
        output.say("stopped serving")
    finally:
        stop.set()
        server.server_close()
    return 0


def _state_path(path: str | None) -> str:
    from claw.cli.store.statefile import env_state

    path = path or env_state()
    if not path:
        raise UsageError("`claw serve` needs a state file: claw serve FILE (or -s FILE, or CLAW_STATE)")
    if path == "-":
        raise UsageError("`claw serve` watches a file; a state on stdin cannot change: name the file")
    if not os.path.exists(path):
        raise UsageError(f"{path}: no such file")
    return path
