"""docs/play.md: each game's session transcript is what `claw play` prints for those lines
(issue 16 item 6). The lines are typed into a session started as the section says; the
prompt, the explanations and answers must come back as written. After a deliberate change
of wording: `python -c "import sys; sys.path.insert(0, 'tests/docs'); import test_play_doc as t; t.regenerate()"`."""

from __future__ import annotations

import io
import os
import re
import shlex
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import pytest

from tests.paths import ROOT

SECTION = re.compile(r"`claw play (?P<start>[^`]+) --redraw never`\n\n```text\n(?P<body>.*?)\n```", re.S)
PROMPT = re.compile(r"^(?:msm|ratcatcher|warriors|mice) · .*?> (?P<line>.*)$")


def sections() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    return [(m["start"], m["body"]) for m in SECTION.finditer(text)]


def replay(start: str, typed: list[str]) -> str:
    from claw.cli.session.engine import Session
    from claw.cli.session.interactive import prompt_text

    session = Session()
    out: list[str] = []
    with mock.patch.dict(os.environ, {"NO_COLOR": "1"}):
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            assert session.run_words(["new", *shlex.split(start)]) == 0
        for line in typed:
            out.append(prompt_text(session) + line)
            said = io.StringIO()
            with redirect_stdout(said), redirect_stderr(said):
                session.run_line(line)
            out += said.getvalue().rstrip("\n").splitlines()
    return "\n".join(out)


def regenerate() -> None:
    """Rewrite the transcripts from what claw prints now (after a deliberate change)."""
    path = ROOT / "docs" / "play.md"
    text = path.read_text(encoding="utf-8")
    for start, body in sections():
        typed = [m["line"] for m in map(PROMPT.match, body.splitlines()) if m]
        text = text.replace(body, replay(start, typed))
    path.write_text(text, encoding="utf-8")


def test_every_game_has_a_transcript():
    games = {start.split("/")[1] for start, _ in sections()}
    assert games == {"msm", "ratcatcher", "warriors", "mice"}


@pytest.mark.parametrize("start,body", sections(), ids=[start.split("/")[1] for start, _ in sections()])
def test_transcript_is_what_claw_play_prints(start, body, monkeypatch):
    monkeypatch.chdir(ROOT)
    typed = [m["line"] for m in map(PROMPT.match, body.splitlines()) if m]
    assert typed
    assert replay(start, typed) == body
