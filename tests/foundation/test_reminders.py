"""Round reminders in scenario files (issue 23 item 9): validated (a round past the round
track is MSM116), carried into the state by `claw new`, said by `scenario-step` on the
right rounds (msm's round: initiative, two turns, end segment; the Ratcatcher's: its turn
and the rats'), and listed for the round in hand by ``due_reminders``."""

from __future__ import annotations

import json
import shutil

import pytest

from claw.cli.testing import run
from claw.core import reminders
from tests.paths import EXAMPLES

MSM_REMINDERS = """reminders:
  - {round: 4, when: start, text: The Brown enters on S4 this round.}
  - {every: 2, from: 3, text: Check the cellar door.}
  - {round: 2, when: end, text: Flip the lantern card.}
"""


def _msm(tmp_path, extra: str = MSM_REMINDERS) -> str:
    for name in ("scenario-2.yaml", "loot-illustrative.yaml"):
        shutil.copy(EXAMPLES / "msm" / name, tmp_path / name)
    path = tmp_path / "scenario-2.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("round_track:", extra + "round_track:", 1),
                    encoding="utf-8")
    return str(path)


def _said(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("Reminder, ")]


def test_a_scenario_with_reminders_validates(tmp_path):
    r = run(["validate", _msm(tmp_path)])
    assert r.code == 0, r.stdout + r.stderr


def test_a_reminder_past_the_round_track_is_refused_with_its_code(tmp_path):
    """Scenario 2's round track has 8 spaces: a reminder for round 9 (or one repeating
    from round 9) is an error, MSM116, at the reminder's round."""
    path = _msm(tmp_path, "reminders:\n  - {round: 9, text: Too late.}\n  - {every: 3, from: 12, text: Never.}\n")
    r = run(["validate", path])
    out = r.stdout + r.stderr
    assert r.code == 3
    assert out.count("[MSM116]") == 2 and "reminder is for round 9, but the round track has 8 rounds" in out
    assert run(["new", path, "--seed", "1"]).code == 3   # nothing starts from such a file


def test_the_schema_refuses_a_reminder_with_a_round_and_a_repeat(tmp_path):
    r = run(["validate", _msm(tmp_path, "reminders:\n  - {round: 2, every: 2, text: Both.}\n")])
    assert r.code == 3


def test_msm_scenario_step_says_each_reminder_on_its_round(tmp_path):
    """The start of round r is its initiative; its end is the end segment."""
    new = run(["new", _msm(tmp_path), "--seed", "7", "-q"])
    assert new.code == 0, new.stderr
    assert new.state["state"]["reminders"][1] == {"when": "start", "text": "Check the cellar door.",
                                                  "every": 2, "from": 3}
    text = new.stdout
    said: list[tuple[int, list[str]]] = []
    for _ in range(22):   # rounds 1..5 (initiative, cats, rats, end), and round 6's initiative
        r = run(["scenario-step", "-s", "-"], stdin=text)
        assert r.code == 0, r.stderr
        text = r.stdout
        said.append((json.loads(text)["state"]["round"]["number"], _said(r.stderr)))
    flat = [line for _, lines in said for line in lines]
    assert flat == ["Reminder, end of round 2: Flip the lantern card.",
                    "Reminder, start of round 3: Check the cellar door.",
                    "Reminder, start of round 4: The Brown enters on S4 this round.",
                    "Reminder, start of round 5: Check the cellar door."]
    events = [e for entry in json.loads(text)["log"] for e in entry["events"] if e["type"] == "reminder"]
    assert [(e["round"], e["when"]) for e in events] == [(2, "end"), (3, "start"), (4, "start"), (5, "start")]


def test_the_ratcatcher_says_round_one_at_set_up_and_the_next_when_the_rats_turn_ends(tmp_path):
    folder = tmp_path / "rc"
    shutil.copytree(EXAMPLES / "ratcatcher", folder)
    path = folder / "first-game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "reminders:\n  - {round: 1, text: Place the lure.}\n"
                    "  - {every: 2, when: end, text: Count the cheese.}\n", encoding="utf-8")
    assert run(["validate", str(path)]).code == 0
    new = run(["new", str(path), "--seed", "3"])
    assert new.code == 0, new.stderr
    assert _said(new.stderr) == ["Reminder, start of round 1: Place the lure."]
    r1 = run(["scenario-step", "-s", "-"], stdin=new.stdout)
    assert r1.code == 0 and _said(r1.stderr) == []
    r2 = run(["scenario-step", "-s", "-"], stdin=r1.stdout)
    if json.loads(r2.stdout)["state"].get("outcome"):
        pytest.skip("this seed's game ended in round 2")
    assert _said(r2.stderr) == ["Reminder, end of round 2: Count the cheese."]


def test_due_reminders_lists_the_round_in_hand():
    state = {"round": {"number": 3}, "phase": "cats",
             "reminders": reminders.normalised([{"every": 2, "from": 3, "text": "door"},
                                                {"round": 3, "when": "end", "text": "lantern"},
                                                {"round": 4, "text": "brown"}])}
    assert reminders.due_reminders("msm", state) == [{"round": 3, "when": "start", "text": "door"},
                                                     {"round": 3, "when": "end", "text": "lantern"}]
    assert reminders.due_reminders("msm", dict(state, outcome={"result": "victory"})) == []
    assert reminders.due_reminders("mice", state) == []
    assert reminders.due_reminders("ratcatcher", {"round": 4, "reminders": state["reminders"]}) == [
        {"round": 4, "when": "start", "text": "brown"}]


@pytest.mark.parametrize("reminder,rounds", [
    ({"round": 4, "text": "x"}, [4]),
    ({"every": 2, "from": 3, "text": "x"}, [3, 5, 7, 9]),
    ({"every": 3, "text": "x"}, [3, 6, 9]),
])
def test_which_rounds_a_reminder_is_for(reminder, rounds):
    (item,) = reminders.normalised([reminder])
    assert [n for n in range(1, 10) if reminders.applies(item, n)] == rounds


def test_the_sessions_status_line_shows_the_reminders_due(tmp_path):
    """issue 23 item 9: `claw play`'s status line names the round's reminders."""
    from claw.cli.session.engine import Session
    from claw.cli.session.screen import reminders_due

    session = Session(None)
    extra = "reminders:\n  - {round: 1, when: start, text: Place the lure.}\n"
    assert session.run_words(["new", _msm(tmp_path, extra), "--seed", "7"]) == 0
    assert session.run_words(["scenario-step"]) == 0  # round 1 starts with its initiative
    assert reminders_due(session) == ["Place the lure."]
