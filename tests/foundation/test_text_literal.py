"""Issue 11: nothing a user writes is misread as markup — in colour, plain, --json and the log.

Each finding of the issue is a test here; the mechanism is docs/dev/architecture.md
("Text"): strings are literal, claw's own styling is cli/text.Styled.
"""

import ast
import json
import re

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

S1 = ROOT / "examples/msm/scenario-1.yaml"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
COLOUR = {"FORCE_COLOR": "1", "NO_COLOR": None}  # colour forced on, as on a terminal


def new_state(tmp_path, scenario=S1, name="g.json", env=None):
    r = run(["new", str(scenario), "--seed", "7"], env=env)
    assert r.code == 0, r.stderr
    path = tmp_path / name
    path.write_text(r.stdout)
    return path


def log_texts(path):
    return [e.get("text") for entry in json.loads(path.read_text())["log"] for e in entry["events"]]


# -- finding 1: markup in a note or a scenario name crashed a colour terminal -----------------

def test_note_with_a_closing_tag_on_a_colour_terminal(tmp_path):
    """`claw note -i 'rats [/] done'` with FORCE_COLOR: was a MarkupError traceback."""
    state = new_state(tmp_path)
    r = run(["note", "-s", str(state), "-i", "rats [/] done"], env=COLOUR)
    assert r.code == 0, r.stderr
    assert "note: rats [/] done" in ANSI.sub("", r.stderr)
    assert log_texts(state)[-1] == "note: rats [/] done"


def test_scenario_name_with_markup_runs_new_show_and_log(tmp_path):
    """A scenario named `The [/i] Patrol` crashed `claw new` on a colour terminal."""
    import shutil

    shutil.copy(ROOT / "examples/msm/loot-illustrative.yaml", tmp_path)
    text = S1.read_text()
    text = re.sub(r"(?m)^name: .*$", 'name: "The [/i] Patrol"', text)
    scenario = tmp_path / "patrol.yaml"
    scenario.write_text(text)
    r = run(["new", str(scenario), "--seed", "1"], env=COLOUR)
    assert r.code == 0, r.stderr
    assert "The [/i] Patrol: set up for" in ANSI.sub("", r.stderr)
    state = tmp_path / "p.json"
    state.write_text(r.stdout)
    for env in (COLOUR, None):
        shown = run(["show", "-s", str(state)], env=env)
        assert shown.code == 0 and "The [/i] Patrol" in ANSI.sub("", shown.stdout)
        logged = run(["log", "-s", str(state)], env=env)
        assert logged.code == 0 and "The [/i] Patrol: set up for" in ANSI.sub("", logged.stdout)


# -- finding 2: plain mode ate the user's words, in the output and in the log -----------------

def test_note_with_bracketed_words_is_kept_in_plain_output_and_the_log(tmp_path):
    """`claw note -i '[house rule] roaches hinder; see [p. 12]'` stored `note:  roaches hinder; see `."""
    words = "[house rule] roaches hinder; see [p. 12]"
    state = new_state(tmp_path)
    r = run(["note", "-s", str(state), "-i", words])
    assert r.code == 0 and f"note: {words}" in r.stderr
    assert log_texts(state)[-1] == f"note: {words}"
    logged = run(["log", "-s", str(state)])
    assert f"#2 note '{words}'" in logged.stdout and f"    note: {words}" in logged.stdout  # shell-quoted
    entries = json.loads(run(["log", "-s", str(state), "--json"]).stdout)
    assert entries[-1]["args"] == [words] and entries[-1]["events"][0]["note"] == words


def test_roll_quotes_a_bracketed_expression_whole():
    """`claw roll '1d20+1d4[bless]'` quoted `1d20+1d4`: the message shows what was typed
    (whether the label is accepted or refused is the dice rules' business)."""
    r = run(["roll", "1d20+1d4[bless]", "--seed", "1"])
    assert "[bless]" in r.stdout + r.stderr


def test_escaped_looking_text_is_not_unescaped(tmp_path):
    state = new_state(tmp_path)
    words = r"take \[Cage] and [bold]this[/bold] \\ too"
    r = run(["note", "-s", str(state), "-i", "--", words])
    assert r.code == 0 and words in r.stderr
    assert log_texts(state)[-1] == f"note: {words}"


# -- finding 3: core/ wrote presentation into the log ------------------------------------------

def _core_strings():
    """Every string constant in core/ except docstrings (which document, never print)."""
    for path in sorted((ROOT / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                yield path, node.lineno, node.value


def _rich_tags(text: str) -> list[str]:
    """The bracketed words in ``text`` that rich would take as style tags (closing tags,
    names of styles): ``[a-z]`` in a regex is not one, ``[bold green]`` and ``[/]`` are."""
    from rich.errors import StyleSyntaxError
    from rich.markup import RE_TAGS
    from rich.style import Style

    tags = []
    for match in RE_TAGS.finditer(text):
        escapes, tag = match.group(2), match.group(3)
        if escapes or tag is None:
            continue
        if tag.startswith(("/", "@", "link")):
            tags.append(tag)
            continue
        try:
            Style.parse(tag)
        except StyleSyntaxError:
            continue
        tags.append(tag)
    return tags


def test_no_core_module_contains_rich_markup():
    """core/ returns plain sentences: no string in it holds a rich style tag."""
    offenders = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for path, line, text in _core_strings()
                 if "[" in text and _rich_tags(text)]
    assert not offenders, "rich markup in core/:\n" + "\n".join(offenders)


def test_the_markup_detector_finds_what_core_used_to_hold():
    assert _rich_tags("[bold green]Victory[/]: done") == ["bold green", "/"]
    assert _rich_tags("[red]Defeat:[/] x") and _rich_tags("the raider is [green]scared![/]")
    assert not _rich_tags("[a-z][a-z0-9-]{0,39}") and not _rich_tags("rolls [6, 1] at 4+")


def test_outcome_events_are_plain_in_the_log_and_coloured_on_a_terminal():
    """msm victory/defeat: the event carries the words; the CLI adds the colour."""
    from claw.core.msm.victory import _finish

    state = {"round": {"number": 3}}
    (ev,) = _finish(state, "victory", "all cats escaped")
    assert ev["text"] == "Victory: all cats escaped." and ev["result"] == "victory"
    import io

    from claw.cli.framework.call import Call
    from claw.cli.render.output import Output

    for forced, expect_ansi in (("1", True), ("", False)):
        import os
        from unittest import mock

        with mock.patch.dict(os.environ, {"FORCE_COLOR": forced}, clear=False):
            os.environ.pop("NO_COLOR", None)
            err = io.StringIO()
            call = Call(command="x", game="msm", args=[], opts={}, envelope=None, dice=None,
                        output=Output(io.StringIO(), err))
            entry = call.event(ev["type"], ev["text"], result="victory")
        assert entry["text"] == "Victory: all cats escaped."
        assert ("\x1b[" in err.getvalue()) is expect_ansi
        assert ANSI.sub("", err.getvalue()) == "Victory: all cats escaped.\n"


# -- old states still read and render -----------------------------------------------------------

def test_version_1_log_markup_is_removed_with_richs_parser(tmp_path):
    """A state written before texts were literal may hold `[green]Victory![/]`: it reads,
    its log shows the words, and it is written back as version 2."""
    state = new_state(tmp_path)
    doc = json.loads(state.read_text())
    doc["version"] = 1
    doc["log"][0]["events"][0]["text"] = "[bold green]Victory![/] The raiders fled; see \\[p. 3]"
    state.write_text(json.dumps(doc))
    logged = run(["log", "-s", str(state)])
    assert logged.code == 0 and "    Victory! The raiders fled; see [p. 3]" in logged.stdout
    assert "[bold green]" not in logged.stdout
    r = run(["note", "-s", str(state), "-i", "later"])
    assert r.code == 0
    doc = json.loads(state.read_text())
    assert doc["version"] == 2 and doc["log"][0]["events"][0]["text"].startswith("Victory! The raiders")


def test_version_1_text_rich_cannot_parse_is_kept(tmp_path):
    from claw.cli.render.text import legacy_plain

    assert legacy_plain("rats [/] done") == "rats [/] done"
    assert legacy_plain("no brackets") == "no brackets"


# -- one error handler ------------------------------------------------------------------------

@pytest.mark.parametrize("args, words", [
    (["roll", "--bogus", "2d6"], "no such option: --bogus"),
    (["roll"], "missing argument"),
    (["roll", "2d6", "--seed", "x"], "'x' is not a valid int"),
    (["rol", "2d6"], "no such command 'rol'"),
    (["roll", "3d"], "bad dice expression '3d'"),          # claw's own usage error
])
def test_usage_errors_from_click_and_claw_look_the_same(args, words):
    """Click's `Error: ...` box is gone: `claw: ...` on one line, exit 2."""
    r = run(args)
    assert r.code == 2
    lines = r.stderr.splitlines()
    assert lines[0].startswith("claw: ") and words in lines[0].lower()
    assert all(line.startswith(("claw: ", "hint: ")) for line in lines), r.stderr
    assert "Usage:" not in r.stderr and "Error:" not in r.stderr and r.stdout == ""


def test_click_usage_error_has_a_help_hint():
    r = run(["attack", "--bogus"])
    assert r.stderr.splitlines()[1] == "hint: see `claw attack --help`"


def test_internal_error_handler_survives_markup_and_broken_messages():
    """The handler that reports a bug must not crash itself (it did on `[/]` in a message)."""
    import io
    import os
    from unittest import mock

    from claw.cli.framework.runner import guard
    from claw.cli.render.output import Output

    class Nasty(Exception):
        def __str__(self):
            raise ValueError("no message for you")

    def boom_markup():
        raise RuntimeError("bad [/] markup [bold")

    def boom_nasty():
        raise Nasty()

    with mock.patch.dict(os.environ, {"FORCE_COLOR": "1"}):
        os.environ.pop("NO_COLOR", None)
        for fn, words in ((boom_markup, "bad [/] markup [bold"), (boom_nasty, "Nasty")):
            err = io.StringIO()
            assert guard(fn, output=Output(io.StringIO(), err)) == 1
            assert words in ANSI.sub("", err.getvalue()) and "--debug" in err.getvalue()


def test_error_output_falls_back_when_the_stream_breaks():
    from claw.cli.render.output import Output

    class Broken:
        encoding = "utf-8"

        def write(self, text):
            raise OSError("gone")

        def isatty(self):
            return False

    Output(Broken(), Broken()).error("still [/] said")  # must not raise: falls back to sys.__stderr__


def test_a_bug_is_a_traceback_only_with_debug(tmp_path, monkeypatch):
    import claw.cli.shell.commands.note as note

    state = new_state(tmp_path)

    def broken_register(app):
        @app.command(name="note")
        def note_cmd(debug: bool = False) -> None:
            raise ZeroDivisionError("oops [/]")

    monkeypatch.setattr(note, "register", broken_register)
    r = run(["note"])
    assert r.code == 1 and r.stderr.startswith("claw: internal error (ZeroDivisionError: oops [/])")
    with pytest.raises(ZeroDivisionError):
        from claw.cli.shell.app import main

        main(["note", "--debug"])
    assert state.exists()
