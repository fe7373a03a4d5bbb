"""Conventions, One document per stream: a state-changing command with --json and the
state going to -o/-i prints a JSON result on stdout. Commands without a result of their
own answer with their events (what `claw log` keeps), so --json is never an option that
does nothing (issue 14 items 4 and 18: an ignored option is refused or does its job)."""

import json
from pathlib import Path

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

WARRIORS = ROOT / "examples/warriors"


@pytest.fixture
def party(tmp_path) -> Path:
    p = tmp_path / "party.json"
    r = run(["new", str(WARRIORS / "emberpaw.yaml"), str(WARRIORS / "bramble.yaml"), "--seed", "7", "-o", str(p)])
    assert r.code == 0, r.stderr
    return p


@pytest.mark.parametrize("argv, first", [
    (["hunt", "emberpaw", "vole"], None),
    (["gm", "emberpaw", "--damage", "1", "--reason", "a fall"], "gm-damage"),
    (["fight", "emberpaw", "bramble"], None),
])
def test_json_with_the_state_to_a_file_prints_the_events(party, tmp_path, argv, first):
    out = tmp_path / "next.json"
    r = run(argv + ["-s", str(party), "-o", str(out), "--json"])
    assert r.code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["command"] == argv[0] and data["game"] == "warriors" and data["events"]
    assert all("type" in e for e in data["events"])
    if first:
        assert data["events"][0]["type"] == first
    logged = json.loads(out.read_text())["log"][-1]["events"]
    assert [e["type"] for e in logged] == [e["type"] for e in data["events"]]


def test_json_beside_the_state_on_stdout_is_refused(party):
    before = party.read_bytes()
    r = run(["gm", "emberpaw", "--damage", "1", "-s", str(party), "--json"])
    assert r.code == 2 and "--json" in r.stderr and r.stdout == ""
    assert party.read_bytes() == before
