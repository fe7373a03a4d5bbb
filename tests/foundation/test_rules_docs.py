"""The rules docs stay honest: every test a coverage table names exists, and every game
has its coverage table and rulings."""

import re

import pytest

from tests.paths import ROOT

DOCS = ROOT / "docs" / "rules"
GAMES = ["msm", "ratcatcher", "warriors", "mice"]


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        names |= set(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
        names.add(path.stem)
    return names


@pytest.mark.skipif(not DOCS.exists(), reason="needs the source tree")
@pytest.mark.parametrize("game", GAMES)
def test_rules_doc_names_only_real_tests(game):
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    named = set(re.findall(r"\b(test_\w*[a-z0-9])\b", text))
    missing = sorted(named - _test_names())
    assert not missing, f"docs/rules/{game}.md names tests that do not exist: {missing}"


@pytest.mark.skipif(not DOCS.exists(), reason="needs the source tree")
@pytest.mark.parametrize("game", GAMES)
def test_rules_doc_has_coverage_and_rulings(game):
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    assert re.search(r"^#+ .*Coverage", text, re.M | re.I)
    assert re.search(r"^#+ .*Rulings", text, re.M | re.I)
    assert text.count("\n|") > 20  # a real table, not a placeholder
