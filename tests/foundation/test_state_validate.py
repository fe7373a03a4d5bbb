"""Issue 10 items 5 (bounded stdin) and 6: `claw validate STATE` runs exactly the checks a
command runs when it reads that state, so the two accept the same states."""

import json
import sys

import pytest

from claw.cli.store.statefile import VERSION
from claw.cli.testing import run
from tests.paths import ROOT


@pytest.fixture(scope="module")
def msm_state(tmp_path_factory):
    path = tmp_path_factory.mktemp("msm") / "game.json"
    r = run(["new", str(ROOT / "examples" / "msm" / "scenario-1.yaml"), "--seed", "7", "-o", str(path)])
    assert r.code == 0, r.stderr
    return json.loads(path.read_text())


def _broken(envelope, change):
    data = json.loads(json.dumps(envelope))
    change(data)
    return data


def _share_square(data):
    figures = data["state"]["figures"]
    first, second = list(figures)[:2]
    figures[second]["square"] = figures[first]["square"]


CASES = {
    "future version": lambda d: d.update(version=VERSION + 1),
    "msm figure on Z99": lambda d: d["state"]["figures"]["guy"].update(square="Z99"),
    "two figures on one square (only roaches stack)": _share_square,
    "broken map": lambda d: d["state"]["map"]["rows"].__setitem__(3, ".."),
}


@pytest.mark.parametrize("case", list(CASES))
def test_validate_refuses_what_every_command_refuses(msm_state, tmp_path, case):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_broken(msm_state, CASES[case])))
    checked = run(["validate", str(path)])
    assert checked.code == 3, (case, checked.stdout)
    for command in (["note", "x"], ["show"], ["log"]):
        r = run([*command, "-s", str(path)])
        assert r.code == 3, (case, command, r.stderr)


def test_validate_accepts_what_commands_accept(msm_state, tmp_path):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(msm_state))
    assert run(["validate", str(path)]).code == 0
    assert run(["note", "fine", "-s", str(path)]).code == 0


def test_msm_state_check_points_at_the_figure(msm_state, tmp_path):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_broken(msm_state, CASES["msm figure on Z99"]), indent=1))
    r = run(["validate", str(path)])
    assert "state.figures.guy.square" in r.stdout and "off the 16x12 map" in r.stdout


def test_validate_stdin_read_is_bounded(monkeypatch):
    """`claw validate - < /dev/zero` once grew to 24 GB: the read now stops at the cap."""
    from claw.cli.validation import diagnostics

    class Endless:
        asked: list = []

        def read(self, n=-1):
            assert n is not None and n >= 0, "an unbounded read of stdin"
            self.asked.append(n)
            return "\0" * n

        def isatty(self):
            return False

    monkeypatch.setattr(diagnostics, "MAX_STATE_BYTES", 4096)
    monkeypatch.setattr(sys, "stdin", Endless())
    from claw.cli.shell.app import main

    with pytest.raises(SystemExit) as exit_:
        main(["validate", "-"])
    assert exit_.value.code == 3
    assert Endless.asked == [4097]


def test_validate_reads_what_the_commands_read_up_to_the_one_cap(tmp_path):
    """Issue 10 items 5 and 6: a state past the YAML parser's 4 MiB cap but inside the
    state cap is read by every command, so `validate` (file, and stdin) accepts it too."""
    import json

    from claw.cli.testing import run

    path = tmp_path / "big.json"
    made = run(["new", "examples/mice/ghost-of-castle-andon.yaml", "--seed", "1"])
    assert made.code == 0, made.stderr
    state = json.loads(made.stdout)
    state["log"].append({"seq": len(state["log"]) + 1, "command": "note",
                         "events": [{"type": "note", "text": "x" * (5 * 1024 * 1024)}]})
    path.write_text(json.dumps(state, indent=1) + "\n")
    assert run(["log", "-s", str(path)]).code == 0
    assert run(["validate", str(path)]).code == 0
    assert run(["validate", "-"], stdin=path.read_text()).code == 0
