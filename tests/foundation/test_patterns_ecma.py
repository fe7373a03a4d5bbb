"""Issue 27 item 3: schema patterns mean what ECMA-262 says (JSON Schema's regex
dialect), in both schema paths: ``$`` matches only at the very end of the text, never
before a final newline as Python's ``re`` lets it. An editor (and jsonschema_rs,
fastjsonschema) refuse ``"filch\\n"`` as an id; so does claw."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from claw.cli.formats.content import load_schema, schema_names
from claw.cli.testing import run
from claw.cli.validation.fastschema import Checker, ecma_regex, first_error
from claw.cli.validation.schemacheck import python_patterns, validator_for

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"


def _patterns(node) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                found.add(value)
            elif key == "patternProperties" and isinstance(value, dict):
                found.update(value)
            if key not in ("enum", "const", "default", "examples"):
                found |= _patterns(value)
    elif isinstance(node, list):
        for value in node:
            found |= _patterns(value)
    return found


PATTERNS = sorted(set().union(*(_patterns(load_schema(name)) for name in schema_names())))


@pytest.mark.parametrize("written, python", [
    ("^[a-z]+$", r"^[a-z]+\Z"),
    (r"^a\$$", r"^a\$\Z"),  # an escaped dollar is a dollar sign
    ("^[$]$", r"^[$]\Z"),  # so is one in a class
    ("^[^$]$", r"^[^$]\Z"),
    ("^[]$]$", r"^[]$]\Z"),  # `]` first in a class is literal: the class goes on to the next `]`
    (r"^[a\]$]$", r"^[a\]$]\Z"),
    (r"\\$", r"\\\Z"),  # an escaped backslash, then the anchor
    ("(a$)|b$", r"(a\Z)|b\Z"),
    ("^[a-z]{1,3}", "^[a-z]{1,3}"),  # no dollar: as written
])
def test_dollar_anchors_become_end_of_text(written, python):
    assert ecma_regex(written) == python
    re.compile(ecma_regex(written))


def test_dollar_signs_that_are_characters_still_match_themselves():
    for pattern, text in ((r"^a\$$", "a$"), ("^[$]$", "$"), ("^[^$]$", "x"), ("^[]$]$", "$")):
        assert re.search(ecma_regex(pattern), text), (pattern, text)
        assert not re.search(ecma_regex(pattern), text + "\n"), (pattern, text)


def _both(schema: dict, value) -> tuple[bool, bool]:
    fast = Checker(schema).first_error(value) is None
    slow = Draft202012Validator(python_patterns(schema)).is_valid(value)
    return fast, slow


@pytest.mark.parametrize("pattern", PATTERNS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_shipped_pattern_refuses_a_trailing_newline_in_both_paths(pattern, data):
    """Every pattern of every schema: a text it matches passes both checkers, as a value and
    as a key; the same text with a newline after it fails both (it fails ECMA's `$`)."""
    text = data.draw(st.from_regex(ecma_regex(pattern), fullmatch=True))
    assert _both({"type": "string", "pattern": pattern}, text) == (True, True)
    keys = {"type": "object", "patternProperties": {pattern: True}, "additionalProperties": False}
    assert _both(keys, {text: 1}) == (True, True)
    if pattern.startswith("^") and pattern.endswith("$") and not pattern.endswith("\\$"):
        # the reference, written independently: a pattern anchored at both ends matches
        # in ECMA-262 exactly the texts its middle matches whole (`\s*$` takes a newline)
        want = re.fullmatch(f"(?:{pattern[1:-1]})", text + "\n") is not None
        for schema, value in (({"type": "string", "pattern": pattern}, text + "\n"), (keys, {text + "\n": 1}),
                              ({"type": "object", "propertyNames": {"pattern": pattern}}, {text + "\n": 1})):
            assert _both(schema, value) == (want, want), schema


def _msm_state() -> dict:
    made = run(["new", str(ROOT / "examples/msm/scenario-1.yaml"), "--seed", "7", "-q"])
    assert made.code == 0, made.stderr
    return json.loads(made.stdout)["state"]


MSM = _msm_state()


def _strings(doc, path=()):
    """(path, text) of every string in doc, keys included (a key's path ends in ("key", k))."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield path + (("key", key),), key
            yield from _strings(value, path + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _strings(value, path + (index,))
    elif isinstance(doc, str):
        yield path, doc


STRINGS = list(_strings(MSM))


def _replace(doc, path, text):
    doc = json.loads(json.dumps(doc))
    node = doc
    for step in path[:-1]:
        node = node[step]
    last = path[-1]
    if isinstance(last, tuple):  # a key: renamed, its value kept
        node[text] = node.pop(last[1])
    else:
        node[last] = text
    return doc


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(STRINGS), st.sampled_from(["\n", "\r\n", " ", "\n\n", ""]),
       st.sampled_from(["", "\n", " "]))
def test_fast_checker_agrees_with_jsonschema_on_edited_strings(where, after, before):
    """The fast/slow property test of issue 2 on an msm state, each string (ids, squares,
    keys) given a trailing newline or other white space: both checkers decide alike."""
    path, text = where
    doc = _replace(MSM, path, before + text + after)
    fast_ok = first_error("state-msm", doc) is None
    slow_ok = validator_for("state-msm").is_valid(doc)
    assert fast_ok == slow_ok, (path, before + text + after)


def test_a_square_with_a_trailing_newline_is_refused_by_both():
    """Concrete: a figure's square "C3\\n" (pattern ^[A-Z]{1,3}[1-9][0-9]{0,3}$)."""
    squares = [(p, t) for p, t in STRINGS if re.fullmatch("[A-Z]{1,3}[1-9][0-9]{0,3}", t)]
    assert squares
    path, text = squares[0]
    doc = _replace(MSM, path, text + "\n")
    assert first_error("state-msm", doc) is not None
    assert not validator_for("state-msm").is_valid(doc)


def test_validate_refuses_an_id_with_a_trailing_newline_at_its_place(tmp_path):
    """`"filch\\n"` as a mouse's id: exit 3, FILE:LINE:COLUMN at the entry, the pattern as the schema writes it."""
    source = CHAPTER.read_text()
    assert "{id: filch," in source
    bad = tmp_path / "chapter.yaml"
    bad.write_text(source.replace("{id: filch,", '{id: "filch\\n",'))
    line = next(n for n, text in enumerate(bad.read_text().splitlines(), 1) if '"filch\\n"' in text)
    column = bad.read_text().splitlines()[line - 1].index('id: "filch') + 1  # the entry: its key
    r = run(["validate", str(bad)])
    assert r.code == 3, r
    first = r.stdout.splitlines()[0]
    assert first.startswith(f"{bad}:{line}:{column}: "), first
    assert '"filch\\n" does not have the expected form (pattern ^[a-z][a-z0-9-]{0,31}$)' in first, first
    made = run(["new", str(bad)])
    assert made.code == 3 and made.stdout == "", made
