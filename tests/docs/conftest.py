"""The docs test's tally (pages, blocks, commands run, compared and skipped, with the
reasons) at the end of the run, so the count is in every CI log."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter):
    import sys

    module = sys.modules.get(__package__ + ".test_docs_run")
    TALLY = getattr(module, "TALLY", None)
    if not TALLY:
        return
    w = terminalreporter
    total = {k: sum(t[k] for t in TALLY.values()) for k in ("blocks", "commands", "ran", "compared")}
    skipped = [(page, line, why) for page, t in TALLY.items() for line, why in t["skipped"]]
    adapted = [(page, line, why) for page, t in TALLY.items() for line, why in t["adapted"]]
    from tests.paths import ROOT

    from .pages import pages

    w.section("docs are tests")
    w.line(f"{len(pages(ROOT))} pages read, {len(TALLY)} with commands: {total['blocks']} shell blocks, "
           f"{total['commands']} commands: "
           f"{total['ran']} ran ({total['compared']} with the output the page shows compared), "
           f"{len(skipped)} not run, {len(adapted)} run adapted")
    for page, line, why in skipped:
        w.line(f"  not run  {page}:{line}: {why}")
    for page, line, why in adapted:
        w.line(f"  adapted  {page}:{line}: {why}")
