"""docs/rules/mice.md: every function and test the coverage table names exists, and
every numbered rule of every tile has a row."""

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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
