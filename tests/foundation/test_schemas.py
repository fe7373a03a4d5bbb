"""Every shipped schema is valid 2020-12; every data file matches its schema; the fast
hot-path checker agrees with jsonschema (issue 2, items 4 and 10)."""

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from claw.cli.formats.content import load_schema, schema_names
from claw.cli.validation.fastschema import first_error
from claw.cli.validation.schemacheck import validator_for


@pytest.mark.parametrize("name", schema_names())
def test_schema_is_valid_2020_12_with_id(name):
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"urn:claw:schema:{name}"
    assert schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", schema_names())
def test_schema_uses_only_the_keywords_the_hot_path_checker_knows(name):
    """fastschema checks bundled schemas without scanning them first (start-up): a keyword
    outside SUPPORTED would be ignored there, so none may be used."""
    from claw.cli.validation.fastschema import Checker

    Checker(load_schema(name))  # scans: raises Unsupported on any other keyword


def test_action_die_data_matches_schema():
    data = json.loads(resources.files("claw.data.mice").joinpath("action-die.json").read_text())
    assert list(validator_for("action-die-mice").iter_errors(data)) == []
    assert sorted(f["face"] for f in data["faces"]) == [1, 2, 3, 4, 5, 6]
    assert sorted(f["number"] for f in data["faces"]) == [1, 1, 2, 2, 3, 3]  # Move the Ghost: 1-3


ENVELOPE = {"format": "claw-state", "version": 1, "game": "msm",
            "rng": {"algorithm": "splitmix64", "seed": 3, "position": 2}, "state": {},
            "log": [{"seq": 1, "command": "new", "events": [{"type": "x", "text": "t"}],
                     "dice": [{"die": "d6", "value": 3}]}]}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2**65) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def _mutations(doc):
    """Paths into doc, to be replaced with arbitrary values."""
    paths = [()]
    if isinstance(doc, dict):
        for k, v in doc.items():
            paths += [(k,) + p for p in _mutations(v)]
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            paths += [(i,) + p for p in _mutations(v)]
    return paths


def _replace(doc, path, value):
    if not path:
        return value
    doc = json.loads(json.dumps(doc))
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return doc


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_mutations(ENVELOPE)), json_values)
def test_fast_checker_agrees_with_jsonschema(path, value):
    doc = _replace(ENVELOPE, path, value)
    slow_ok = validator_for("state").is_valid(doc)
    fast_ok = first_error("state", doc) is None
    assert slow_ok == fast_ok, (path, value)
