"""`claw schema NAME` prints self-contained schemas that plain `jsonschema` (and so an
editor) can use with no registry (issue 13, item 6)."""

import json

import pytest
from jsonschema import Draft202012Validator

from claw.cli.formats.content import schema_names
from claw.cli.formats.yamlload import load_positioned, to_plain
from claw.cli.testing import run
from claw.cli.validation.diagnostics import schema_for
from tests.paths import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))


def printed(name: str) -> dict:
    result = run(["schema", name])
    assert result.code == 0, result.stderr
    return json.loads(result.stdout)


def _refs(node):
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


@pytest.mark.parametrize("name", schema_names())
def test_printed_schema_is_self_contained(name):
    schema = printed(name)
    Draft202012Validator.check_schema(schema)
    assert "urn:" not in json.dumps(schema)
    for ref in _refs(schema):  # every $ref is a pointer into the file itself, and resolves
        assert ref.startswith("#/")
        node = schema
        for step in ref[2:].split("/"):
            node = node[step.replace("~1", "/").replace("~0", "~")]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_checked_by_plain_jsonschema(example):
    data = to_plain(load_positioned(example.read_text(encoding="utf-8")))
    name, _, problem = schema_for(data)
    assert problem is None
    errors = list(Draft202012Validator(printed(name)).iter_errors(data))  # no registry given
    assert errors == [], [e.message for e in errors]


def test_planted_error_in_a_ratcatcher_scenario_is_found_without_claw(tmp_path):
    """An inline character (reached through a bundled $ref) with a wrong value: plain
    jsonschema finds it, so an editor using the printed schema would too."""
    scenario = to_plain(load_positioned((ROOT / "examples/ratcatcher/first-game.yaml").read_text()))
    scenario["character"] = to_plain(load_positioned((ROOT / "examples/ratcatcher/madam-cage.yaml").read_text()))
    validator = Draft202012Validator(printed("scenario-ratcatcher"))
    assert validator.is_valid(scenario)
    scenario["character"]["traps"][0]["cost"] = "two"
    errors = list(validator.iter_errors(scenario))
    assert errors
    assert any(list(sub.absolute_path) == ["character", "traps", 0, "cost"]
               for e in errors for sub in ([e] + list(e.context)))


def test_write_all_schemas(tmp_path):
    result = run(["schema", "--write", str(tmp_path / "out")])
    assert result.code == 0
    written = sorted(p.stem for p in (tmp_path / "out").glob("*.json"))
    assert written == schema_names()
    assert json.loads((tmp_path / "out" / "scenario-ratcatcher.json").read_text()) == printed("scenario-ratcatcher")


def test_schema_name_typo_is_a_usage_error_with_a_suggestion():
    result = run(["schema", "scenario-ratcatchr"])
    assert result.code == 2 and "did you mean scenario-ratcatcher?" in result.stderr
    assert "Traceback" not in result.stderr


PLANTED = sorted((ROOT / "tests").glob("*/files/planted.yaml"))


@pytest.mark.parametrize("path", EXAMPLES + PLANTED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fast_checker_and_jsonschema_agree_on_examples_and_planted_files(path):
    """`claw validate` asks the hot-path checker first and imports jsonschema only when it
    finds a problem: they must agree on every file (and on each planted file's parts)."""
    from claw.cli.validation.fastschema import first_error
    from claw.cli.validation.schemacheck import validator_for

    data = to_plain(load_positioned(path.read_text(encoding="utf-8")))
    name = schema_for(data)[0]
    assert (first_error(name, data) is None) == validator_for(name).is_valid(data)
    for key in data:  # each top-level part alone, over the example's own document
        if path in PLANTED:
            continue
        broken = dict(data, **{key: {"not": "what the schema wants"}})
        assert (first_error(name, broken) is None) == validator_for(name).is_valid(broken), key
