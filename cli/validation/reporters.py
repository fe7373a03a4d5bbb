"""`claw validate` output formats: text (FILE:LINE:COL: message), json, github, sarif."""

from __future__ import annotations

import json
from dataclasses import asdict

FORMATS = ("text", "json", "github", "sarif")
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def render(fmt: str, reports: list, strict: bool = False) -> str:
    return {"text": render_text, "json": render_json, "github": render_github,
            "sarif": render_sarif}[fmt](reports, strict)


def render_text(reports: list, strict: bool = False) -> str:
    return "\n".join(d.text() for r in reports for d in r.diagnostics)


def render_json(reports: list, strict: bool = False) -> str:
    files = []
    for r in reports:
        bad = bool(r.errors or (strict and r.warnings))
        files.append({
            "file": r.file,
            "schema": r.schema,
            "status": "invalid" if bad else ("warnings" if r.warnings else "ok"),
            "parse_errors": [asdict(d) for d in r.diagnostics if d.kind == "parse"],
            "errors": [asdict(d) for d in r.errors if d.kind != "parse"],
            "warnings": [asdict(d) for d in r.warnings],
        })
    status = "invalid" if any(f["status"] == "invalid" for f in files) else "ok"
    return json.dumps({"status": status, "files": files}, ensure_ascii=False, indent=2)


def _escape_github(text: str, *, prop: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def render_github(reports: list, strict: bool = False) -> str:
    lines = []
    for r in reports:
        for d in r.diagnostics:
            level = "error" if d.severity == "error" or strict else "warning"
            lines.append(f"::{level} file={_escape_github(d.file, prop=True)},line={d.line},col={d.column},"
                         f"title={_escape_github(d.code, prop=True)}::{_escape_github(d.message)}")
    return "\n".join(lines)


def render_sarif(reports: list, strict: bool = False) -> str:
    """SARIF 2.1.0: one run, claw's codes as rules, one result per diagnostic."""
    from pathlib import Path

    from claw.cli.validation.codes import summary

    used = sorted({d.code for r in reports for d in r.diagnostics})
    rules = [{"id": code, "shortDescription": {"text": summary(code) or code}} for code in used]
    index = {code: i for i, code in enumerate(used)}
    results = []
    for r in reports:
        for d in r.diagnostics:
            path = Path(d.file)  # relative paths stay relative (code scanning wants them from the repo root)
            uri = d.file if d.file == "<stdin>" else (path.as_uri() if path.is_absolute() else path.as_posix())
            results.append({
                "ruleId": d.code, "ruleIndex": index[d.code],
                "level": "error" if d.severity == "error" or strict else "warning",
                "message": {"text": d.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": {"startLine": d.line, "startColumn": d.column}}}],
            })
    from claw import __version__

    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "claw", "version": __version__, "rules": rules}},
        "results": results,
    }]}
    return json.dumps(log, ensure_ascii=False, indent=2)
