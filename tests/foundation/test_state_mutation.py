"""A state `claw validate` accepts is one every command plays (issue 21, item 6).

Property: mutate one field of a real state of any of the four games — the value replaced
by 7.5, -1, 0, 10**30, "x", "", null, true, [], {}; the key or item deleted; an unknown key
added — and run `validate`, `show`, `scenario-step` and one action of its game on it.
Every command ends with exit 0, 3 or 4 (never 1, the internal error), within a time bound
(never a hang); and a state `validate` accepts is never refused with 3 (bad input) by a
command of its game.

The machinery (the real states, built with claw's own commands on the bundled examples;
the path patterns; the mutations; the bounded in-process run) is `scripts/fuzz_states.py`,
the outside fuzz that tries *every* pattern with every mutation (about 15,000 mutants,
minutes of work). This test samples that space instead.

Why this size is enough: a crash is an unguarded read of one field, so bugs come by
*pattern* (the outside fuzz found each crash site hit by several mutants, and every fix
types a whole field in the schema or guards it in the game's check, for all of its
mutations at once). Each run draws EXAMPLES mutants, a game first (so the small games
are tried as often as msm), then a pattern of that game, then a mutation: about 75 a
game: half of Warriors' or Mice's ~135 path patterns, a seventh of msm's 512 and a fifth
of Ratcatcher's 402 (patterns of two base states each), different on every run (not
derandomized), so successive CI runs cover the space while each stays near a minute
on CI's 2-core machine (four in-process commands a mutant). The exhaustive check is the
outside fuzz, run before a release; its last result is in docs/performance.md.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.paths import ROOT

EXAMPLES = 300  # mutants per run (see the module docstring)


@cache
def _fuzz():
    spec = importlib.util.spec_from_file_location("fuzz_states", ROOT / "scripts" / "fuzz_states.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fuzz_states", module)
    spec.loader.exec_module(module)
    return module


@cache
def _space(game: str):
    """[(base label, envelope, path)] for every path pattern of every base state of a game."""
    fz = _fuzz()
    bases = fz.bases(game)
    return [(label, bases[label], path)
            for (label, _pattern), path in sorted(fz.patterns(bases).items(), key=lambda kv: kv[0])]


@st.composite
def mutation(draw):
    """(game, base label, base envelope, path, mutation name, mutated game part): a game
    first, then one of its path patterns, then one of that field's mutations."""
    fz = _fuzz()
    game = draw(st.sampled_from(fz.GAMES))
    label, envelope, path = draw(st.sampled_from(_space(game)))
    state = envelope["state"]
    name, mutated = draw(st.sampled_from(list(fz.mutants(state, path, fz.get(state, path)))))
    return game, label, envelope, path, name, mutated


@st.composite
def mutants(draw):
    fz = _fuzz()
    game, label, envelope, path, name, mutated = draw(mutation())
    # in claw's own layout and with the base's seal (now stale): the read must see the edit
    return game, label, fz.show_path(path), name, json.dumps(dict(envelope, state=mutated), indent=1,
                                                              ensure_ascii=False)


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutants())
def test_a_state_validate_accepts_is_played_or_refused_by_a_rule(mutant):
    """Issue 21: exits 0/3/4 only, no hang, and validate agrees with the commands."""
    fz = _fuzz()
    game, label, path, name, text = mutant
    here = os.getcwd()
    os.chdir(ROOT)  # the states name the examples' loot files relative to the checkout
    try:
        results = fz.try_mutant(game, label, text)
    finally:
        os.chdir(here)
    bad = fz.classify(results)
    assert not bad, f"{game} {label} {path} := {name}: " + "; ".join(
        f"{kind}: claw {command} exit {code}: {line}" for kind, command, code, line in bad)
