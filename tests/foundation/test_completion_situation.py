"""Issue 23 item 3: completion that knows the situation, in the shell (bash protocol) and in
`claw play`'s session, from the same typed argument kinds (claw.cli.framework.spec.Arg and
its ``among`` hook): the game in hand's verbs only, the squares `claw moves` lists, the
figures an attacker may attack, the attacker's own weapons, a cat's own cards and knacks,
and the fixed words of help, tavern, spawn, entry, explore and lookup."""

import json

import pytest

from claw.cli.framework.adapter import GAMES, commands_of
from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.shell.app import FOUNDATION
from claw.cli.testing import run
from tests.foundation.test_completion import bash, states  # noqa: F401  (the fixture)


def _session(path):
    from claw.cli.session.engine import Session
    from claw.cli.store import statefile

    envelope, _, _ = statefile.load_any(str(path), STATE_RULES)
    return Session(envelope)


def _complete(session, line):
    from claw.cli.session.interactive import complete_line

    return complete_line(session, line)[1]


def _moves(state_path, cat) -> set[str]:
    res = run(["moves", cat, "-s", str(state_path), "--json"])
    assert res.code == 0, res.stderr
    return {square for squares in json.loads(res.stdout).values() for square in squares}


def test_move_offers_exactly_the_squares_claw_moves_lists(states):  # noqa: F811
    msm = states["msm"]
    for cat in ("leon", "nera", "guy", "adara"):  # guy cannot move in this start: nothing is offered
        want = _moves(msm, cat)
        assert set(bash(f"claw move {cat} ", CLAW_STATE=str(msm))) == want
        assert set(_complete(_session(msm), f"move {cat} ")) == want
    assert _moves(msm, "leon") and not _moves(msm, "guy")
    assert set(bash(f"claw move -s {msm} leon ", subprocess_run=True)) == _moves(msm, "leon")
    assert set(bash("claw move leon C", CLAW_STATE=str(msm))) == {s for s in _moves(msm, "leon") if s[0] == "C"}


@pytest.mark.parametrize("game", GAMES)
def test_only_the_game_in_hands_verbs_are_offered(states, game):  # noqa: F811
    own = set(commands_of(game))
    shared = set(FOUNDATION)
    offered = set(bash("claw ", CLAW_STATE=str(states[game])))
    assert offered == own | shared | {"help"}
    in_session = set(_complete(_session(states[game]), ""))
    assert own <= in_session and {"quit", "help"} <= in_session
    from claw.cli.session.interactive import SESSION_WORDS

    assert not in_session - own - shared - set(SESSION_WORDS)
    assert "new" not in in_session and "play" not in in_session  # refused inside a session


def test_an_msm_game_offers_no_hunt_and_no_ghost(states):  # noqa: F811
    for offered in (bash("claw ", CLAW_STATE=str(states["msm"])), _complete(_session(states["msm"]), "")):
        assert "hunt" not in offered and "build-ghost" not in offered and "move" in offered
    assert "hunt" in bash("claw ")  # no game in hand: every game's verbs


def test_an_attack_target_is_a_figure_the_attacker_may_attack(states):  # noqa: F811
    from claw.cli.games.msm.complete import targets

    msm = states["msm"]
    state = json.loads(msm.read_text())["state"]
    for cat in ("leon", "nera", "guy", "adara"):
        want = targets(state, [cat])
        assert bash(f"claw attack {cat} ", CLAW_STATE=str(msm)) == want
        assert not {"guy", "adara", "leon", "nera"} & set(want)  # never a cat
    assert bash("claw attack leon ", CLAW_STATE=str(msm)) == ["rat-3"]  # the one rat leon reaches in sight
    assert bash("claw attack emberpaw ", CLAW_STATE=str(states["warriors"])) == ["bramble"]
    mice = bash("claw attack collin ", CLAW_STATE=str(states["mice"]))
    assert mice and all(not m.startswith(("collin", "nez", "filch", "tilda", "lily", "maginos")) for m in mice)


def test_weapon_equip_and_trade_offer_that_cats_own_cards(states):  # noqa: F811
    msm = str(states["msm"])
    state = json.loads(states["msm"].read_text())["state"]
    leon = state["figures"]["leon"]
    weapons = [c["id"] for c in leon["weapons"]] + ["unarmed"]
    assert bash("claw attack leon rat-3 --weapon ", CLAW_STATE=msm) == weapons
    assert "tanto" not in weapons and bash("claw attack nera rat-3 --weapon t", CLAW_STATE=msm) == ["tanto"]
    nera = state["figures"]["nera"]
    held = [c["id"] for c in [*nera["weapons"], *([nera["armour"]] if nera.get("armour") else []), *nera["loot"]]]
    assert bash("claw equip nera ", CLAW_STATE=msm) == held
    assert _complete(_session(states["msm"]), "equip nera ") == held
    from claw.cli.games.msm.complete import partners

    assert set(bash("claw trade nera ", CLAW_STATE=msm)) == set(held) | set(partners(state, ["nera"]))
    assert bash(f"claw trade nera {held[0]} ", CLAW_STATE=msm) == partners(state, ["nera"])


def test_knack_offers_the_knacks_that_cat_may_use_on_its_own(states, tmp_path):  # noqa: F811
    """Knacks (Using Knacks): Dash, Leap, Spring, Pathfinder, Interpret Dreams and Yowl are
    used on their own; a check or fight knack is not `claw knack`'s."""
    doc = json.loads(states["warriors"].read_text())
    doc["state"]["cats"]["emberpaw"]["knacks"].update({"leap": 1, "yowl": 1})
    path = tmp_path / "party.json"
    path.write_text(json.dumps(doc))
    assert bash("claw knack emberpaw ", CLAW_STATE=str(path)) == ["leap", "yowl"]
    assert bash("claw knack bramble ", CLAW_STATE=str(path)) == []  # every one of its knacks is a check's or a fight's
    assert bash("claw check emberpaw --knack ", CLAW_STATE=str(path)) == ["feint", "stalk", "track", "leap", "yowl"]


def test_the_fixed_words_of_help_tavern_spawn_entry_and_lookup(states):  # noqa: F811
    msm = str(states["msm"])
    assert bash("claw help ")[:4] == list(GAMES)
    assert bash("claw help m") == ["msm", "mice", "move", "moves", "move-ghost", "minion-turn", "minion-cheese"]
    assert "hunt" not in bash("claw help ", CLAW_STATE=msm)
    assert _complete(_session(states["msm"]), "help ")[:4] == list(GAMES)
    assert bash("claw tavern ", CLAW_STATE=msm) == ["start", "event", "heal", "shop", "buy", "sell", "trade",
                                                    "level", "recruit", "done", "show"]
    assert bash("claw tavern --game msm ev") == ["event"]  # stateless: the events chart
    assert bash("claw tavern sell ", CLAW_STATE=msm) == ["guy", "adara", "leon", "nera"]
    assert bash("claw spawn ", CLAW_STATE=msm) == ["S"]
    assert bash("claw entry 1", CLAW_STATE=msm)[:3] == ["1", "10", "11"]
    assert bash("claw lookup prey ")[:3] == ["mice", "rabbit", "vole"]
    assert bash("claw lookup ", CLAW_STATE=str(states["warriors"]))[:2] == ["knacks", "prey"]
    assert "bestiary" not in bash("claw lookup ", CLAW_STATE=str(states["warriors"]))


def test_herbs_connectors_and_zones(states):  # noqa: F811
    w = str(states["warriors"])
    assert "catmint,borage" in bash("claw heal emberpaw --herbs catmint,b", CLAW_STATE=w)
    assert "catmint,borage" in bash("claw gather emberpaw catmint,b", CLAW_STATE=w)
    rc = str(states["ratcatcher"])
    state = json.loads(states["ratcatcher"].read_text())["state"]
    from claw.core.ratcatcher.city import free_connectors, neighbours

    assert bash("claw explore ", CLAW_STATE=rc) == free_connectors(state)
    assert bash("claw scenario-step --connector ", CLAW_STATE=rc) == free_connectors(state)
    here = state["ratcatcher"]["zone"]
    assert bash("claw move ", CLAW_STATE=rc) == neighbours(state)[here]
    step = neighbours(state)[here][0]
    assert bash(f"claw move {step} ", CLAW_STATE=rc) == neighbours(state)[step]


def test_undo_to_offers_the_logged_commands_and_redo_is_a_command(states, tmp_path):  # noqa: F811
    path = tmp_path / "game.json"
    path.write_bytes(states["msm"].read_bytes())
    for note in ("one", "two"):
        assert run(["note", note, "-s", str(path), "-i", "-q"]).code == 0
    seqs = [str(e["seq"]) for e in json.loads(path.read_text())["log"]]
    assert bash("claw undo --to ", CLAW_STATE=str(path)) == seqs[:-1]
    assert _complete(_session(path), "undo --to ") == seqs[:-1]
    assert "redo" in bash("claw re", CLAW_STATE=str(path)) and "redo" in _complete(_session(path), "re")


def test_ratcatcher_traps_and_abilities_go_where_they_may(states):  # noqa: F811
    from claw.core.ratcatcher.player import trap_zones, usable_abilities

    rc = str(states["ratcatcher"])
    state = json.loads(states["ratcatcher"].read_text())["state"]
    assert bash("claw trap snare ", CLAW_STATE=rc) == trap_zones(state)
    assert bash("claw ability ", CLAW_STATE=rc) == usable_abilities(state) == ["smoke"]
    assert bash("claw ability smoke ", CLAW_STATE=rc) == []  # smoke places no token: no zone
