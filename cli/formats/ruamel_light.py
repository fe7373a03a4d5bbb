"""Importing this makes ``ruamel.yaml``'s submodules importable without running the package's
``__init__``, which loads all of ruamel (loader, dumper, representer, constructor, the C
extension): about half of the YAML start-up of `claw validate` and `claw new`, for parts
claw's readers (reader, scanner, parser, events) never use.

The package module is made from its real spec and registered as usual; its ``__init__``
runs, in that same module, the first time anyone asks it for a name it does not hold yet
(PEP 562 module ``__getattr__``), so ``import ruamel.yaml; ruamel.yaml.YAML()`` still works.
"""

from __future__ import annotations

import os
import sys


def _register() -> None:
    if "ruamel.yaml" in sys.modules:
        return  # already imported, whole or like this
    import importlib.util

    spec = importlib.util.find_spec("ruamel.yaml")
    if spec is None or spec.loader is None or not spec.origin:
        return  # not a plain installed package: import it the normal way
    loader = spec.loader
    package = importlib.util.module_from_spec(spec)

    folder = spec.submodule_search_locations[0] if spec.submodule_search_locations else ""

    def complete(name: str):
        if os.path.exists(os.path.join(folder, name + ".py")):
            raise AttributeError(name)  # a submodule not loaded yet: the import system loads it
        del package.__dict__["__getattr__"]
        loader.exec_module(package)  # the real __init__, once, in the registered module
        return getattr(package, name)

    package.__dict__["__getattr__"] = complete
    sys.modules["ruamel.yaml"] = package
    vars(sys.modules["ruamel"])["yaml"] = package


_register()
