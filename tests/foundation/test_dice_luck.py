"""Issue 23 item 10: dice statistics from the log (`claw log --dice [--by label]`): counts
per kind of die, the mean against a fair die's, typed against seeded dice, and a warning
when a kind has too few rolls to judge (core/dice_luck.py says what too few is and why).
Hand-made logs with known counts."""

import json
import math

import pytest

from claw.cli.testing import run
from claw.core.dice_luck import PER_FACE, kind_of, luck


def _entry(seq: int, dice: list[tuple[str, int]], typed: bool = False) -> dict:
    entry = {"seq": seq, "command": "attack", "dice": [{"die": d, "value": v} for d, v in dice], "events": []}
    if typed:
        entry["physical_dice"] = True
    return entry


@pytest.mark.parametrize("label, kind", [
    ("rats' initiative d12", ("d12", 1, 12)), ("death roll 2d6 leon", ("d6", 1, 6)),
    ("action die (face 1-6 or name)", ("d6", 1, 6)), ("d100 tens die", ("d100 digit", 0, 9)),
    ("warriors d100 ones digit", ("d100 digit", 0, 9)), ("damage d4 nera", ("d4", 1, 4)),
    ("rat sack token (1..9: brown 1-3, black 4-9)", None), ("shuffle", None), ("policy", None), ("1..6", None),
])
def test_the_kind_of_a_draw_comes_from_its_label(label, kind):
    assert kind_of(label) == kind


def test_counts_means_and_faces_of_a_known_log():
    # 60 d12: every face five times (mean 6.5 exactly); 30 d6, all sixes, typed at the table
    entries = [_entry(1, [("rats' initiative d12", face) for face in range(1, 13)] * 5),
               _entry(2, [("death roll 2d6 leon", 6)] * 30, typed=True),
               _entry(3, [("shuffle", 15), ("rat sack token (1..9: brown 1-9)", 4), ("policy", 0)])]
    stats = luck(entries)
    assert stats["dice"] == 90 and stats["commands"] == 3
    assert stats["not_dice"] == {"policy": 1, "rat sack token": 1}  # the shuffle is not a draw of anything
    d6, d12 = stats["groups"]  # smaller dice first
    assert (d12["kind"], d12["count"], d12["mean"], d12["expected"], d12["z"]) == ("d12", 60, 6.5, 6.5, 0.0)
    assert d12["faces"] == {str(face): 5 for face in range(1, 13)}
    assert d12["seeded"] == {"count": 60, "mean": 6.5} and d12["typed"] == {"count": 0, "mean": None}
    assert not d12["too_few"] and d12["needed"] == 60
    assert (d6["count"], d6["mean"], d6["typed"]["count"], d6["seeded"]["count"]) == (30, 6.0, 30, 0)
    sd = math.sqrt(35 / 12)  # a fair d6's standard deviation
    assert d6["z"] == pytest.approx((6.0 - 3.5) / (sd / math.sqrt(30)))
    assert d6["faces"]["6"] == 30 and d6["faces"]["1"] == 0


def test_too_few_is_under_five_rolls_per_face():
    assert PER_FACE == 5
    almost = luck([_entry(1, [("d6", 3)] * 29)])["groups"][0]
    enough = luck([_entry(1, [("d6", 3)] * 30)])["groups"][0]
    assert (almost["too_few"], enough["too_few"]) == (True, False)
    assert almost["needed"] == 30


def test_by_label_keeps_each_roll_apart():
    entries = [_entry(1, [("cats' initiative d12", 12), ("rats' initiative d12", 1)]),
               _entry(2, [("cats' initiative d12", 10)])]
    by_kind = luck(entries)["groups"]
    assert [(g["group"], g["count"]) for g in by_kind] == [("d12", 3)]
    by_label = {g["group"]: g for g in luck(entries, by_label=True)["groups"]}
    assert by_label["cats' initiative d12"]["mean"] == 11 and by_label["rats' initiative d12"]["mean"] == 1
    assert by_label["cats' initiative d12"]["kind"] == "d12"


def test_an_impossible_value_is_not_counted_as_that_die():
    stats = luck([_entry(1, [("d6", 9), ("d6", 2)])])
    assert stats["groups"][0]["count"] == 1 and stats["not_dice"] == {"d6": 1}


def _state(tmp_path, entries) -> str:
    from claw.cli.store.statefile import new_envelope

    envelope = new_envelope("mice", 5)
    envelope["log"] = entries
    path = tmp_path / "game.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")
    return str(path)


def test_claw_log_dice_prints_the_known_counts(bare_state, tmp_path):
    path = _state(tmp_path, [_entry(1, [("rats' initiative d12", face) for face in range(1, 13)] * 5),
                             _entry(2, [("death roll 2d6 leon", 6)] * 3, typed=True)])
    r = run(["log", "--dice", "-s", path])
    assert r.code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Dice in the log: 63 over 2 command(s) (60 seeded, 3 typed)."
    assert "d12: 60 rolled, mean 6.50 (a fair d12: 6.50; z = +0.00)" in lines
    assert "    seeded 0; typed 3, mean 6.00" in lines
    assert lines[-1].startswith("warning: too few rolls of d6 to judge (3; 30 needed, 5 per face)")
    assert not any("too few rolls of d12" in line for line in lines)


def test_claw_log_dice_json_and_by_label(bare_state, tmp_path):
    path = _state(tmp_path, [_entry(1, [("cats' initiative d12", 12), ("rats' initiative d12", 1)])])
    r = run(["log", "--dice", "--by", "label", "--json", "-s", path])
    assert r.code == 0, r.stderr
    data = json.loads(r.stdout)
    assert [(g["group"], g["count"], g["mean"]) for g in data["groups"]] == [
        ("cats' initiative d12", 1, 12), ("rats' initiative d12", 1, 1)]
    assert all(g["too_few"] for g in data["groups"])


def test_claw_log_dice_refusals(bare_state, tmp_path):
    path = _state(tmp_path, [])
    assert run(["log", "--dice", "-s", path]).stdout == "No dice in the log (0 command(s)).\n"
    assert run(["log", "--by", "label", "-s", path]).code == 2
    r = run(["log", "--dice", "--by", "die", "-s", path])
    assert r.code == 2 and "--by takes kind or label" in r.stderr
