"""Issue 11: one document per stream, and output that never fails on an encoding.

docs/conventions.md ("One document per stream", "Encodings").
"""

import io
import json
import os
import subprocess
import sys

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

S2 = str(ROOT / "examples/msm/scenario-2.yaml")
EXAMPLES = {
    "msm": [ROOT / "examples/msm/scenario-1.yaml"],
    "mice": [ROOT / "examples/mice/ghost-of-castle-andon.yaml"],
    "ratcatcher": [ROOT / "examples/ratcatcher/first-game.yaml"],
    "warriors": [ROOT / f"examples/warriors/{n}.yaml" for n in ("emberpaw", "reedwhisker", "bramble")],
}


def ok(args, stdin=None):
    r = run(args, stdin=stdin)
    assert r.code == 0, r.stderr
    return r


@pytest.fixture
def cats_turn(tmp_path):
    """msm scenario 2 at the cats' turn with rat-3 next to Nera (so she can attack it)."""
    state = tmp_path / "s.json"
    state.write_text(ok(["new", S2, "--seed", "3"]).stdout)
    ok(["scenario-step", "-s", str(state), "-i", "--dice", "12,1"])
    doc = json.loads(state.read_text())
    doc["state"]["figures"]["rat-3"]["square"] = "A2"
    state.write_text(json.dumps(doc))
    return state


# -- one document per stream --------------------------------------------------------------------

def test_json_result_and_state_never_share_stdout(cats_turn):
    """`claw attack … --json | claw show` failed with "Extra data" (result, then state).
    Now refused up front: exit 2, a hint, nothing on stdout, the state file unchanged."""
    before = cats_turn.read_bytes()
    r = run(["attack", "nera", "rat-3", "-s", str(cats_turn), "--json", "--dice", "12"])
    assert r.code == 2 and r.stdout == ""
    lines = r.stderr.splitlines()
    assert lines[0].startswith("claw: --json") and lines[1].startswith("hint: add -i")
    assert "attacks" not in r.stderr  # the refused action is not narrated
    assert cats_turn.read_bytes() == before
    piped = run(["show"], stdin=r.stdout)
    assert piped.code == 3  # the next stage gets no state, not a half-document


def test_json_result_on_stdout_when_the_state_goes_to_a_file(cats_turn, tmp_path):
    out = tmp_path / "after.json"
    r = ok(["attack", "nera", "rat-3", "-s", str(cats_turn), "--json", "--dice", "12", "-o", str(out)])
    result = json.loads(r.stdout)  # exactly one document
    assert result["attacker"] == "nera" and result["target"] == "rat-3"
    assert json.loads(out.read_text())["format"] == "claw-state"
    r = ok(["attack", "nera", "rat-3", "-s", str(cats_turn), "--json", "--dice", "1", "-i"])
    assert json.loads(r.stdout)["game"] == "msm"


def test_json_to_stdout_twice_is_refused_with_o_dash(cats_turn):
    r = run(["attack", "nera", "rat-3", "-s", str(cats_turn), "--json", "--dice", "12", "-o", "-"])
    assert r.code == 2 and r.stdout == ""


def test_json_query_on_a_piped_state_still_answers(cats_turn):
    """--odds --json is a query: the state is read, not written, so stdout is the answer."""
    r = ok(["attack", "nera", "rat-3", "--odds", "--json"], stdin=cats_turn.read_text())
    assert isinstance(json.loads(r.stdout), dict)


def test_rendered_text_moves_to_stderr_when_the_state_takes_stdout(tmp_path):
    """A state-changing handler that prints text: with the state on stdout, the text goes
    to stderr so stdout is exactly one state."""
    from claw.cli.framework.runner import Common, run_state_command
    from claw.cli.render.output import Output

    state = tmp_path / "g.json"
    state.write_text(ok(["new", str(EXAMPLES["msm"][0]), "--seed", "1"]).stdout)

    def handler(call):
        call.out("a verdict line")
        call.event("note", "noted", note="x")

    out, err = io.StringIO(), io.StringIO()
    code = run_state_command(command="note", args=["x"], opts={}, common=Common(state=str(state)),
                             handler=handler, needs_state=True, changes_state=True, output=Output(out, err))
    assert code == 0
    assert json.loads(out.getvalue())["log"][-1]["events"][0]["text"] == "noted"
    assert "a verdict line" in err.getvalue()


# -- encodings ----------------------------------------------------------------------------------

def _claw(args, encoding, stdin=None):
    env = {k: v for k, v in os.environ.items() if k not in ("CLAW_STATE", "FORCE_COLOR")}
    env.update({"PYTHONIOENCODING": encoding, "NO_COLOR": "1"})
    return subprocess.run([sys.executable, "-c", "from claw.cli.shell.app import main; main()", *args],
                          input=stdin, capture_output=True, env=env, timeout=60)


@pytest.fixture(scope="module")
def example_states(tmp_path_factory):
    folder = tmp_path_factory.mktemp("states")
    states = {}
    for game, files in EXAMPLES.items():
        r = run(["new", *map(str, files), "--seed", "7"])
        assert r.code == 0, r.stderr
        states[game] = folder / f"{game}.json"
        states[game].write_text(r.stdout, encoding="utf-8")
    return states


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_show_on_a_narrow_encoding(example_states, game, encoding):
    """`PYTHONIOENCODING=cp1252 claw show` failed on the wall glyph ‖ (exit 1)."""
    r = _claw(["show", "-s", str(example_states[game])], encoding)
    assert r.returncode == 0, r.stderr.decode("utf-8", "replace")
    text = r.stdout.decode(encoding)  # strict: every byte is in the stream's encoding
    assert text.strip() and b"Traceback" not in r.stderr
    if game == "msm":
        assert "‖" not in text and ("|" in text)
        if encoding == "ascii":
            assert "Detestable" in text  # é without its accent, not a crash


def test_state_on_an_ascii_stdout_is_exact(example_states):
    """A state written to a stream that cannot carry its characters is escaped JSON: no loss."""
    source = example_states["msm"]
    r = _claw(["note", "-s", str(source), "Détestable ‖ → ok"], "ascii")
    assert r.returncode == 0, r.stderr
    r.stdout.decode("ascii")
    doc = json.loads(r.stdout)
    assert doc["log"][-1]["events"][0]["note"] == "Détestable ‖ → ok"
    assert "note: Detestable | -> ok" in r.stderr.decode("ascii")


def test_die_faces_and_arrows_on_ascii():
    r = _claw(["roll", "6dA=cheese", "--seed", "2"], "ascii")
    assert r.returncode == 0 and "->" in r.stderr.decode("ascii")


def test_fit_uses_ascii_stand_ins():
    from claw.cli.render.output import fit, fit_json

    assert fit("A ‖ B → C — é", "ascii") == "A | B -> C -- e"
    assert fit("A ‖ B", "utf-8") == "A ‖ B" and fit("x", None) == "x"
    assert fit("\U0001f400 rat", "cp1252") == "? rat"
    assert json.loads(fit_json('{"a": "‖ \U0001f400"}', "ascii")) == {"a": "‖ \U0001f400"}
