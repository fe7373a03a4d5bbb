"""Loading packaged files: schemas and game data (works after a plain ``pip install .``)."""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import Any

from claw.cli.formats import cjson
from claw.core.errors import InvalidInput


def _folder(package: str) -> str | None:
    """The package's folder on disk (an installed or editable package), or None (a zip):
    plain file reads spare every state command the import of importlib.resources (~8 %
    of a `claw show`)."""
    where = getattr(importlib.import_module(package), "__file__", None)
    folder = os.path.dirname(where) if where else None
    return folder if folder and os.path.isdir(folder) else None


def _read_package_text(package: str, name: str) -> str:
    try:
        folder = _folder(package)
        if folder is not None:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                return handle.read()
        from importlib import resources

        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, IsADirectoryError, NotADirectoryError) as exc:
        raise InvalidInput(f"packaged file missing: {package}/{name}") from exc


def _is_file(package: str, name: str) -> bool:
    folder = _folder(package)
    if folder is not None:
        return os.path.isfile(os.path.join(folder, name))
    from importlib import resources

    return resources.files(package).joinpath(name).is_file()


@cache
def schema_text(name: str) -> str:
    """The text of ``schemas/<name>.json`` (read once a process: the state's seal digests
    it, the checker parses it)."""
    return _read_package_text("claw.schemas", f"{name}.json")


@cache
def load_schema(name: str) -> dict:
    """The JSON Schema ``schemas/<name>.json``."""
    return cjson.loads(schema_text(name))


def schema_names() -> list[str]:
    return list(_schema_names())


@cache
def _schema_names() -> tuple[str, ...]:
    """Listed once a process: every state read and write asks (the packaged folder does not change)."""
    folder = _folder("claw.schemas")
    if folder is not None:
        files = os.listdir(folder)
    else:
        from importlib import resources

        files = [p.name for p in resources.files("claw.schemas").iterdir()]
    return tuple(sorted(name[:-5] for name in files if name.endswith(".json")))


@cache
def load_data(path: str) -> Any:
    """Game data ``data/<game>/<file>`` (YAML or JSON), e.g. ``load_data("msm/bestiary.yaml")``.

    Installed packages carry a JSON copy of each YAML file made at build time (see
    setup.py), so commands do not pay for a YAML parser; the YAML source is the fallback.
    """
    game, _, name = path.partition("/")
    package = f"claw.data.{game}"
    # the JSON copy of a YAML file written by setup.py; a copy without its source is stale
    if name.endswith((".yaml", ".yml")) and _is_file(package, name + ".json") and _is_file(package, name):
        return cjson.loads(_read_package_text(package, name + ".json"))
    text = _read_package_text(package, name)
    if name.endswith(".json"):
        return cjson.loads(text)
    from claw.cli.formats.yamlload import load_yaml_plain

    return load_yaml_plain(text, f"data/{path}")
