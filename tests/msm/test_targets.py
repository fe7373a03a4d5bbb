"""The questions Tab completion asks core (issue 23 item 3): the figures an attacker may
attack ("Cat Attack", "Counting Range", "Line of Sight", "Rat Attack"), the moves a cat
may pay for now ("Cat Actions", "Cat Movement"), and where its loot is (searching, "Picking
Up Stuff", "Trading Stuff")."""

from claw.core.errors import IllegalAction
from claw.core.msm.attack import attack_chances, targets, weapons_of
from claw.core.msm.loot import loot_squares_near, lying_here, pickup, trade_partners
from claw.core.msm.movement import POUNCE, PROWL, moves_now

from .play_helpers import BESTIARY, cat, rat, state

OPEN = ["........"] * 8


def _attackable(st, board, attacker):
    """The oracle: every figure that attack --odds does not refuse for this attacker."""
    found = []
    for tid, fig in st["figures"].items():
        if tid == attacker or fig["side"] == st["figures"][attacker]["side"]:
            continue
        try:
            attack_chances(st, board, BESTIARY, attacker, tid)
        except IllegalAction:
            continue
        found.append(tid)
    return found


def test_targets_are_what_the_attack_accepts_range_and_sight():
    """Counting Range and Line of Sight: the tantō (RANGE 0) reaches its big square and the
    next, the shuriken further; a wall hides a rat; never a cat of the attacker's side."""
    rows = ["....#...", "....#...", "....#...", "....#...", "........", "........", "........", "........"]
    figures = {"nera": cat("A1", "tanto"), "leon": cat("B1", "charleville-musket"),
               "rat-1": rat("detestable", "B2"), "rat-2": rat("detestable", "D3"), "rat-3": rat("detestable", "F1"),
               "rat-4": rat("detestable", "A8")}
    st, board = state(rows, figures)
    for attacker in ("nera", "leon", "rat-1"):
        assert targets(st, board, BESTIARY, attacker) == _attackable(st, board, attacker), attacker
    assert "rat-3" not in targets(st, board, BESTIARY, "leon")  # behind the wall
    assert not {"nera", "leon"} & set(targets(st, board, BESTIARY, "nera"))


def test_a_cat_that_is_down_is_no_rats_target():
    """Rat Attack: a cat that is down is not attacked."""
    st, board = state(OPEN, {"nera": cat("A1", "tanto", down=True), "rat-1": rat("detestable", "B2")})
    assert targets(st, board, BESTIARY, "rat-1") == []


def test_weapons_of_a_cat_and_of_a_rat():
    st, _ = state(OPEN, {"nera": cat("A1", "tanto", "shuriken"), "rat-1": rat("detestable", "B2")})
    assert [w.id for w in weapons_of(st, BESTIARY, "nera")] == ["tanto", "shuriken", "unarmed"]
    own = [a["id"] for a in BESTIARY["rats"]["detestable"]["attacks"]]
    assert [w.id for w in weapons_of(st, BESTIARY, "rat-1")] == own


def test_moves_now_leaves_out_a_move_the_cat_cannot_pay_for():
    """Cat Actions: a pounce costs 2 AP, so a cat with 1 AP left in the cats' turn has none."""
    st, board = state(OPEN, {"nera": cat("C3", ap=1)})
    opts, short = moves_now(board, st, "nera")
    assert short == [POUNCE] and opts[POUNCE] == [] and opts[PROWL]
    st["phase"] = "rats"  # outside the cats' turn no AP are counted
    opts, short = moves_now(board, st, "nera")
    assert short == [] and opts[POUNCE]


def test_loot_squares_cards_lying_and_trade_partners_by_big_square():
    """Searching: an L square on or next to the cat; Picking Up Stuff: a card lying in its
    big square (what pickup takes); Trading Stuff: the cats in its big square."""
    st, board = state(OPEN, {"nera": cat("A1"), "guy": cat("B2"), "leon": cat("C1")},
                      loot={"markers": {"A2": 1, "D4": 1}, "searched": {},
                            "table": {"B1": [{"id": "tanto", "name": "Tanto"}], "E5": [{"id": "rapier"}]}})
    assert loot_squares_near(st, board, "nera") == ["A2"]
    assert [card["id"] for _, card in lying_here(st, board, "nera")] == ["tanto"]
    assert pickup(st, board, "nera", "tanto").state["figures"]["nera"]["loot"][0]["id"] == "tanto"
    assert trade_partners(st, board, "nera") == ["guy"]  # leon's C1 is the next big square
