"""Loading packaged files: schemas and game data (works after a plain ``pip install .``)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from claw.core.errors import InvalidInput


def _read_package_text(package: str, name: str) -> str:
    try:
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, IsADirectoryError) as exc:
        raise InvalidInput(f"packaged file missing: {package}/{name}") from exc


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict:
    """The JSON Schema ``schemas/<name>.json``."""
    return json.loads(_read_package_text("claw.schemas", f"{name}.json"))


def schema_names() -> list[str]:
    root = resources.files("claw.schemas")
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=None)
def load_data(path: str) -> Any:
    """Game data ``data/<game>/<file>`` (YAML or JSON), e.g. ``load_data("msm/bestiary.yaml")``.

    Packaged data is trusted but still parsed safely; YAML costs a ruamel import, so
    data needed on hot paths is better kept as JSON.
    """
    game, _, name = path.partition("/")
    text = _read_package_text(f"claw.data.{game}", name)
    if name.endswith(".json"):
        return json.loads(text)
    from claw.cli.yamlload import load_yaml_plain

    return load_yaml_plain(text, f"data/{path}")
