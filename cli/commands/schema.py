"""`claw schema NAME`: print a self-contained JSON Schema (for editors and tools)."""

from __future__ import annotations

from claw.core.errors import quoted


def run(name: str | None, folder: str | None, output) -> int:
    import json

    from claw.cli.formats.content import schema_names
    from claw.cli.validation.bundle import bundle
    from claw.core.errors import UsageError

    names = schema_names()
    if folder is not None:
        if name is not None:
            raise UsageError("give NAME or --write DIR, not both")
        return _write_all(folder, names, output)
    if name is None:
        output.emit("\n".join(names))
        return 0
    if name.endswith(".json"):
        name = name[:-5]
    if name not in names:
        from claw.cli.render.suggest import hint

        raise UsageError(f"no schema named {quoted(name)}; {hint(name, names, what='schemas', show_all=50)}")
    output.out.write_json(json.dumps(bundle(name), indent=2, ensure_ascii=False))
    return 0


def _write_all(folder: str, names: list[str], output) -> int:
    import json
    from pathlib import Path

    from claw.cli.validation.bundle import bundle
    from claw.core.errors import UsageError

    target = Path(folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create {folder}: {exc.strerror}") from None
    if not target.is_dir():
        raise UsageError(f"not a folder: {folder}")
    for name in names:  # plain writes: the files are regenerated whole from the packaged schemas
        try:
            (target / f"{name}.json").write_text(json.dumps(bundle(name), indent=2, ensure_ascii=False) + "\n",
                                                 encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {target / (name + '.json')}: {exc.strerror}") from None
    output.say(f"wrote {len(names)} schema(s) to {folder}")
    return 0
