"""Issue 11, "Done means": arbitrary text (brackets, backslashes, control characters,
unicode without surrogates) through notes, scenario names and figure names comes back
literally in plain output, on a colour terminal (FORCE_COLOR), in --json and in the log.

"Literally" for rendered text: the characters as typed, except that control characters
other than newline and tab are spelled ``\\xNN`` (cli/output.visible) so a note cannot
drive the terminal; --json and the stored log keep them raw. Bounded: 40 examples in
all, each a handful of in-process runs (a few seconds in all).
"""

import json
import re
import shlex
import tempfile
from functools import lru_cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.render.output import visible
from claw.cli.testing import run
from tests.paths import ROOT

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PLAIN = None
COLOUR = {"FORCE_COLOR": "1", "NO_COLOR": None}

# markup-looking pieces mixed into any non-surrogate character
PIECES = st.sampled_from(["[", "]", "[/]", "[bold]", "[/i]", "\\", "\\[", "[link=x]", ":smile:", "{}", "%s",
                          "\x1b[31m", "\r", "\x00", "\x7f", "\t", "‖", "→", "é", "\U0001f400"])
CHARS = st.characters(exclude_categories=("Cs",))
TEXT = st.lists(st.one_of(PIECES, CHARS), min_size=1, max_size=12).map("".join)


def _shown(result, stream="stdout") -> str:
    return ANSI.sub("", getattr(result, stream))


def _check_rendered(args, *expected):
    """Each of ``expected`` appears as typed in the plain and in the colour rendering of ``args``."""
    for env in (PLAIN, COLOUR):
        r = run(args, env=env)
        assert r.code == 0, r.stderr
        for text in expected:
            assert visible(text) in _shown(r), (env, _shown(r))


def _new(files, folder: Path, env=None) -> tuple[Path, str]:
    """A state started from ``files`` (its path) and what `new` explained."""
    r = run(["new", *map(str, files), "--seed", "5"], env=env)
    assert r.code == 0, r.stderr
    state = folder / "s.json"
    state.write_text(r.stdout, encoding="utf-8")
    return state, _shown(r, "stderr")


def _log_texts(state: Path) -> list[str]:
    doc = json.loads(state.read_text(encoding="utf-8"))
    return [e.get("text", "") for entry in doc["log"] for e in entry["events"]]


@lru_cache
def _mice_state() -> str:
    r = run(["new", str(ROOT / "examples/mice/ghost-of-castle-andon.yaml"), "--seed", "5"])
    assert r.code == 0, r.stderr
    return r.stdout


@settings(max_examples=20, deadline=None)
@given(words=TEXT)
def test_any_note_comes_back_literally(words):
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "s.json"
        state.write_text(_mice_state(), encoding="utf-8")
        for env in (PLAIN, COLOUR):
            r = run(["note", "-s", str(state), "-i", "--", words], env=env)
            assert r.code == 0, r.stderr
            assert visible(f"note: {words}") in _shown(r, "stderr")
        doc = json.loads(state.read_text(encoding="utf-8"))
        last = doc["log"][-1]
        assert last["args"] == [words] and last["events"][0] == {"type": "note", "note": words,
                                                                  "text": f"note: {words}"}
        entries = json.loads(run(["log", "-s", str(state), "--json"]).stdout)
        assert entries[-1]["events"][0]["text"] == f"note: {words}" and entries[-1]["args"] == [words]
        typed = shlex.join(["--", words] if words.startswith("-") and words != "-" else [words])
        _check_rendered(["log", "-s", str(state)], f"#3 note {typed}", f"    note: {words}")  # shell-quoted


@lru_cache
def _example(relative: str) -> str:
    """An example file's document as JSON text (read once, through claw's own loader)."""
    from claw.cli.validation.diagnostics import check_file

    report = check_file(str(ROOT / relative))
    assert report.ok
    return json.dumps(report.data)


def _msm_scenario(name: str, folder: Path) -> Path:
    doc = json.loads(_example("examples/msm/scenario-1.yaml"))
    doc["name"] = name
    doc["loot_files"] = [str(ROOT / "examples/msm" / f) for f in doc.get("loot_files", [])]
    path = folder / "scenario.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


@settings(max_examples=10, deadline=None)
@given(name=TEXT.filter(lambda s: len(s) <= 200 and s.strip()))
def test_any_scenario_name_comes_back_literally(name):
    with tempfile.TemporaryDirectory() as folder:
        scenario = _msm_scenario(name, Path(folder))
        for env in (COLOUR, PLAIN):
            state, said = _new([scenario], Path(folder), env=env)
            assert visible(f"{name}: set up for") in said
        assert json.loads(state.read_text(encoding="utf-8"))["state"]["scenario"]["name"] == name
        assert _log_texts(state)[0].startswith(f"{name}: set up for")
        _check_rendered(["show", "-s", str(state)], name)
        _check_rendered(["log", "-s", str(state)], f"    {name}: set up for")


def _warriors_character(name: str, folder: Path) -> Path:
    doc = json.loads(_example("examples/warriors/emberpaw.yaml"))
    doc["name"] = name
    path = folder / "cat.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


@settings(max_examples=10, deadline=None)
@given(name=TEXT.filter(lambda s: len(s) <= 80 and s.strip()))
def test_any_figure_name_comes_back_literally(name):
    with tempfile.TemporaryDirectory() as folder:
        cat = _warriors_character(name, Path(folder))
        state, said = _new([cat], Path(folder))
        assert visible(f"{name} (") in said and _log_texts(state)[0].startswith(f"{name} (")
        _check_rendered(["show", "-s", str(state)], f"{name} (emberpaw)")
        _check_rendered(["log", "-s", str(state)], f"    {name} (")
        shown = json.loads(run(["show", "-s", str(state), "--json"]).stdout)
        assert name in _strings(shown)


def _strings(value) -> list[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [s for item in items for s in _strings(item)]
