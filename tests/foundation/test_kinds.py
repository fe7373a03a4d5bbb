"""Issue 12 items 3 and 4: positionals declared with a kind in the specs; a misspelt
figure id, card, zone, room, mouse, herb, knack or prey gets "did you mean" from one
place, and the handler's exit code stays (a trap the Ratcatcher lacks is a rule: 4)."""


import pytest

from claw.cli.framework.adapter import GAMES, commands_of, game_hooks
from claw.cli.framework.kinds import LABELS, names, place
from claw.cli.framework.spec import Arg
from claw.cli.testing import run
from tests.paths import ROOT

# kind → game → the names it takes (each game's hooks: its KINDS and its TABLE_KINDS)
NAMES = {kind: {g: (lambda s, k=kind, g=g: names(k, g, s)) for g in GAMES
                if kind in game_hooks(g).kinds or kind in game_hooks(g).table_kinds}
         for kind in sorted({k for g in GAMES for k in (*game_hooks(g).kinds, *game_hooks(g).table_kinds)})}
EX = ROOT / "examples"


def _state(*files, seed="4"):
    res = run(["new", *map(str, files), "--seed", seed, "-q"])
    assert res.code == 0, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def msm():
    return _state(EX / "msm/scenario-1.yaml", seed="7")


@pytest.fixture(scope="module")
def warriors():
    return _state(EX / "warriors/emberpaw.yaml", EX / "warriors/bramble.yaml")


@pytest.fixture(scope="module")
def ratcatcher():
    return _state(EX / "ratcatcher/first-game.yaml")


@pytest.fixture(scope="module")
def mice():
    return _state(EX / "mice/ghost-of-castle-andon.yaml")


@pytest.mark.parametrize("fixture,args,code,near", [
    ("msm", ["moves", "nerra"], 2, "did you mean nera?"),
    ("msm", ["los", "leonn", "E9"], 2, "did you mean leon?"),
    ("msm", ["equip", "nera", "tantoo"], 4, "did you mean tanto?"),  # a card not held: a rule
    ("warriors", ["hunt", "emberpaw", "vol"], 2, "did you mean vole?"),
    ("warriors", ["knack", "emberpaw", "lep"], 2, "did you mean leap?"),
    ("warriors", ["gather", "emberpaw", "tansy,catmnt"], 2, "did you mean catmint?"),
    ("warriors", ["refresh", "emberpaw", "brambel"], 2, "did you mean bramble?"),
    ("ratcatcher", ["move", "0.bb"], 4, "did you mean 0.b?"),
    ("ratcatcher", ["trap", "snar", "0.a"], 4, "did you mean snare?"),
    ("ratcatcher", ["ability", "smok"], 4, "did you mean smoke?"),
    ("mice", ["explore", "kichen"], 2, "did you mean kitchen?"),
    ("mice", ["search", "filc"], 2, "did you mean filch?"),
])
def test_a_misspelt_name_gets_did_you_mean_and_keeps_its_exit_code(request, fixture, args, code, near):
    res = run([*args, "-s", "-"], stdin=request.getfixturevalue(fixture))
    assert res.code == code and near in res.stderr, res.stderr
    assert res.stderr.startswith("claw: ") and res.stderr.count("\n") == 1


def test_a_refusal_about_something_else_gets_no_name_hint(msm):
    """Pickup of a card in play before the cats' turn: the refusal is the phase, not a name."""
    res = run(["pickup", "nera", "tanto", "-s", "-"], stdin=msm)
    assert res.code == 4 and "did you mean" not in res.stderr and "phase" in res.stderr.lower(), res.stderr


def test_a_misspelt_name_is_reported_before_the_rules_are_asked(msm):
    """The word is parsed by its kind before the handler runs: a misspelt card is named
    (exit 4: cards outside play exist in the loot deck) even before the cats' turn."""
    res = run(["pickup", "nera", "tantoo", "-s", "-"], stdin=msm)
    assert res.code == 4 and res.stderr == "claw: no card 'tantoo' in play; did you mean tanto?\n"


def test_a_word_far_from_every_name_keeps_the_handlers_list(ratcatcher):
    res = run(["trap", "net", "-s", "-"], stdin=ratcatcher)
    assert res.code == 4 and "did you mean" not in res.stderr and "cage, snare" in res.stderr


def test_optional_and_repeated_positionals_fill_in_order():
    cat, prey = Arg("CAT", "cat", optional=True), Arg("PREY", "prey")
    assert place((cat, prey), 1) == [prey]
    assert place((cat, prey), 2) == [cat, prey]
    zone = Arg("ZONE", "zone", many=True)
    assert place((zone,), 3) == [zone] * 3
    assert place((Arg("CAT", "cat"),), 2) == [Arg("CAT", "cat"), None]


def test_every_declared_kind_is_known_and_names_match_the_usage():
    kinds = set(NAMES) | {k for g in GAMES for k in game_hooks(g).complete_kinds} | {"number", "any"}
    for game in GAMES:
        for verb, spec in commands_of(game).items():
            for arg in spec.args:
                assert arg.kind in kinds, (game, verb, arg)
                assert arg.name in spec.usage, (game, verb, arg)
    assert set(NAMES) <= set(LABELS)


def test_names_come_from_the_state_or_the_rulebook_tables(msm, warriors):
    import json

    state = json.loads(msm)["state"]
    assert set(names("cat", "msm", state)) == {"guy", "adara", "leon", "nera"}
    assert "tanto" in names("card", "msm", state)
    assert "A1" in names("square", "msm", state, complete=True) and names("square", "msm", state) is None
    assert "catmint" in names("herb", "warriors", None)  # a table: no state needed
    assert names("cat", "warriors", None) is None


# -- issue 12 item 4: every positional parsed by its kind in one place (claw.cli.framework.kinds) -----

def _game_part(text):
    import json

    return json.loads(text)["state"]


# (fixture, kind, typed, parsed value, a misspelling, its exit code, the hint it gets)
PARSES = [
    ("msm", "figure", "RAT-2", "rat-2", "rat-22", 2, "did you mean rat-2 or"),
    ("msm", "cat", "Nera", "nera", "nerra", 2, "did you mean nera?"),
    # a rat parses as CAT ("not a cat" is the handler's rule, exit 4); a near rat id is suggested as a figure
    ("msm", "cat", "rat-1", "rat-1", "rat-11", 2, "no figure 'rat-11' in this game; did you mean rat-1 or"),
    ("msm", "rat", "rat-3", "rat-3", "rat3", 2, "did you mean rat-3?"),
    ("msm", "card", "TANTO", "tanto", "tantoo", 4, "did you mean tanto?"),
    ("msm", "square", "c7", (2, 6), "C99", 2, "off the map"),
    ("msm", "place", "leon", "leon", "leonn", 2, "did you mean leon?"),
    ("msm", "place", "B3", (1, 2), "B", 2, "not a figure id or a square name"),
    ("warriors", "figure", "Emberpaw", "emberpaw", "emberpw", 2, "did you mean emberpaw?"),
    ("warriors", "cat", "bramble", "bramble", "brambel", 2, "did you mean bramble?"),
    ("warriors", "herb", "Tansy,catmint", ["tansy", "catmint"], "tansy,catmnt", 2, "did you mean catmint?"),
    ("warriors", "knack", "Leap", "leap", "lep", 2, "did you mean leap?"),
    ("warriors", "prey", "voles", "vole", "vol", 2, "did you mean vole?"),  # an alias the table prints
    ("ratcatcher", "zone", "0.B", "0.b", "0.bb", 4, "did you mean 0.b?"),
    ("ratcatcher", "trap", "snare", "snare", "snar", 4, "did you mean snare?"),
    ("ratcatcher", "ability", "Smoke", "smoke", "smok", 4, "did you mean smoke?"),
    ("ratcatcher", "slot", "move-up", "move-up", "mov-up", 4, "did you mean move-up?"),
    ("mice", "figure", "cave-centipede-1", "cave-centipede-1", "cave-centipede-2", 2, "did you mean"),
    ("mice", "mouse", "NEZ", "nez", "nezz", 2, "did you mean nez?"),
    ("mice", "minion", "cave-centipede-1", "cave-centipede-1", "centipede-1", 2, "did you mean cave-centipede-1?"),
    ("mice", "minion-kind", "spider", "spider", "spidr", 2, "did you mean spider?"),
    ("mice", "room", "Kitchen", "kitchen", "kichen", 2, "did you mean kitchen?"),
    ("mice", "number", "3", 3, "three", 2, "must be a whole number"),
]


@pytest.mark.parametrize("fixture,kind,typed,value,wrong,code,near", PARSES)
def test_each_kind_parses_its_names_and_refuses_a_misspelling_with_a_hint(
        request, fixture, kind, typed, value, wrong, code, near):
    from claw.cli.framework.kinds import parse_word
    from claw.core.errors import ClawError

    state = _game_part(request.getfixturevalue(fixture))
    arg = Arg("X", kind)
    assert parse_word(arg, fixture, state, typed) == value
    with pytest.raises(ClawError) as refused:
        parse_word(arg, fixture, state, wrong)
    assert refused.value.exit_code == code and near in str(refused.value) and wrong.split(",")[-1] in str(refused.value)


def test_any_kind_keeps_the_word_and_stateless_names_pass_to_the_handler():
    """Without a state there is nothing to check a figure id against: the handler decides."""
    from claw.cli.framework.kinds import parse_word

    assert parse_word(Arg("N", "any"), "msm", None, "#4") == "#4"
    assert parse_word(Arg("CAT", "cat"), "warriors", None, " Emberpaw ") == "Emberpaw"
    assert parse_word(Arg("P", "prey"), "warriors", None, "rabbits") == "rabbit"  # a table, no state needed


def test_a_state_too_broken_to_name_anything_is_left_to_the_handler(msm):
    """A figures table that is not a mapping: no name error (the state check says exit 3)."""
    from claw.cli.framework.kinds import parse_word

    state = dict(_game_part(msm), figures=["not", "a", "mapping"])
    assert parse_word(Arg("CAT", "cat"), "msm", state, "nera") == "nera"


def test_handlers_receive_parsed_values_by_usage_name(msm):
    from claw.cli.framework.kinds import parse_args
    from claw.cli.framework.spec import Command

    spec = Command(help="", handler="", usage="CAT [SQUARE] [RAT...]",
                   args=(Arg("CAT", "cat"), Arg("SQUARE", "square", optional=True),
                         Arg("RAT", "rat", optional=True, many=True)))
    state = _game_part(msm)
    assert parse_args("x", spec, "msm", state, ["NERA"]) == {"CAT": "nera", "SQUARE": None, "RAT": []}
    assert parse_args("x", spec, "msm", state, ["nera", "a1", "RAT-1", "rat-2"]) == {
        "CAT": "nera", "SQUARE": (0, 0), "RAT": ["rat-1", "rat-2"]}


@pytest.mark.parametrize("args,message", [
    (["moves", "nera", "leon"], "too many arguments for `claw moves CAT`: leon"),
    (["pickup", "nera"], "`claw pickup` needs CARD: usage: claw pickup CAT CARD"),
    (["move", "nera", "Q1"], "claw: Q1 is off the map"),
])
def test_the_word_count_and_squares_are_checked_in_one_place(msm, args, message):
    res = run([*args, "-s", "-"], stdin=msm)
    assert res.code == 2 and message in res.stderr and res.stderr.count("\n") == 1, res.stderr


def test_a_rat_named_as_a_cat_is_still_the_rules_refusal(msm):
    """"Cat Actions": only cats move on the players' turn; the id is right, the rule says no (4)."""
    res = run(["move", "rat-1", "C7", "-s", "-"], stdin=msm)
    assert res.code == 4 and "rat-1 is not a cat" in res.stderr, res.stderr


# property tests: bounded to 60 examples per kind, parsing only (no CLI runs): about a second in all
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

KIND_GAMES = [(kind, game) for kind, per_game in NAMES.items() for game in per_game] + [
    ("square", "msm"), ("place", "msm"), ("number", "mice"), ("any", "mice")]


@pytest.fixture(scope="module")
def states(msm, warriors, ratcatcher, mice):
    return {"msm": _game_part(msm), "warriors": _game_part(warriors), "ratcatcher": _game_part(ratcatcher),
            "mice": _game_part(mice)}


@pytest.mark.parametrize("kind,game", KIND_GAMES)
def test_every_completion_parses_back(states, kind, game):
    from claw.cli.framework.kinds import names, parse_word
    from claw.core.msm.squares import square_name

    offered = names(kind, game, states[game], complete=True) or []
    assert offered or kind in ("number", "any")
    for word in offered:
        value = parse_word(Arg("X", kind), game, states[game], word)
        shown = square_name(value) if isinstance(value, tuple) else value[0] if isinstance(value, list) else value
        assert shown == word, (kind, word, value)


@pytest.mark.parametrize("kind,game", KIND_GAMES)
def test_any_text_parses_or_raises_the_kinds_error(states, kind, game):
    from claw.cli.framework.kinds import parse_word
    from claw.core.errors import IllegalAction, UsageError

    state = states[game]
    known = NAMES.get(kind, {}).get(game)
    seeds = known(state) if known else ["A1", "nera", "12"]
    words = st.one_of(st.text(max_size=12), st.sampled_from(seeds),
                      st.builds(lambda w, c: w[:-1] + c, st.sampled_from(seeds), st.characters()))

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(words)
    def check(word):
        try:
            parse_word(Arg("X", kind), game, state, word)
        except (UsageError, IllegalAction) as exc:
            assert str(exc) and "\n" not in str(exc)

    check()
