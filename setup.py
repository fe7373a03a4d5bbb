"""Package mapping and one build step.

The repository keeps the design card's layout (cli/, core/, schemas/, data/ at the
root) while installing everything under one import name, `claw`, so that no generic
top-level `core` or `cli` package lands in site-packages.

Game data is authored in YAML (comments, readable tables) but parsing YAML costs a
ruamel import on every command that needs a bestiary. The build therefore also writes
each data file as JSON (`bestiary.yaml` → `bestiary.yaml.json`) in the installed
package; `claw.cli.formats.content.load_data` prefers it and falls back to the YAML source
(editable installs).

A build reuses `build/lib`, so a data file renamed or deleted since the last build
(and its JSON copy) would ship in the next wheel; the build step therefore starts from
an empty `build/lib/claw`.
"""
import json
import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ROOTS = {"claw.cli": "cli", "claw.core": "core", "claw.schemas": "schemas", "claw.data": "data"}


def mapped(prefix: str, folder: str) -> list[str]:
    return [prefix] + [f"{prefix}.{p}" for p in find_packages(folder)]


class BuildWithJsonData(build_py):
    def run(self) -> None:
        shutil.rmtree(Path(self.build_lib, "claw"), ignore_errors=True)  # no stale files from an older build
        super().run()
        load_yaml_plain = _claws_yaml_reader(self.build_lib)
        for source in Path(self.build_lib, "claw", "data").rglob("*.yaml"):
            data = load_yaml_plain(source.read_text(encoding="utf-8"), str(source.relative_to(self.build_lib)))
            target = source.with_name(source.name + ".json")
            target.write_text(json.dumps(data, ensure_ascii=False, allow_nan=False), encoding="utf-8")


def _claws_yaml_reader(build_lib: str):
    """``load_yaml_plain`` of the claw being built (its copy in ``build_lib``), not of any
    claw installed where the build runs."""
    import importlib
    import sys

    stale = [name for name in sys.modules if name == "claw" or name.startswith("claw.")]
    for name in stale:
        del sys.modules[name]
    sys.path.insert(0, str(Path(build_lib).resolve()))
    try:
        module = importlib.import_module("claw.cli.formats.yamlload")
        assert Path(module.__file__).resolve().is_relative_to(Path(build_lib).resolve()), module.__file__
        return module.load_yaml_plain
    finally:
        sys.path.pop(0)


packages = ["claw"]
for prefix, folder in ROOTS.items():
    packages += mapped(prefix, folder)

setup(
    packages=packages,
    package_dir={"claw": "src/claw", **ROOTS},
    package_data={"claw": ["py.typed"], "claw.schemas": ["*.json"],
                  "claw.data": ["**/*.json", "**/*.yaml", "*.json", "*.yaml"]},
    include_package_data=False,
    cmdclass={"build_py": BuildWithJsonData},
)
