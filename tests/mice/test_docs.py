"""docs/rules/mice.md: every function and test the coverage table names exists, and
every numbered rule of every tile has a row."""

import importlib
import re

from tests.paths import ROOT

DOC = (ROOT / "docs/rules/mice.md").read_text()
TABLE = DOC.split("## Rulings")[0]


def test_named_tests_exist():
    for module, name in re.findall(r"`(test_\w+)::(test_\w+|\*)`", TABLE):
        text = (ROOT / "tests/mice" / f"{module}.py").read_text()
        if name != "*":
            assert f"def {name}(" in text, f"{module}::{name}"


def test_named_functions_exist():
    for module, name in re.findall(r"`(\w+)\.(\w+)`", TABLE):
        if module in ("claw", "data", "tiles"):
            continue
        mod = importlib.import_module(f"claw.core.mice.{module}")
        if name != "*":
            assert hasattr(mod, name), f"{module}.{name}"


def test_every_tile_rule_has_a_row(tiles):
    for t in tiles["tiles"]:
        for r in t["rules"]:
            assert f"{t['name']} {r['n']}:" in TABLE, f"{t['name']} {r['n']}"


def test_guide_short_session_runs_as_written():
    """docs/games/mice.md, 'A short session': every line succeeds in order from the
    guide's start (seed 7) and ends with 5 scare points."""
    import json
    import shlex

    from claw.cli.testing import run

    guide = (ROOT / "docs/games/mice.md").read_text()
    block = guide.split("## A short session")[1].split("```sh")[1].split("```")[0]
    r = run(["new", str(ROOT / "examples/mice/ghost-of-castle-andon.yaml"), "--seed", "7"])
    state = r.stdout
    for line in block.strip().splitlines():
        words = shlex.split(line, comments=True)
        assert words[0] == "claw", line
        r = run(words[1:] + ["-s", "-"], stdin=state)
        assert r.code == 0, (line, r.stderr)
        state = r.stdout
    game = json.loads(state)["state"]
    assert game["scare"] == 5 and game["ghost"]["room"] == "dining-hall"
