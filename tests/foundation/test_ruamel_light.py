"""cli/ruamel_light.py: claw's YAML readers load ruamel's reader, scanner and parser without
the rest of ruamel (start-up of `claw validate`, docs/performance.md), and ruamel.yaml stays
whole for anyone who asks for more. In a fresh interpreter: the test process has ruamel loaded."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from claw.cli.formats.yamlload import load_positioned
doc = load_positioned("a: [1, {b: 'c'}]\\n")
assert doc.data == {"a": [1, {"b": "c"}]}, doc.data
light = "ruamel.yaml.main" not in sys.modules and "ruamel.yaml.representer" not in sys.modules
import io
import ruamel.yaml
out = io.StringIO()
ruamel.yaml.YAML().dump({"x": [1]}, out)
from ruamel.yaml.main import YAML
assert YAML is ruamel.yaml.YAML and ruamel.yaml.__version__
print(light, repr(out.getvalue()))
"""


def test_readers_load_only_the_parser_and_ruamel_stays_whole():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True " + repr("x:\n- 1\n")
