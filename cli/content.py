"""Loading packaged files: schemas and game data (works after a plain ``pip install .``)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from claw.core.errors import InvalidInput


def _read_package_text(package: str, name: str) -> str:
    try:
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, IsADirectoryError) as exc:
        raise InvalidInput(f"packaged file missing: {package}/{name}") from exc


@cache
def load_schema(name: str) -> dict:
    """The JSON Schema ``schemas/<name>.json``."""
    return json.loads(_read_package_text("claw.schemas", f"{name}.json"))


def schema_names() -> list[str]:
    root = resources.files("claw.schemas")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".json"))


@cache
def load_data(path: str) -> Any:
    """Game data ``data/<game>/<file>`` (YAML or JSON), e.g. ``load_data("msm/bestiary.yaml")``.

    Installed packages carry a JSON copy of each YAML file made at build time (see
    setup.py), so commands do not pay for a YAML parser; the YAML source is the fallback.
    """
    game, _, name = path.partition("/")
    package = f"claw.data.{game}"
    if name.endswith((".yaml", ".yml")):
        root = resources.files(package)
        built = root.joinpath(name + ".json")  # written by setup.py
        if built.is_file() and root.joinpath(name).is_file():  # a copy without its source is stale
            return json.loads(built.read_text(encoding="utf-8"))
    text = _read_package_text(package, name)
    if name.endswith(".json"):
        return json.loads(text)
    from claw.cli.yamlload import load_yaml_plain

    return load_yaml_plain(text, f"data/{path}")
