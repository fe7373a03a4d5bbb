"""msm for the simulator: the cats' legal actions as ``claw play`` lines, and applying a
line through the same core functions the CLI's handlers call (so a simulated game
replays through ``claw play`` to the same state).

The actions offered: ``search CAT``, ``attack CAT RAT``, ``move CAT SQUARE --as prowl|
stride``, ``end-activation CAT`` and ``scenario-step`` (the cats end their turn). Pounces,
trades, equipment, reloads and scratch tokens spent on rerolls are not offered: the
shipped policies do not use them (a user's policy sees the same list).
"""

from __future__ import annotations

from dataclasses import dataclass

from claw.core.errors import IllegalAction
from claw.core.msm import rounds
from claw.core.msm.actions import paid_move
from claw.core.msm.attack import ScratchPolicy, attack
from claw.core.msm.board import Board
from claw.core.msm.choices import RatChoices
from claw.core.msm.loot import search
from claw.core.msm.movement import COST, PROWL, STRIDE, move_options
from claw.core.msm.playstate import cats_on_map, rats_on_map
from claw.core.msm.squares import parse_square, square_name

GAME = "msm"


@dataclass(frozen=True)
class Context:
    """What stays fixed during a game: the board (from the state's map) and the bestiary."""

    board: Board
    bestiary: dict


def context(state: dict, bestiary: dict) -> Context:
    from claw.core.msm.setup import board_from_state

    return Context(board_from_state(state), bestiary)


class _Legal(Exception):
    """Raised by the probe dice: the action got as far as rolling, so it is legal."""


class _Probe:
    def draw(self, low: int, high: int, label: str = "") -> int:
        raise _Legal

    def die(self, sides: int) -> int:
        raise _Legal

    def shuffle(self, items: list) -> list:
        raise _Legal


def _allowed(fn) -> bool:
    """Whether ``fn()`` (an action on a copy, with probe dice) passes the rules' checks."""
    try:
        fn()
    except _Legal:
        return True
    except IllegalAction:
        return False
    return True


def deciding(state: dict) -> bool:
    """Whether the players decide now (the cats' phase); other phases run on their own."""
    return state["phase"] == rounds.CATS and not state.get("outcome")


def legal_actions(state: dict, ctx: Context) -> list[str]:
    """The cats' legal actions now, in a fixed order (cats by id; search, attacks, moves,
    end of activation), then ``scenario-step``."""
    board, bestiary = ctx.board, ctx.bestiary
    out: list[str] = []
    active = state.get("active")
    probe = _Probe()
    rats = sorted(r for r, _ in rats_on_map(state))
    for cid in sorted(c for c, _ in cats_on_map(state)):
        fig = state["figures"][cid]
        if fig.get("down") or not fig.get("square"):
            continue
        if fig.get("activated") and active != cid:
            continue
        ap = fig["ap"] if fig.get("ap") is not None else rounds.max_ap(fig)
        if ap <= 0:
            if active == cid:
                out.append(f"end-activation {cid}")
            continue
        if _allowed(lambda c=cid: search(state, board, c, probe)):
            out.append(f"search {cid}")
        for rid in rats:
            if _allowed(lambda c=cid, r=rid: attack(state, board, bestiary, c, r, probe)):
                out.append(f"attack {cid} {rid}")
        for mode, squares in move_options(board, state["figures"], cid, modes=(PROWL, STRIDE),
                                          pounce_ruling=state.get("options", {}).get("pounce", "stride-too")).items():
            if mode not in (PROWL, STRIDE) or COST[mode] > ap:
                continue
            out.extend(f"move {cid} {square_name(sq)} --as {mode}" for sq in squares)
        if active == cid:
            out.append(f"end-activation {cid}")
    out.append("scenario-step")
    return out


class Ties(RatChoices):
    """The rats' ties settled by a chooser (``--ties random`` or ``policy``); every choice
    made is kept so that the ``claw play`` line can repeat it with ``--choose``."""

    def __init__(self, choose) -> None:
        super().__init__()
        self.choose = choose
        self.made: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.made)

    def pick_first(self, group: list[str]) -> str | None:
        if len(group) < 2:
            return None
        earlier = super().pick_first(group)   # a choice already made settles it, as in the CLI
        if earlier is not None:
            return earlier
        from claw.core.sim.protocol import Tie

        rid = self.choose(Tie("first", None, tuple(group)))
        self.made.append(f"first={rid}")
        self.first.append(rid)
        return super().pick_first(group)

    def pick(self, rid: str, kind: str, options: list[str]) -> str | None:
        if len(options) < 2:
            return None
        earlier = super().pick(rid, kind, options)
        if earlier is not None:
            return earlier
        from claw.core.sim.protocol import Tie

        value = self.choose(Tie(kind, rid, tuple(options)))
        self.made.append(f"{rid}={value}")
        self.per_rat.setdefault(rid, []).append(value)
        return super().pick(rid, kind, options)


def apply(state: dict, ctx: Context, line: str, dice, choose=None) -> tuple[dict, list[dict], str]:
    """Play one ``claw play`` line as its handler does; returns (state, events, the line as
    it is to be replayed: ``scenario-step`` gains the ties chosen, ``--choose``)."""
    words = line.split()
    verb = words[0]
    board, bestiary = ctx.board, ctx.bestiary
    if verb == "scenario-step":
        ties = Ties(choose) if choose else None
        out = rounds.step(state, board, dice, bestiary, choices=ties,
                          cat_stun=state.get("options", {}).get("cat_stun", "clear"))
        if ties and ties.made:
            line = "scenario-step" + "".join(f" --choose {c}" for c in ties.made)
        return out.state, out.events, line
    if verb == "search":
        out = search(state, board, words[1], dice)
        return out.state, out.events, line
    if verb == "attack":
        out = attack(state, board, bestiary, words[1], words[2], dice,
                     scratch=ScratchPolicy(take_on_one=True, reroll_ones=False, reroll=[]))
        return out.state, out.events, line
    if verb == "move":
        out = paid_move(state, board, words[1], parse_square(words[2]), words[4], dice)   # in place: no copy
        return out.state, out.events, line
    if verb == "end-activation":  # a step on the state in place, like the move
        events = rounds.end_activation(state, words[1])
        return state, events, line
    raise IllegalAction(f"not an action the simulator plays: {line}")


def outcome(state: dict) -> str | None:
    """``won``/``lost`` once the game is over, else None."""
    out = state.get("outcome")
    if not out:
        return None
    return "won" if out["result"] == "victory" else "lost"


def round_number(state: dict) -> int:
    return state["round"]["number"]


def falls(before: dict, after: dict, ctx: Context, line: str = "") -> list[tuple[str, str]]:
    """Figures that left the map between two states, as (side, big square) pairs: a big
    square named by its top-left small square."""
    out = []
    figs = after["figures"]
    for fid, fig in before["figures"].items():
        sq = fig.get("square")
        if not sq:
            continue
        now = figs.get(fid)
        if now is None or not now.get("square") or (fig["side"] == "cat" and now.get("down") and not fig.get("down")):
            bx, by = ctx.board.big(parse_square(sq))
            out.append((fig["side"], f"{bx},{by}"))
    return out
