"""Where the tests find the repository's files: one place, so a moved folder is one edit."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli"
CORE = ROOT / "core"
SCHEMAS = ROOT / "schemas"
DATA = ROOT / "data"
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"
RULES = ROOT.parent / "shared" / "rules"  # the rulebooks, beside the project in this workspace
CORPORA = ROOT / "tests" / "corpora"
