"""The docs are tests (issue 25): every shell block of README.md, CONTRIBUTING.md, docs/ and
the examples' READMEs, each page's blocks in page order in one shell, in a fresh copy of
the examples, with the output each page shows compared with what claw prints.

The conventions a page follows are in tests/docs/pages.py (and CONTRIBUTING.md). Install
commands are not run: the claw under test is already installed (pages.POLICY); each one
is counted as skipped, with the reason, in the tally printed at the end of the run.
"""

from __future__ import annotations

import pytest

from tests.paths import ROOT

from .page_shell import Outcome, problems, replay
from .pages import Block, blocks, pages

# Pages that do not run as written yet, and why; each is fixed by fixing the page (not
# the test), and the entry goes. xfail(strict): a page that runs again fails until its
# entry is removed.
KNOWN_FAILING: dict[str, str] = {}

TALLY: dict[str, dict] = {}   # page -> counts, printed by conftest.py's terminal summary

def _runnable() -> list[str]:
    def has_blocks(page: str) -> bool:
        try:
            return bool(blocks(ROOT, page))
        except ValueError:   # a malformed page fails its test, not the collection
            return True
    return [p for p in pages(ROOT) if has_blocks(p)]

def _param(page: str):
    marks = [pytest.mark.xfail(strict=True, reason=KNOWN_FAILING[page])] if page in KNOWN_FAILING else []
    return pytest.param(page, marks=marks, id=page)

def _count(page: str, page_blocks: list[Block], outcomes: list[Outcome]) -> None:
    commands = [c for b in page_blocks for c in b.commands]
    TALLY[page] = {
        "blocks": len(page_blocks),
        "commands": len(commands),
        "ran": len(outcomes),
        "compared": sum(o.command.compared for o in outcomes),
        "skipped": [(c.line, c.skip) for c in commands if c.skip],
        "adapted": [(c.line, c.adapted) for c in commands if c.adapted],
    }

@pytest.mark.parametrize("page", [_param(p) for p in _runnable()])
def test_page_runs_as_written(page, tmp_path):
    page_blocks = blocks(ROOT, page)
    outcomes = replay(ROOT, page_blocks, tmp_path)
    _count(page, page_blocks, outcomes)
    report = []
    for o in outcomes:
        found = problems(o)
        if found:
            report.append(f"{page}:{o.command.line}: $ {o.command.text}")
            report += ["    " + f for f in found]
    assert not report, "\n" + "\n".join(report)

def test_every_page_is_read():
    """Every page with a block of commands is run (an untagged one is refused by blocks())."""
    names = pages(ROOT)
    assert {"README.md", "CONTRIBUTING.md", "docs/play.md", "docs/games/warriors.md"} <= set(names)
    for name in names:
        blocks(ROOT, name)
    assert set(KNOWN_FAILING) <= set(_runnable())
