"""Issue 15 item 3 in Warriors: `claw adjust CAT diseases=…` sets what the GM rules the cat
has (Disease and Injuries: a disease is caught on a day, which its deadline counts from).
The key was offered but every value was refused by the state schema."""

from claw.cli.testing import run
from tests.table import adjust_round_trip, load, new


def _party(tmp_path):
    return new(tmp_path, "warriors/emberpaw.yaml", "warriors/cinderpelt.yaml", "--seed", "7")


def test_a_disease_set_by_hand_is_caught_today(tmp_path):
    path = _party(tmp_path)
    day = load(path)["state"]["day"]
    res = run(["adjust", "emberpaw", "diseases=greencough", "--reason", "the GM says so", "-s", str(path), "-i"])
    assert res.code == 0, res.stderr
    assert load(path)["state"]["cats"]["emberpaw"]["diseases"] == [{"id": "greencough", "day": day}]


def test_a_disease_kept_keeps_its_day_and_none_clears_them(tmp_path):
    path = _party(tmp_path)
    before = load(path)["state"]["cats"]["cinderpelt"]["diseases"]
    assert before and before[0]["id"] == "greencough"
    res = run(["adjust", "cinderpelt", f"diseases=whitecough,{before[0]['id']}", "--reason", "r",
               "-s", str(path), "-i"])
    assert res.code == 0, res.stderr
    after = load(path)["state"]["cats"]["cinderpelt"]["diseases"]
    assert after[1] == before[0] and after[0]["id"] == "whitecough"
    assert run(["adjust", "cinderpelt", "diseases=none", "--reason", "cured", "-s", str(path), "-i"]).code == 0
    assert load(path)["state"]["cats"]["cinderpelt"]["diseases"] == []


def test_an_unknown_disease_is_refused_and_nothing_changes(tmp_path):
    path = _party(tmp_path)
    before = path.read_bytes()
    res = run(["adjust", "emberpaw", "diseases=plague", "--reason", "r", "-s", str(path), "-i"])
    assert res.code in (2, 3, 4) and "plague" in res.stderr and "not of type" not in res.stderr, res.stderr
    assert path.read_bytes() == before
    res = run(["adjust", "emberpaw", "diseases=greencough,greencough", "--reason", "r", "-s", str(path), "-i"])
    assert res.code == 2 and "once" in res.stderr and path.read_bytes() == before


def test_a_disease_correction_is_undone_exactly(tmp_path):
    adjust_round_trip(_party(tmp_path), "emberpaw", "diseases=greencough")
