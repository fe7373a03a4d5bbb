"""Oracle tests (issue 24, "Done means"): a cat's activation of two attacks on a two-life
rat, played by the real engine over every dice sequence, gives exactly the chances that
claw's exact odds (`claw attack --odds`, ``attack_chances``) compose to.

Rulebook: "Cat Actions" (2 AP; an attack costs 1), "Attack Results" (each die at or above
the wound value wounds, any stun or wound stuns, a rat at 0 health is eliminated, no second
stun marker), "Attack Modifiers" (+3 on a stunned rat), and the Norwegian Brown's health 2
("New Foes"). The second attack sees what the first did: the rat's wound and stun, and a
once-per-scenario weapon spent.
"""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from claw.core.msm.attack import attack, attack_chances
from tests.every_roll import distribution

from .play_helpers import BESTIARY, cat, rat, state

OPEN = ["........"] * 8
DUEL = "tests/msm/files/duel.yaml"
ELIMINATED = "eliminated"


def _status(st: dict, rid: str):
    """What an activation leaves of the rat: eliminated, or (wounds, stunned)."""
    fig = st["figures"].get(rid)
    return ELIMINATED if fig is None else (fig.get("wounds", 0), bool(fig.get("stunned")))


def engine_activation(st: dict, board, cid: str, rid: str, attacks: int = 2):
    """The piece of play: ``cid`` attacks ``rid`` ``attacks`` times while it stands."""
    def play(dice):
        now = st
        for _ in range(attacks):
            if rid not in now["figures"]:
                break
            now = attack(now, board, BESTIARY, cid, rid, dice).state
        return _status(now, rid)
    return play


def odds_activation(st: dict, board, cid: str, rid: str, attacks: int = 2) -> dict:
    """The same chances from claw's exact odds of one attack at a time: after each
    result the rat is marked as the rules say (wounds, a stun) and the weapon spent if it
    fires once, and the next attack's odds are asked of that state."""
    if attacks == 0 or rid not in st["figures"]:
        return {_status(st, rid): Fraction(1)}
    weapon, _mods, odds = attack_chances(st, board, BESTIARY, cid, rid)
    fig = st["figures"][rid]
    health = BESTIARY["rats"][fig["type"]]["health"] - fig.get("wounds", 0)
    branches = [(ELIMINATED, odds.eliminate)]
    for wounds in range(1, health):
        branches.append(((wounds, True), odds.wounds[wounds]))
    branches.append(((0, True), odds.stun - odds.wound))    # a stun, no wound
    branches.append(((0, False), 1 - odds.stun))            # nothing
    out: dict = {}
    for result, chance in branches:
        if not chance:
            continue
        nxt = copy.deepcopy(st)
        if weapon.once:
            nxt["figures"][cid].setdefault("depleted", []).append(weapon.id)
        if result == ELIMINATED:
            del nxt["figures"][rid]
        else:
            added, stunned = result
            r = nxt["figures"][rid]
            r["wounds"] = r.get("wounds", 0) + added
            r["stunned"] = r.get("stunned", False) or stunned
        for final, p in odds_activation(nxt, board, cid, rid, attacks - 1).items():
            out[final] = out.get(final, Fraction(0)) + chance * p
    return out


def test_cat_actions_two_attacks_on_a_two_life_rat_are_exactly_claw_odds():
    """Nera (Shuriken, Tantō: 1d12 each) attacks a Norwegian Brown twice: all 12**2
    sequences through ``attack`` give the odds' distribution, fraction for fraction."""
    st, board = state(OPEN, {"nera": cat("B2", "shuriken", "tanto"), "rat-1": rat("norwegian-brown", "C2")})
    got = distribution(engine_activation(st, board, "nera", "rat-1"))
    want = odds_activation(st, board, "nera", "rat-1")
    assert got == want
    assert sum(got.values()) == 1 and got[ELIMINATED] > 0


def _duel_start():
    from claw.cli.commands.simulate import load_setup
    from claw.core.msm.setup import board_from_state
    from claw.core.rng import SeededDice
    from claw.core.sim.engine import Variant, start

    st = start(load_setup(DUEL), Variant("as written"), SeededDice(0))
    st["phase"] = "cats"   # the cats' turn of round 1 (what happens before it changes nothing here)
    return st, board_from_state(st)


def duel_exact() -> Fraction:
    """The chance that Guy's activation eliminates the Brown in the duel scenario, from
    claw's exact odds (Brace of Pistols first, then the Pair of Poignards)."""
    st, board = _duel_start()
    return odds_activation(st, board, "guy", "rat-1")[ELIMINATED]


@pytest.mark.slow  # 12**4 = 20,736 sequences, two engine attacks each: about 10 s on the 2-core machine
def test_cat_actions_guy_duel_over_every_sequence_is_exactly_claw_odds(monkeypatch):
    """The duel scenario's start state (as `claw new` builds it): Guy fires the Brace of
    Pistols (2d12, once per scenario), then the Pair of Poignards (2d12, +3 on a stunned
    rat): every sequence of the four dice through ``attack`` gives the composed odds."""
    from tests.paths import ROOT

    monkeypatch.chdir(ROOT)
    st, board = _duel_start()
    got = distribution(engine_activation(st, board, "guy", "rat-1"))
    assert got == odds_activation(st, board, "guy", "rat-1")
    assert sum(got.values()) == 1


def test_claw_attack_odds_prints_the_odds_the_oracle_composes(tmp_path, monkeypatch):
    """`claw attack guy rat-1 --odds --json` on the duel's new state is ``attack_chances``."""
    import json

    from claw.cli.testing import run
    from tests.paths import ROOT

    monkeypatch.chdir(ROOT)
    new = run(["new", DUEL, "--seed", "1", "-q"])
    assert new.code == 0, new.stderr
    r = run(["attack", "guy", "rat-1", "--odds", "--json", "-s", "-"], stdin=new.stdout)
    assert r.code == 0, r.stderr
    st, board = _duel_start()
    _w, _m, odds = attack_chances(st, board, BESTIARY, "guy", "rat-1")
    chances = json.loads(r.stdout)["chances"]
    for key in ("stun", "wound", "eliminate"):
        assert Fraction(chances[key]["fraction"]) == getattr(odds, key)
