"""Dramatis Personae, Guy: "Reload both pistols with 1 big action" (ruling: a big action
is 2 AP, paid at once; option `big_action: all`)."""

import copy

import pytest

from claw.core.errors import IllegalAction
from claw.core.msm.attack import attack
from claw.core.msm.reload import reload_pistols
from claw.core.rng import PhysicalDice

from .play_helpers import BESTIARY, cat, load, rat, state

HEROES = load("data/msm/heroes.yaml")
OPEN = ["........"] * 8


def guy_state(**extra):
    figures = {"guy": cat("A1", "brace-of-pistols", "pair-of-poignards", type="guy", ap=2, **extra),
               "rat-1": rat("norwegian-brown", "A3")}
    return state(OPEN, figures, phase="cats")


def test_guy_reloads_his_fired_pistols_with_one_big_action_of_2_ap():
    """The Brace of Pistols fires once per scenario; Guy's big action (2 AP) reloads it,
    and it fires again."""
    st, board = guy_state()
    st = attack(st, board, BESTIARY, "guy", "rat-1", PhysicalDice([2, 2]), weapon="brace-of-pistols").state
    assert st["figures"]["guy"]["depleted"] == ["brace-of-pistols"]
    st["figures"]["guy"]["ap"] = 2   # next activation
    st["figures"]["guy"]["activated"] = False
    st["active"] = None
    new, events = reload_pistols(st, board, "guy", HEROES)
    assert new["figures"]["guy"]["depleted"] == [] and new["figures"]["guy"]["ap"] == 0
    assert events[-1]["type"] == "reload" and events[-1]["cost"] == 2


def test_reload_is_refused_without_the_skill_the_ap_or_a_depleted_pistol():
    st, board = guy_state(depleted=["brace-of-pistols"])
    low = copy.deepcopy(st)
    low["figures"]["guy"].update(ap=1, activated=True)
    low["active"] = "guy"
    with pytest.raises(IllegalAction, match="1 AP left; a big action"):
        reload_pistols(low, board, "guy", HEROES)
    with pytest.raises(IllegalAction, match="no depleted pistol"):
        reload_pistols(guy_state()[0], board, "guy", HEROES)
    other = copy.deepcopy(st)
    other["figures"]["guy"]["type"] = "nera"
    other["figures"]["nera"] = other["figures"].pop("guy")
    with pytest.raises(IllegalAction, match="no skill to reload"):
        reload_pistols(other, board, "nera", HEROES)


def test_big_action_all_takes_the_whole_activation():
    """Option `big_action: all`: with 3 AP (2-cat variant) the reload needs all three."""
    st, board = guy_state(depleted=["brace-of-pistols"], max_ap=3)
    st["figures"]["guy"].update(ap=2, activated=True)
    st["active"] = "guy"
    st["options"]["big_action"] = "all"
    with pytest.raises(IllegalAction, match="whole activation"):
        reload_pistols(st, board, "guy", HEROES)
    st["figures"]["guy"]["ap"] = 3
    new, events = reload_pistols(st, board, "guy", HEROES)
    assert events[-1]["cost"] == 3 and new["figures"]["guy"]["ap"] == 0
