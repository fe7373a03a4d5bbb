"""`claw roll`: output, --vs, --json, --odds, --dice, errors (issue 2, item 6)."""

import json

import pytest

from claw.cli.testing import run


def test_total_on_stdout_breakdown_on_stderr():
    r = run(["roll", "4d6kh3+2", "--dice", "6,1,4,5"])
    assert r.code == 0
    assert r.stdout.strip() == "17"
    assert "4d6kh3" in r.stderr and "= 17" in r.stderr


def test_json_fields():
    r = run(["roll", "3d6+4", "--vs", "12", "--dice", "6,6,1", "--json"])
    data = json.loads(r.stdout)
    assert data["expression"] == "3d6+4"
    assert data["total"] == 17 and data["success"] is True
    assert data["critical"] == "success"
    assert data["dice"][0] == {"term": 0, "sides": 6, "value": 6, "kept": True}


def test_json_successes_and_dropped():
    data = json.loads(run(["roll", "5d6>=4", "--dice", "1,4,6,3,5", "--json"]).stdout)
    assert data["successes"] == 3
    data = json.loads(run(["roll", "2d12kl1", "--dice", "9,4", "--json"]).stdout)
    assert [d["kept"] for d in data["dice"]] == [False, True]


def test_critical_failure_reported_even_when_total_meets_vs():
    r = run(["roll", "3d6+20", "--vs", "12", "--dice", "1,1,6", "--json"])
    data = json.loads(r.stdout)
    assert data["critical"] == "failure" and data["success"] is True


def test_seed_is_deterministic():
    a = run(["roll", "10d12", "--seed", "99", "--json"]).stdout
    b = run(["roll", "10d12", "--seed", "99", "--json"]).stdout
    assert a == b


def test_percentile_digits():
    data = json.loads(run(["roll", "d%", "--dice", "0,0", "--json"]).stdout)
    assert data["total"] == 100 and data["dice"][0]["digits"] == [0, 0]


@pytest.mark.parametrize("expr", ["1000000d6", "d0", "3d", "1d6++"])
def test_absurd_input_exits_2_with_one_line(expr):
    r = run(["roll", expr])
    assert r.code == 2
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_too_few_and_impossible_physical_dice():
    r = run(["roll", "2d6", "--dice", "3"])
    assert r.code == 2 and "not enough dice" in r.stderr
    r = run(["roll", "2d6", "--dice", "3,9"])
    assert r.code == 2 and "impossible value for a d6: 9" in r.stderr
    r = run(["roll", "2d6", "--dice", "3,x"])
    assert r.code == 2 and "'x'" in r.stderr


def test_odds_exact_json():
    data = json.loads(run(["roll", "3d6+4", "--vs", "12", "--odds", "--json"]).stdout)
    assert data["denominator"] == 216
    assert data["vs"]["fraction"] == "181/216"   # 3d6 <= 7 has 35 of 216 outcomes
    assert data["critical"]["success"]["fraction"] == "2/27"
    assert data["mean"]["fraction"] == "29/2"


def test_odds_text():
    r = run(["roll", "2d6", "--odds"])
    assert r.code == 0 and "1/6" in r.stdout and "mean 7" in r.stdout


def test_action_die_from_data_file():
    r = run(["roll", "6dA=cheese", "--odds", "--json"])
    data = json.loads(r.stdout)
    assert data["distribution"][0]["fraction"] == "15625/46656"  # no cheese on six dice: (5/6)^6
