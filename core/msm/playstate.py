"""Small helpers the play rules share: events, the bestiary, cat health, removing
figures, and the play fields of the state (see docs/rules/msm.md, "Play").

Play fields added to the board's state layout:

- cat figures: ``health`` (lives left, 9 at the start of a campaign), ``down``
  (health reached 0), ``weapons`` / ``armour`` / ``loot`` (card dicts),
  ``skills`` (names or {name, modifier, weapons}), ``unarmed`` (attack values
  from the hero sheet), ``depleted`` (once-per-scenario weapons used),
  ``activated`` (has had its activation this turn);
- rat figures: ``depleted`` (attack ids used once), ``activated``;
- ``round.first`` / ``round.turns_done`` / ``round.spawned`` / ``round.initiative``;
- ``active``: the cat whose activation is running, or null;
- ``toxic_stench``: big squares (as ``"bx,by"``) holding a toxic stench token;
- ``loot.deck`` / ``loot.discard`` / ``loot.table`` (cards lying on the map by big square);
- ``goals`` / ``goals_done`` / ``outcome``: objectives and the result.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction, InvalidInput, UsageError, quoted
from claw.core.msm.figures import find, is_cat, is_rat

START_HEALTH = 9
DEFAULT_UNARMED = {"dice": 1, "stun": 8, "wound": 11, "range": 0}


def event(kind: str, text: str, **data) -> dict:
    return {"type": kind, "text": text, **data}


def figure(state: dict, ref: str) -> tuple[str, dict]:
    found = find(state["figures"], ref)
    if found is None:
        raise UsageError(f"no figure {quoted(ref)} on this state (figures: {', '.join(sorted(state['figures']))})")
    return found


def cat(state: dict, ref: str) -> tuple[str, dict]:
    fid, fig = figure(state, ref)
    if not is_cat(fig):
        raise IllegalAction(f"{fid} is not a cat")
    if fig.get("down"):
        raise IllegalAction(f"{fid} is down (0 health) and out of this scenario")
    if not fig.get("square"):
        raise IllegalAction(f"{fid} is not on the map")
    return fid, fig


def rat_stats(bestiary: dict, fig: dict) -> dict:
    try:
        return bestiary["rats"][fig["type"]]
    except KeyError:
        raise InvalidInput(f"state: rat type {quoted(fig.get('type'))} is not in the bestiary") from None


def check_rat_types(state: dict, bestiary: dict) -> None:
    """Refuse a state naming a rat type the bestiary lacks (figures, pool, discard)."""
    known = bestiary["rats"]
    for fid, fig in state.get("figures", {}).items():
        if is_rat(fig) and fig.get("type") not in known:
            raise InvalidInput(f"state: {fid} is of rat type {quoted(fig.get('type'))}, not in the bestiary")
    for pile in ("rat_pool", "rat_discard", "set_aside"):
        for kind in state.get(pile) or []:
            if kind not in known:
                raise InvalidInput(f"state: {pile} holds rat type {quoted(kind)}, not in the bestiary")


def powers(bestiary: dict, fig: dict) -> list[str]:
    """A face-down marker has no powers ("Unrevealed Rat Markers")."""
    if not fig.get("revealed", True):
        return []
    return rat_stats(bestiary, fig).get("powers", [])


def rat_health_left(bestiary: dict, fig: dict) -> int:
    return rat_stats(bestiary, fig)["health"] - fig.get("wounds", 0)


def cat_health(fig: dict) -> int:
    return fig.get("health", START_HEALTH)


def cats_on_map(state: dict):
    for fid, fig in state["figures"].items():
        if is_cat(fig) and fig.get("square") and not fig.get("down"):
            yield fid, fig


def rats_on_map(state: dict):
    for fid, fig in state["figures"].items():
        if is_rat(fig) and fig.get("square"):
            yield fid, fig


def leader_on_map(state: dict, bestiary: dict) -> bool:
    """Leader of the Pack works while a (revealed) leader is on the map."""
    return any("leader-of-the-pack" in powers(bestiary, f) for _, f in rats_on_map(state))


RAT_WALL = ("adjacent", "apart")


def walls_separate(state: dict) -> bool:
    """``options.rat_wall``: is a rat beside a cat across a wall not adjacent to it
    ("apart")? The default ("adjacent") is board ruling 9."""
    return (state.get("options") or {}).get("rat_wall", "adjacent") == "apart"


def discard_rat(state: dict, fid: str, why: str) -> dict:
    """Take a rat off the map into the discard pile ("Rat Elimination")."""
    fig = state["figures"].pop(fid)
    state.setdefault("rat_discard", []).append(fig["type"])
    return event("rat-discarded", f"{fid} ({fig['type']}) {why}; its marker goes to the rat discard pile.",
                 figure=fid, rat=fig["type"], square=fig.get("square"))


def wound_cat(state: dict, fid: str, wounds: int, why: str, stun: bool = True) -> list[dict]:
    """A cat loses lives; at 0 it is down and leaves the map."""
    fig = state["figures"][fid]
    before = cat_health(fig)
    after = max(0, before - wounds)
    fig["health"] = after
    fig["wounds"] = fig.get("wounds", 0) + wounds
    out = [event("cat-wounded", f"{fid} takes {wounds} wound(s) ({why}): health {before} → {after}.",
                 figure=fid, wounds=wounds, health=after)]
    if stun and after > 0 and not fig.get("stunned"):
        fig["stunned"] = True
    if after == 0:
        out += put_down(state, fid)
    return out


def put_down(state: dict, fid: str) -> list[dict]:
    """A cat at 0 health is down (in place): it drops what it carries where it stood,
    leaves the map with no AP, and its activation (if running) ends."""
    from claw.core.msm.loot import drop_all

    fig = state["figures"][fid]
    out: list[dict] = []
    fig["down"] = True
    square = fig.get("square")
    if square:
        out += drop_all(state, fid, square)
    fig["square"] = None
    fig["ap"] = 0
    if state.get("active") == fid:
        state["active"] = None
    out.append(event("cat-down", f"{fid} is down and leaves the map.", figure=fid, square=square))
    return out


def stench_key(big: tuple[int, int]) -> str:
    return f"{big[0]},{big[1]}"
