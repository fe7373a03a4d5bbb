"""What a table correction triggers (`claw adjust`) in the Ghost of Castle Andon, and the
values play never reaches (rulebook: Chapter Objective, Scaring the Human Raiders,
Chapter End; the base game's minion cheese wheel).

Run on the corrected state as play runs them when a value is reached:

- a minion whose wounds reach its life is defeated and leaves the board, Barnacle and
  Blackpaw ticking their objectives (``outcomes.remove_minion``, as base-game combat);
- the scare track at 10: the raiders leave the castle and the chapter end marker moves
  one page (``scare.track_full``), then the Dining Hall's ghost comes off if no raider
  is left (``scare.check_revert``);
- the end of the chapter (``track.check_end``): the hourglass on (or past) the chapter
  end marker is a defeat, every mouse captured at once too, both objectives a victory.

Refused: the scare track beyond 10, the hourglass off the chapter track (pages 1–99), the
wheel at 6 or more (a full wheel surges at once and empties).
"""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.mice import rooms as R
from claw.core.mice.combat import stats
from claw.core.mice.outcomes import remove_minion
from claw.core.mice.scare import check_revert, track_full
from claw.core.mice.track import MAX_PAGE, check_end
from claw.core.outcome import begin


def consequences(state: dict, tiles: dict) -> tuple[dict, list[dict]]:
    """``(new state, events)`` after a correction; ``state`` is not changed. ``tiles``:
    the room tiles (claw's data), whose names the events use."""
    if "mice" not in state or state.get("outcome"):
        return state, []
    res = begin(state)
    for f in list(res.state["minions"]):
        try:
            life = stats(res.state, f, tiles["special_figures"])["life"]
        except IllegalAction:  # the chapter file's bestiary gives it no life: nothing to reach
            continue
        if f["wounds"] >= life and f in res.state["minions"]:
            remove_minion(res, f, tiles, f"is defeated ({f['wounds']} wounds of {life} life)")
    track_full(res, tiles)
    check_revert(res, tiles)
    check_end(res)
    if not res.events:
        return state, []
    return res.state, [dict(e) for e in res.events]


def limits(state: dict, before: dict | None = None) -> list[str]:
    """Values play never reaches, each named with its limit."""
    out = []
    scare, hourglass, wheel = state.get("scare"), state.get("hourglass"), state.get("wheel")
    if isinstance(scare, int) and not 0 <= scare <= R.SCARE_GOAL:
        out.append(f"scare {scare}: the scare track runs from 0 to {R.SCARE_GOAL}")
    if isinstance(hourglass, int) and not 1 <= hourglass <= MAX_PAGE:
        out.append(f"hourglass {hourglass}: the chapter track runs from page 1 to {MAX_PAGE}")
    if isinstance(wheel, int) and not 0 <= wheel < R.WHEEL_SIZE:
        out.append(f"wheel {wheel}: the minion cheese wheel holds 0 to {R.WHEEL_SIZE - 1} cheese (the "
                   f"{R.WHEEL_SIZE}th empties it in a surge)")
    return out
