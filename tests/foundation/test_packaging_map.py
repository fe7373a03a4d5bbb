"""Issue 20 item 5: the three descriptions of the package layout agree — setup.py's map
(what an install has), the links in src/claw (what mypy and editors read) and
[tool.mypy] (where mypy looks)."""

from __future__ import annotations

import ast
import os
import tomllib

import pytest

from tests.paths import ROOT


def roots() -> dict[str, str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "ROOTS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py has no ROOTS map")


def test_every_mapped_root_is_linked_under_src_claw():
    if (ROOT / "PKG-INFO").is_file() and not (ROOT / ".git").exists():
        # an unpacked sdist: the links serve mypy and editors in a checkout, and setup.py's
        # map builds the package without them, so the sdist does not carry them
        pytest.skip("an unpacked sdist carries no src/claw links (they are for a checkout)")
    for package, folder in roots().items():
        link = ROOT / "src" / package.replace(".", "/")
        assert link.is_symlink(), f"{link} should link to {folder}/"
        assert os.readlink(link) == f"../../{folder}" and link.resolve() == (ROOT / folder).resolve()
        assert (ROOT / folder / "__init__.py").is_file()


def test_no_other_link_or_package_under_src_claw():
    mapped = {name.split(".", 1)[1] for name in roots()}
    extra = {p.name for p in (ROOT / "src" / "claw").iterdir() if p.is_dir()} - mapped - {"__pycache__"}
    assert extra == set()


def test_mypy_reads_the_same_tree():
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["mypy_path"] == "src" and mypy["packages"] == ["claw"]
    assert all(o.get("check_untyped_defs", True) for o in mypy.get("overrides", []) if "claw.cli.*" in o["module"])


def test_the_console_script_names_a_module_of_the_map():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    target = project["scripts"]["claw"].split(":")[0]
    package = next(p for p in roots() if target.startswith(p + "."))
    path = ROOT / roots()[package] / (target[len(package) + 1:].replace(".", "/") + ".py")
    assert path.is_file()
