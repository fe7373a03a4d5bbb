"""claw.cli.formats.cjson: the C JSON scanner without importing ``json`` (a start-up cost,
docs/performance.md "The house in layers"). It must read exactly what ``json.loads``
reads, give the same values and leave every refusal to ``json.loads`` itself."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.formats import cjson

from .strategies import json_values

# texts at the edges of the grammar: whitespace json does and does not skip, a BOM, trailing
# data, the constants, empty and lone values, deep nesting
EDGES = [
    "", " ", "\t\n\r ", "1", " 1 ", "\n[1]\n", "\f1", "\v1", "1\f", "\u00a01", "\ufeff{}", "{} {}",
    "[1,]", "[1] x", "NaN", "-Infinity", "Infinity", "[NaN]", "nul", "true", "tru", "\"a", "\"\\ud800\"",
    "{\"a\": 1, \"a\": 2}", "1e999", "-0", "0.0", "01", "[" * 100 + "]" * 100, "[" * 100000,
    "{\"a\":" * 3 + "1" + "}" * 3, "\"\x00\"", "\"\\u00e9\"", "1 2", "[]]", "{\"a\" 1}",
]


def _outcome(fn, text):
    try:
        return "value", fn(text)
    except RecursionError:
        return "error", "RecursionError"
    except ValueError as exc:  # JSONDecodeError
        return "error", f"{type(exc).__name__}: {exc}"


def _same(a, b) -> bool:
    # NaN is not equal to itself: compare the written forms
    return json.dumps(a, sort_keys=False) == json.dumps(b, sort_keys=False) if a[0] == "value" else a == b


@pytest.mark.parametrize("text", EDGES, ids=range(len(EDGES)))
def test_edges_read_as_json_reads_them(text):
    assert _same(_outcome(cjson.loads, text), _outcome(json.loads, text))


@settings(max_examples=300, deadline=None)
@given(json_values, st.sampled_from([None, 0, 1, 2]), st.sampled_from(["", " ", "\n", "\t\r\n "]))
def test_what_json_writes_reads_back_the_same(value, indent, pad):
    text = pad + json.dumps(value, indent=indent, ensure_ascii=False) + pad
    assert cjson.loads(text) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="[]{}\":,0123456789.eE+-tfrueaslnNI \n\\u", max_size=30))
def test_any_text_has_json_outcome(text):
    """Mostly broken texts: the value or the very error json.loads gives."""
    assert _same(_outcome(cjson.loads, text), _outcome(json.loads, text))


def test_hooks_run_and_their_errors_pass_through():
    class Refused(Exception):
        pass

    def pairs(p):
        if len(dict(p)) != len(p):
            raise Refused
        return dict(p)

    scan = cjson.scanner(object_pairs_hook=pairs, parse_int=lambda d: ("int", d))
    assert scan('{"a": 12}') == {"a": ("int", "12")}
    with pytest.raises(Refused):
        scan('{"a": 1, "a": 2}')


def test_the_state_path_does_not_import_json():
    """The point of the module: reading and writing a state loads no ``json`` package."""
    code = ("import sys\nfrom claw.cli.formats.jsonload import loads\n"
            "from claw.cli.formats.jsondump import dumps_indent1\n"
            "from claw.cli.formats.content import load_schema\n"
            "dumps_indent1(loads(' {\"a\": [1, 2.5, \"\\u00e9\", null, true]} ', 'x')); load_schema('state')\n"
            "print('json' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
