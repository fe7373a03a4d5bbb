"""`claw validate FILE...`: every problem in every file, as FILE:LINE:COLUMN: message."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    @app.command(name="validate", help="Check scenario, character, campaign, data and state files "
                 "(schema and rule-level errors, each with FILE:LINE:COLUMN). Exit 3 if any error.")
    def validate_cmd(
        files: Annotated[list[str], typer.Argument(metavar="FILE...", help="YAML or JSON files; '-' for stdin.")],
        fmt: Annotated[str, typer.Option("--format", help="text, json or github")] = "text",
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No summary line.")] = False,
    ) -> None:
        from claw.cli.diagnostics import check_document, check_file, render_github, render_json, render_text
        from claw.cli.output import Output

        output = Output(quiet=quiet)
        if fmt not in ("text", "json", "github"):
            output.error(f"--format must be text, json or github: {fmt!r}")
            raise typer.Exit(2)
        reports = []
        for path in files:
            if path == "-":
                from claw.cli.statefile import stdin_text
                from claw.core.errors import InvalidInput

                try:
                    text = stdin_text()  # bounded: `claw validate - < /dev/zero` stops at the cap
                except InvalidInput as exc:
                    output.error(str(exc))
                    raise typer.Exit(3) from None
                reports.append(check_document("<stdin>", text))
            else:
                reports.append(check_file(path))
        if fmt == "json":
            output.out.write_json(render_json(reports))
        else:
            lines = render_text(reports) if fmt == "text" else render_github(reports)
            if lines:
                output.out.write_raw("\n".join(lines))
        bad = sum(not r.ok for r in reports)
        count = sum(len(r.diagnostics) for r in reports)
        if bad:
            output.say(f"{count} problem(s) in {bad} of {len(reports)} file(s)")
        else:
            from claw.cli.text import styled

            output.say(styled("green", "ok") + f": {len(reports)} file(s) valid")
        raise typer.Exit(3 if bad else 0)
