"""`claw validate FILE...`: every problem in every file, as FILE:LINE:COLUMN: message."""

from __future__ import annotations

from claw.core.errors import quoted


def run(files: list[str], fmt: str, strict: bool, ignore: list[str], follow: bool, output) -> int:
    from claw.cli.validation.diagnostics import check_file
    from claw.cli.validation.reporters import FORMATS, render
    from claw.core.errors import UsageError

    if fmt not in FORMATS:
        raise UsageError(f"--format must be one of {', '.join(FORMATS)}: {quoted(fmt)}")
    import os

    codes = frozenset(c.strip().upper() for item in ignore for c in item.split(",") if c.strip())
    _known_codes(codes)
    seen = {os.path.realpath(p) for p in files if p != "-"}  # a named file given too is reported once
    reports = []
    followed: dict[str, list[str]] = {}  # file given → the files it named that were checked too
    for path in files:
        # a repeated key is one problem among the others here; every other command refuses the file
        report = check_file(path, ignore=codes, follow=follow, seen=seen, duplicates="report")
        reports += [report] + report.followed
        if report.followed:
            followed[report.file] = [r.file for r in report.followed]
    text = render(fmt, reports, strict)
    if fmt in ("json", "sarif"):
        output.out.write_json(text)  # exact on narrow encodings (escaped where needed)
    elif text:
        output.out.write_raw(text)
    errors = sum(len(r.errors) for r in reports)
    warnings = sum(len(r.warnings) for r in reports)
    failed = sum(bool(r.errors or (strict and r.warnings)) for r in reports)
    if failed:
        output.say(f"{errors} error(s), {warnings} warning(s) in {failed} of {len(reports)} file(s)"
                   + _followed(followed))
    else:
        from claw.cli.render.text import styled

        more = f", {warnings} warning(s)" if warnings else ""
        output.say(styled("green", "ok") + f": {len(reports)} file(s) valid{more}" + _followed(followed))
    return 3 if failed else 0


def _followed(followed: dict[str, list[str]]) -> str:
    """The files counted that were not given: " (followed from a.yaml: loot.yaml)", so a count
    of 2 for one file typed says where the other came from."""
    if not followed:
        return ""
    return " (" + "; ".join(f"followed from {given}: {', '.join(named)}" for given, named in followed.items()) + ")"


def _known_codes(codes: frozenset) -> None:
    """A mistyped --ignore code would silence nothing while seeming to: refuse it (exit 2)."""
    from claw.cli.render.suggest import hint
    from claw.cli.validation.codes import CODES
    from claw.core.errors import UsageError

    for code in sorted(codes - set(CODES)):
        tip = hint(code, CODES, show_all=0)
        raise UsageError(f"--ignore: no code {code}" + (f"; {tip}" if tip else " (docs/validate.md lists the codes)"))
