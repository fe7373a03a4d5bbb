"""Issue 20: each room of the house imports only what its layer may (docs/dev/architecture.md).

Every module is read with ``ast`` (imports inside functions included, since claw imports
lazily on purpose), so a rule cannot be broken by moving an import into a function.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tests.paths import CLI, CORE, ROOT

GAMES = ("msm", "ratcatcher", "warriors", "mice")
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
EXEMPT = "# layer-ok"  # a line that must cross a layer says why, after this marker


def modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py"))


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import in the file, relative ones resolved to claw.…"""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = path.read_text(encoding="utf-8").splitlines()
    rel = path.relative_to(ROOT).with_suffix("")
    package = ["claw", *rel.parts[:-1]]
    found = []
    for node in ast.walk(tree):
        if EXEMPT in lines[node.lineno - 1] if hasattr(node, "lineno") else False:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names if name.startswith("claw")]
    return found


def name_of(path: Path) -> str:
    return "claw." + ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def top(module: str) -> str:
    return module.split(".")[0]


def broken(folder: Path, allowed) -> list[str]:
    out = []
    for path in modules(folder):
        for line, module in imports(path):
            why = allowed(name_of(path), module)
            if why:
                out.append(f"{path.relative_to(ROOT)}:{line}: {module} ({why})")
    return out


def test_core_imports_only_the_standard_library_and_itself():
    def rule(me, module):
        if top(module) in STDLIB or module.startswith("claw.core"):
            return None
        return "core/ is the rules: standard library only"

    assert broken(CORE, rule) == []


def test_typer_and_click_only_under_shell():
    def rule(me, module):
        if top(module) in ("typer", "click") and not me.startswith("claw.cli.shell"):
            return "typer/click belong to cli/shell/"
        return None

    assert broken(CLI, rule) == []


def test_formats_import_the_standard_library_and_ruamel_only():
    def rule(me, module):
        if top(module) in STDLIB or top(module) == "ruamel" or module.startswith("claw.cli.formats"):
            return None
        if module.startswith("claw.core.errors") or module in ("claw.data", "claw.schemas") \
                or module.startswith(("claw.data.", "claw.schemas.")):
            return None  # the shared error types; packaged files, read by content.py
        return "formats/ reads text into data: stdlib and ruamel only"

    assert broken(CLI / "formats", rule) == []


# validation/ checks files of every game: it asks the game registry (never a game module) for
# each game's checks; the other lower layers are handed what they need.
REGISTRY = ("claw.cli.framework.adapter", "claw.cli.framework.state_rules")


@pytest.mark.parametrize("layer", ["formats", "render", "validation", "store"])
def test_lower_layers_import_no_game_no_shell_no_framework(layer):
    def rule(me, module):
        if layer == "validation" and module.startswith(REGISTRY):
            return None
        for room in ("claw.cli.games", "claw.cli.shell", "claw.cli.framework", "claw.cli.session",
                     "claw.cli.commands"):
            if module == room or module.startswith(room + "."):
                return f"{layer}/ sits below {room.rsplit('.', 1)[1]}/: it is handed what it needs"
        return None

    assert broken(CLI / layer, rule) == []


def test_no_game_package_imports_another_game():
    def rule(me, module):
        mine = me.split(".")[3]
        for game in GAMES:
            if game != mine and (module.startswith(f"claw.cli.games.{game}") or
                                 module.startswith(f"claw.core.{game}")):
                return f"the {mine} package names {game}"
        return None

    assert broken(CLI / "games", rule) == []


def test_the_top_of_cli_holds_only_the_package_and_the_test_helper():
    assert sorted(p.name for p in CLI.glob("*.py")) == ["__init__.py", "testing.py"]


def test_every_new_init_is_empty():
    """A command imports only its own game's adapter: no package __init__ imports anything."""
    assert [str(p.relative_to(ROOT)) for p in CLI.rglob("__init__.py") if p.read_text().strip()] == []
