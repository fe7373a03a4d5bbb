"""What a table correction triggers (`claw adjust`) in the Ratcatcher, and the values play
never reaches (rulebook: Character Board *Wounds*, *Wounding a Nemesis*, Setup 5).

- the Nemesis at 0 wounds (or set ``slain``) is destroyed (``effects.destroy_nemesis``):
  slain and off the board, the game won at the next win/loss check;
- the Ratcatcher at 0 wounds has fallen: it can act no more and the game is lost at the
  end of the turn (ruling R12), as after a fatal bite; the state needs no change for it.
- refused: more rat tokens in the sack, the city and with the Tallyman than the game's
  Rat Sack holds (Setup 5: all 64 tokens), each colour named with the most it can be.
"""

from __future__ import annotations

from claw.core.outcome import Outcome
from claw.core.ratcatcher.city import COLOURS, clone
from claw.core.ratcatcher.effects import destroy_nemesis


def consequences(state: dict) -> tuple[dict, list[dict]]:
    """``(new state, events)`` after a correction; ``state`` is not changed."""
    if state.get("outcome"):
        return state, []
    out = Outcome()
    nem, rc = state["nemesis"], state["ratcatcher"]
    new = state
    if (nem["wounds"] <= 0 and not nem["slain"]) or (nem["slain"] and nem.get("zone")):
        new = clone(state)
        destroy_nemesis(new, out)
    if rc["wounds"] <= 0:
        out.add("fallen", f"{rc['name']} has 0 wounds: it can act no more, and the game is lost at the end "
                "of this turn (scenario-step)", wounds=0)
    return new, out.events  # the ADJUST "after" contract: (state, events)


def _tokens(state: dict) -> tuple[int, dict[str, int], dict[str, int], dict[str, int]]:
    """The sack's size, and the common rats by colour in the sack, the city and with the Tallyman."""
    sack = {c: int(state["sack"][c]) for c in COLOURS}
    city = {c: sum(int(z["rats"][c]) for z in state["zones"].values()) for c in COLOURS}
    tally = {c: int(state["tallyman"]["rats"][c]) for c in COLOURS}
    return int(state["rules"]["sack_size"]), sack, city, tally


def limits(state: dict, before: dict | None = None) -> list[str]:
    """Values play never reaches, each named with its limit: rat tokens are never made, so
    the sack, the city and the Tallyman hold no more than the game's Rat Sack (Setup 5)."""
    try:
        size, sack, city, tally = _tokens(state)
        old = _tokens(before)[1:] if before is not None else (sack, city, tally)
    except (KeyError, TypeError, ValueError, AttributeError):
        return []  # not this game's shape: the schema check names the problem
    if sum(sack.values()) + sum(city.values()) + sum(tally.values()) <= size:
        return []
    out = []
    for c in COLOURS:
        had = sum(pile[c] for pile in old)
        if sack[c] + city[c] + tally[c] > had:
            most = max(0, had - city[c] - tally[c])
            out.append(f"sack-{c} {sack[c]}: the game has {had} {c} rat tokens ({size} in the Rat Sack in all, "
                       f"Setup 5), {city[c]} in the city and {tally[c]} with the Tallyman, so at most {most} "
                       "in the sack")
    return out or [f"the sack, the city and the Tallyman hold more than the Rat Sack's {size} rat tokens (Setup 5)"]
