"""The YAML test suite as the reference for YAML 1.2 (issue 11 item 3).

Every stream of the suite is vendored under tests/corpora/yaml-test-suite (MIT). A valid
stream (no ``.error`` file) must load, or be refused for a claw reason — aliases, tags,
keys that are not plain text, more than one document, non-finite numbers — with a
position; an invalid one must be refused with a position. Before, 36 valid streams were
refused as syntax errors (tabs, multi-line flow keys, block scalars), 3 crashed (complex
key: TypeError, ``%YAML 1.3``: AssertionError, a comment: NotImplementedError) and 9
invalid ones were read as data.
"""

import re
from pathlib import Path

import pytest

from claw.cli.testing import run
from claw.cli.validation.diagnostics import check_file
from tests.paths import ROOT

SUITE = ROOT / "tests" / "corpora" / "yaml-test-suite"
STREAMS = sorted(p.stem for p in SUITE.glob("*.yaml"))
CLAW_REASONS = ("YAML aliases are not allowed", "YAML tag not allowed", "more than one YAML document",
                "claw files need plain text keys", "duplicate key", "not a finite number")


def _invalid(stream: str) -> bool:
    return (SUITE / f"{stream}.error").exists()


def _in_bounds(path: Path, line: int, column: int) -> bool:
    lines = path.read_text(encoding="utf-8").split("\n")
    return 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1


def test_the_whole_suite_is_vendored():
    assert (SUITE / "LICENSE").read_text().startswith("MIT License")
    assert len(STREAMS) == 402 and sum(map(_invalid, STREAMS)) == 94


@pytest.mark.parametrize("stream", STREAMS)
def test_stream_reads_as_the_spec_says(stream):
    path = SUITE / f"{stream}.yaml"
    report = check_file(str(path))
    parse = [d for d in report.diagnostics if d.kind == "parse"]
    if _invalid(stream):
        assert len(parse) == 1, f"invalid YAML read as data: {report.diagnostics}"
    else:
        assert all(any(reason in d.message for reason in CLAW_REASONS) for d in parse), parse
    for d in report.diagnostics:
        assert _in_bounds(path, d.line, d.column), d


@pytest.mark.parametrize("stream", STREAMS)
def test_claw_validate_gives_exit_3_and_a_position(stream):
    """None of the streams is a claw file: every one is exit 3, FILE:LINE:COL, no crash."""
    path = SUITE / f"{stream}.yaml"
    r = run(["validate", str(path)])
    assert r.code == 3, r
    first = r.stdout.splitlines()[0]
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: \S", first), first
    assert "Traceback" not in r.stdout + r.stderr and "internal error" not in r.stderr
