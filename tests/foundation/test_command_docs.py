"""docs/commands/ pages match the game adapters' command specs (regenerate with
`python scripts/gen_command_docs.py`)."""

import importlib.util

import pytest

from tests.paths import ROOT

SCRIPT = ROOT / "scripts" / "gen_command_docs.py"


@pytest.mark.skipif(not SCRIPT.exists(), reason="needs the source tree")
def test_command_pages_are_current():
    spec = importlib.util.spec_from_file_location("gen_command_docs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stale = [p.name for p, text in module.render().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    assert not stale, f"run python scripts/gen_command_docs.py (stale: {', '.join(stale)})"


def test_option_spellings_do_not_clash():
    """A flag several games share has one type everywhere (dispatch merges them)."""
    from claw.cli.shell.dispatch import collect, merged_options

    for _verb, per_game in collect().items():
        merged_options(per_game)
