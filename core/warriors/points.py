"""Ability-point pools (rulebook: Spending Points).

A point spent on a check must match the check's ability. When that pool is empty,
two points of the other pools (one of each or two of one) buy one point of it."""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.warriors.rules import ABILITIES


def pay(pools: dict, ability: str, points: int, convert_from: list[str] | None = None,
        who: str = "the cat", why: str = "") -> tuple[dict, list[dict]]:
    """Take ``points`` of ``ability`` from ``pools`` (a copy is returned with the
    payment parts). The matching pool pays first; any shortfall is converted 2:1
    from the other pools, by default from the fuller one first (ties in
    Strength, Intelligence, Spirit order), or in the order ``convert_from`` names."""
    pools = dict(pools)
    parts: list[dict] = []
    if points <= 0:
        return pools, parts
    direct = min(points, pools[ability])
    if direct:
        pools[ability] -= direct
        parts.append({"pool": ability, "points": direct, "buys": direct})
    short = points - direct
    if not short:
        return pools, parts
    others = [a for a in ABILITIES if a != ability]
    if convert_from:
        bad = [a for a in convert_from if a not in others]
        if bad:
            raise IllegalAction(f"cannot convert {bad[0]} points into {ability}: name the other pools")
        order = list(convert_from) + [a for a in others if a not in convert_from]
    else:
        order = sorted(others, key=lambda a: (-pools[a], ABILITIES.index(a)))
    need = 2 * short
    have = sum(pools[a] for a in others)
    if have < need:
        what = f" for {why}" if why else ""
        raise IllegalAction(
            f"{who} lacks points{what}: needs {points} {ability} (has {direct}; converting the "
            f"other {short} costs {need}, only {have} left in "
            f"{' and '.join(others)})")
    chosen = convert_from is None and all(pools[a] for a in others)   # a choice the player could make
    for a in order:
        take = min(need, pools[a])
        if take:
            pools[a] -= take
            need -= take
            parts.append({"pool": a, "points": take, "converted_to": ability, **({"default": True} if chosen else {})})
        if not need:
            break
    return pools, parts


def describe(parts: list[dict]) -> str:
    """The payment parts in words, e.g. '2 strength, 2 spirit converted 2:1'."""
    bits = []
    for p in parts:
        if "converted_to" in p:
            bits.append(f"{p['points']} {p['pool']} converted 2:1")
        else:
            bits.append(f"{p['points']} {p['pool']}")
    text = ", ".join(bits) or "nothing"
    if any(p.get("default") for p in parts):
        text += " (fuller pool first; --convert-from to choose)"
    return text


def refresh(cat: dict) -> dict:
    """The GM's refresh: every pool back to its ability score (HP unchanged)."""
    cat = dict(cat)
    cat["pools"] = dict(cat["abilities"])
    return cat


def refresh_party(state: dict, ids: list[str] | None = None):
    """Spending Points: "refresh your Ability points" when the GM says so: the pools of
    the cats named (default: every cat, in the party's order) back to their scores.
    Returns an Outcome."""
    from claw.core.outcome import begin
    out = begin(state)
    targets = list(ids) if ids else list(out.state["order"])
    for cid in targets:
        out.state["cats"][cid] = refresh(out.state["cats"][cid])
    out.add("refresh", f"ability points refreshed: {', '.join(targets)}", cats=targets)
    return out
