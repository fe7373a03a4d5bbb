"""Building small msm states by hand for the play-rule tests."""


from ruamel.yaml import YAML

from claw.core.msm.board import board_from_map
from tests.paths import ROOT


def load(rel):
    return YAML(typ="safe").load((ROOT / rel).read_text(encoding="utf-8"))


BESTIARY = load("data/msm/bestiary.yaml")
DECK = load("examples/msm/loot-illustrative.yaml")
CARDS = {c["id"]: c for c in DECK["cards"]}


def cat(square, *weapons, **extra):
    fig = {"side": "cat", "type": "cat", "square": square, "wounds": 0, "stunned": False,
           "vulnerable": False, "ap": None, "max_ap": 2, "health": 9,
           "weapons": [dict(CARDS[w]) for w in weapons]}
    fig.update(extra)
    return fig


def rat(kind, square, revealed=True, **extra):
    fig = {"side": "rat", "type": kind, "square": square, "revealed": revealed, "wounds": 0, "stunned": False}
    fig.update(extra)
    return fig


def state(rows, figures, *, walls=(), yellow_lines=(), phase="cats", track=None, pool=(), legend=None, **extra):
    st = {
        "scenario": {"name": "test"},
        "map": {"rows": list(rows), "walls": list(walls), "yellow_lines": list(yellow_lines),
                **({"legend": legend} if legend else {})},
        "figures": figures,
        "round": {"space": 0, "number": 1, "track": track or [[]], "turns_done": []},
        "phase": phase,
        "rat_pool": list(pool),
        "rat_discard": [],
        "set_aside": [],
        "loot": {"markers": {}, "searched": {}},
        "scratch_tokens": 0,
        "next_rat": 50,
        "options": {"roaches": "ignore"},
    }
    st.update(extra)
    return st, board_from_map(st["map"])
