"""Planted-mistakes files for `claw validate` (one per game, issue 13).

Each line with a planted mistake ends in ``# expect CODE`` or ``# expect CODE:COLUMN``
(several codes separated by spaces). ``check_planted`` runs `claw validate` once and
asserts that every expectation is met at its line (and column) and that nothing else
is reported, so all the mistakes are found in one run at their own positions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from claw.cli.testing import run

EXPECT = re.compile(r"#\s*expect\s+((?:[A-Z]+[0-9]+(?::[0-9]+)?\s*)+)$")


def expectations(path: Path) -> set[tuple[int, str, int | None]]:
    out = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        found = EXPECT.search(line)
        if found:
            for item in found.group(1).split():
                code, _, column = item.partition(":")
                out.add((number, code, int(column) if column else None))
    return out


def check_planted(path: Path, *extra: str, follow: bool = False) -> list[dict]:
    """Run validate on ``path``; returns the diagnostics (json) after the assertions."""
    result = run(["validate", "--format", "json", *([] if follow else ["--no-follow"]), *extra, str(path)])
    report = json.loads(result.stdout)["files"][0]
    found = report["parse_errors"] + report["errors"] + report["warnings"]
    wanted = expectations(path)
    assert len(wanted) >= 8, "a planted file holds at least 8 mistakes"
    got = {(d["line"], d["code"]) for d in found}
    missing = sorted((line, code) for line, code, _ in wanted if (line, code) not in got)
    extra_found = sorted(f"{d['line']}:{d['column']} {d['code']} {d['message']}" for d in found
                         if (d["line"], d["code"]) not in {(w[0], w[1]) for w in wanted})
    assert not missing and not extra_found, f"missing {missing}; not planted: {extra_found}"
    for line, code, column in wanted:
        if column is not None:
            columns = [d["column"] for d in found if (d["line"], d["code"]) == (line, code)]
            assert column in columns, f"line {line} {code}: column {columns}, expected {column}"
    kinds = {d["kind"] for d in found}
    assert {"schema", "rule"} <= kinds, kinds
    return found
