"""`claw serve` and `claw show --watch`: the room's second screen (issue 23, item 11).

The server runs as a real `claw serve` process on 127.0.0.1 (port 0: the system picks a
free one and claw prints it); the table's changes come from other `claw` processes, as at
a real table. The browser test drives Debian's Chromium over the DevTools pipe.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from claw.cli.testing import run
from tests.browser import Browser, chromium
from tests.paths import ROOT

MSM1 = str(ROOT / "examples" / "msm" / "scenario-1.yaml")


def claw(*args: str, cwd: Path, check: bool = True, columns: str = "80") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"} | {"NO_COLOR": "1", "COLUMNS": columns}
    done = subprocess.run([sys.executable, "-m", "claw", *args], cwd=cwd, capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL)
    assert not check or done.returncode == 0, done.stderr
    return done


@pytest.fixture
def game(tmp_path) -> Path:
    """Scenario 1 with the cats to act (seed 7), as a file in its own folder."""
    claw("new", MSM1, "--seed", "7", "-o", "g.json", cwd=tmp_path)
    claw("scenario-step", "-s", "g.json", "-i", "--until", "cats", cwd=tmp_path)
    return tmp_path / "g.json"


@contextlib.contextmanager
def serving(path: Path, *extra: str):
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"}
    proc = subprocess.Popen([sys.executable, "-m", "claw", "serve", str(path), "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            stdin=subprocess.DEVNULL)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("serving "), (line, proc.stderr.read() if proc.poll() is not None else "")  # type: ignore[union-attr]
        yield line.split(" at ", 1)[1].split(" ", 1)[0], proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for stream in (proc.stdout, proc.stderr):
            stream.close()  # type: ignore[union-attr]


def get(url: str, method: str = "GET") -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, method=method, data=b"move leon C10" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def snapshot(url: str) -> dict:
    return json.loads(get(url + "snapshot.json")[2])


def wait_version(url: str, above: int, timeout: float = 10) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        snap = snapshot(url)
        if snap["version"] > above:
            return snap
        assert time.monotonic() < deadline, f"no new version after {timeout} s"
        time.sleep(0.05)


def test_serve_shows_the_board_and_the_last_events_and_follows_a_move_in_another_process(game):
    with serving(game) as (url, proc):
        assert url.startswith("http://127.0.0.1:")  # loopback unless --host says otherwise
        status, headers, page = get(url)
        assert status == 200 and b'src="/claw.js"' in page and headers["Content-Type"].startswith("text/html")
        assert "script-src 'self'" in headers["Content-Security-Policy"]  # nothing inline runs
        snap = snapshot(url)
        assert snap["game"] == "msm" and snap["title"] == "The Dawn Patrol" and snap["svg"] is True
        assert snap["events"][-1]["line"].startswith("scenario-step --until cats")
        status, headers, svg = get(url + "board.svg")
        assert status == 200 and headers["Content-Type"] == "image/svg+xml" and svg.lstrip().startswith(b"<?xml")
        assert claw("show", "-s", str(game), cwd=game.parent, columns="100").stdout == snap["board_text"]
        claw("move", "leon", "C10", "-s", str(game), "-i", cwd=game.parent)
        after = wait_version(url, snap["version"])
        assert after["events"][-1]["line"] == "move leon C10"
        assert any("leon" in text for text in after["events"][-1]["events"])
        assert get(url + "board.svg")[2] != svg  # leon moved on the picture too


def test_serve_accepts_no_commands_and_serves_nothing_else(game):
    before = game.read_bytes()
    with serving(game) as (url, _):
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            status, headers, body = get(url, method)
            assert (status, headers.get("Allow")) == (405, "GET, HEAD") and b"read-only" in body
        for path in ("../g.json", "g.json", "%2e%2e/etc/passwd", "board.png", "claw.js/../g.json"):
            assert get(url + path)[0] == 404, path
        assert get(url, "HEAD")[0] == 200
    assert game.read_bytes() == before


def test_serve_streams_one_event_per_change(game):
    """Server-sent events: the current version at once, then one line per change."""
    with serving(game) as (url, _):
        stream = urllib.request.urlopen(url + "stream", timeout=10)
        assert stream.headers["Content-Type"] == "text/event-stream"
        assert stream.readline() == b"data: 1\n" and stream.readline() == b"\n"
        claw("move", "leon", "C10", "-s", str(game), "-i", cwd=game.parent)
        assert stream.readline() == b"data: 2\n"
        stream.close()


def test_a_broken_or_missing_file_is_shown_on_the_page_and_serving_goes_on(game):
    with serving(game) as (url, _):
        game.write_text("{ not json", encoding="utf-8")
        broken = wait_version(url, 1)
        assert broken["error"] and "g.json" in broken["error"] and broken["events"] == []
        game.unlink()
        gone = wait_version(url, broken["version"])
        assert gone["error"]
        assert get(url)[0] == 200


def test_a_game_without_a_picture_shows_its_text_board(tmp_path):
    warriors = ROOT / "examples" / "warriors"
    claw("new", str(warriors / "emberpaw.yaml"), str(warriors / "bramble.yaml"), "--seed", "1", "-o", "w.json",
         cwd=tmp_path)
    with serving(tmp_path / "w.json") as (url, _):
        snap = snapshot(url)
        assert snap["game"] == "warriors" and snap["svg"] is False and "emberpaw" in snap["board_text"].lower()
        assert snap["title"] == "day 0"
        assert get(url + "board.svg")[0] == 404


@pytest.mark.parametrize(("args", "words"), [
    (["serve"], "needs a state file"),
    (["serve", "missing.json"], "missing.json: no such file"),
    (["serve", "-"], "cannot change"),
    (["serve", "a.json", "-s", "b.json"], "two state files"),
])
def test_serve_refusals_are_one_line_and_exit_2(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    result = run(args)
    assert result.code == 2 and words in result.stderr and result.stderr.count("\n") <= 2, result.stderr


def test_a_port_in_use_is_refused_in_one_line(game):
    with serving(game) as (url, _):
        port = url.rsplit(":", 1)[1].strip("/")
        result = run(["serve", str(game), "--port", port])
    assert result.code == 2 and "cannot listen on 127.0.0.1:" in result.stderr


def _watch(game: Path, *extra: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"} | {"NO_COLOR": "1", "COLUMNS": "80"}
    return subprocess.Popen([sys.executable, "-m", "claw", "show", "--watch", "-s", str(game), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            stdin=subprocess.DEVNULL)


def _read_until(stream, needle: str, timeout: float = 15) -> str:
    import select

    seen = ""
    deadline = time.monotonic() + timeout
    while needle not in seen:
        assert time.monotonic() < deadline, f"never saw {needle!r} in {seen[-500:]!r}"
        if select.select([stream], [], [], 0.1)[0]:
            seen += os.read(stream.fileno(), 65536).decode()
    return seen


def test_show_watch_redraws_after_a_change_and_ctrl_c_ends_it_with_0(game):
    proc = _watch(game)
    try:
        first = _read_until(proc.stdout, "Round")
        claw("move", "leon", "C10", "-s", str(game), "-i", cwd=game.parent)
        again = _read_until(proc.stdout, "changed at")
        again += _read_until(proc.stdout, "Round") if "Round" not in again.split("changed at", 1)[1] else ""
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()  # type: ignore[union-attr]
        err = proc.stderr.read()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]
    assert "   A B C" in first and "   A B C" in again
    assert err == ""
    assert claw("show", "-s", str(game), cwd=game.parent).stdout in again


@pytest.mark.parametrize(("args", "words"), [
    (["show", "--watch", "--game", "msm"], "follows a file"),
    (["show", "--watch", "-s", "-"], "follows a file"),
    (["show", "--watch", "--svg", "-s", "g.json"], "claw serve FILE"),
])
def test_show_watch_refusals(game, monkeypatch, args, words):
    monkeypatch.chdir(game.parent)
    result = run(args)
    assert result.code == 2 and words in result.stderr, result.stderr


def test_show_help_lists_watch(game):
    assert "--watch" in run(["show", "--help", "-s", str(game)]).stdout


@pytest.mark.slow  # a real browser: about 3-6 s to start Chromium, load the page and wait for the live update
@pytest.mark.skipif(chromium() is None,
                    reason="needs Debian's chromium (apt-get install chromium; .ci/run installs it)")
def test_serve_page_in_headless_chromium_shows_the_board_and_updates_after_a_move(game, tmp_path):
    with serving(game) as (url, _), Browser(1200, 800) as browser:
        browser.goto(url)
        browser.wait_for("document.body.dataset.version === '1' && document.getElementById('board').complete "
                         "&& document.getElementById('board').naturalWidth > 0")
        assert browser.evaluate("document.getElementById('title').textContent") == "The Dawn Patrol"
        latest = "document.querySelector('#events li.latest code').textContent"
        assert browser.evaluate(latest).startswith("#2 scenario-step")
        before = browser.screenshot()
        claw("move", "leon", "C10", "-s", str(game), "-i", cwd=game.parent)
        browser.wait_for("document.body.dataset.version === '2' && document.getElementById('board').complete "
                         "&& document.getElementById('board').src.endsWith('v=2')")
        assert browser.evaluate(latest) == "#3 move leon C10"
        assert browser.evaluate("document.getElementById('status').textContent") == "live"  # SSE, not polling
        after = browser.screenshot()
    for name, png in (("before", before), ("after", after)):
        assert png.startswith(b"\x89PNG") and len(png) > 20_000
        (tmp_path / f"serve-{name}.png").write_bytes(png)  # kept for a person to look at (pytest's tmp dir)
    assert before != after
