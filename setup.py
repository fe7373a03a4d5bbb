"""Package mapping: the repository keeps the design card's layout (cli/, core/,
schemas/, data/ at the root) while installing everything under one import name,
`claw`, so that no generic top-level `core` or `cli` package lands in site-packages."""
from setuptools import find_packages, setup

ROOTS = {"claw.cli": "cli", "claw.core": "core", "claw.schemas": "schemas", "claw.data": "data"}


def mapped(prefix: str, folder: str) -> list[str]:
    return [prefix] + [f"{prefix}.{p}" for p in find_packages(folder)]


packages = ["claw"]
for prefix, folder in ROOTS.items():
    packages += mapped(prefix, folder)

setup(
    packages=packages,
    package_dir={"claw": "src/claw", **ROOTS},
    package_data={"claw.schemas": ["*.json"], "claw.data": ["**/*.json", "**/*.yaml", "*.json", "*.yaml"]},
    include_package_data=False,
)
