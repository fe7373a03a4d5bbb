"""What a table correction triggers (`claw adjust`) in msm, and the values play never
reaches (rulebook: Cat Health, "Cat Actions", Scratch Tokens, Objectives).

- a cat whose health is 0 is down, as after its last wound (``playstate.put_down``): it
  drops its cards where it stood and leaves the map; then the objectives are checked as
  after every action (``victory.check``: every cat down loses).
- refused: health above the track's 9 lives, a cat's AP above its maximum, more than 3
  scratch tokens.
"""

from __future__ import annotations

import copy

from claw.core.msm import victory
from claw.core.msm.attack import MAX_SCRATCH
from claw.core.msm.figures import is_cat
from claw.core.msm.playstate import put_down
from claw.core.msm.rounds import max_ap
from claw.core.msm.tavern import MAX_HEALTH


def consequences(state: dict) -> tuple[dict, list[dict]]:
    """``(new state, events)`` after a correction; ``state`` is not changed."""
    downed = [fid for fid, f in state.get("figures", {}).items()
              if is_cat(f) and f.get("health", 1) == 0 and not f.get("down")]
    if not downed and ("goals" not in state or state.get("outcome")):
        return state, []
    st = copy.deepcopy(state)
    events: list[dict] = []
    for fid in downed:
        events += put_down(st, fid)
    if "goals" in st:  # a play state: the objectives are checked as after an action
        events += victory.check(st)
    return st, events


def limits(state: dict, before: dict | None = None) -> list[str]:
    """Values play never reaches, each named with its limit."""
    out = []
    for fid, f in state.get("figures", {}).items():
        health, ap = f.get("health"), f.get("ap")
        if isinstance(health, int) and not 0 <= health <= MAX_HEALTH:
            out.append(f"{fid} health {health}: a cat has 0 to {MAX_HEALTH} lives")
        if is_cat(f) and isinstance(ap, int) and not 0 <= ap <= max_ap(f):
            out.append(f"{fid} ap {ap}: {fid} has at most {max_ap(f)} AP a turn")
    tokens = state.get("scratch_tokens")
    if isinstance(tokens, int) and not 0 <= tokens <= MAX_SCRATCH:
        out.append(f"scratch-tokens {tokens}: the team holds 0 to {MAX_SCRATCH} scratch tokens")
    return out
