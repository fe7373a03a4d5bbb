"""The fast state writer (cli/jsondump.py) writes exactly json.dumps(indent=1)'s text, and
raises json.dumps's errors, for every value a state can hold and some it cannot."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.formats.jsondump import dumps_indent1
from claw.cli.store.statefile import dump_state


def _library(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False, allow_nan=False)


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(documents)
def test_same_text_as_the_library(data):
    assert dumps_indent1(data) == _library(data)


@pytest.mark.parametrize("data", [
    {"a": (1, 2)},                       # a tuple: the library writes a list
    {1: "x", False: "y", None: "z", 2.5: "w"},  # keys the library converts
    [True, 1, 1.0, -0.0, 1e300, "é\u2028\x00\"\\"],
    {"deep": [[[[{"x": []}]]]], "empty": {}},
])
def test_unusual_values_are_the_library_s(data):
    assert dumps_indent1(data) == _library(data)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, object()])
def test_errors_are_the_library_s(bad):
    with pytest.raises((ValueError, TypeError)) as fast:
        dumps_indent1({"x": [bad]})
    with pytest.raises(type(fast.value)):
        _library({"x": [bad]})


def test_a_real_state_round_trips(tmp_path):
    from claw.cli.testing import run

    made = run(["new", "examples/msm/scenario-2.yaml", "--seed", "7", "-q"])
    assert made.code == 0
    data = json.loads(made.stdout)
    assert dump_state(data) == _library(data) + "\n"
