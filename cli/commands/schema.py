"""`claw schema NAME`: print a JSON Schema (for editors and tools)."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    @app.command(name="schema", help="Print the JSON Schema NAME (e.g. scenario-msm); without NAME, list them.")
    def schema_cmd(name: Annotated[str | None, typer.Argument(metavar="NAME")] = None) -> None:
        import json

        from claw.cli.content import load_schema, schema_names
        from claw.cli.output import Output

        output = Output()
        names = schema_names()
        if name is None:
            output.emit("\n".join(names))
            raise typer.Exit(0)
        if name.endswith(".json"):
            name = name[:-5]
        if name not in names:
            from claw.cli.suggest import hint

            near = hint(name, names, show_all=0)
            output.error(f"no schema named {name!r}; " + (near or f"try: {', '.join(names)}"))
            raise typer.Exit(2)
        output.out.write_json(json.dumps(load_schema(name), indent=2, ensure_ascii=False))
