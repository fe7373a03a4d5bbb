"""Look-ups over the tile data (``data/mice/tiles.json``) and the state's figures."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted

ROOM_IDS = ("tunnel-entrance", "kings-tunnels", "kings-chamber", "kitchen", "dining-hall")
RAIDER_POINTS_NOISES = 3
SCARE_GOAL = 10
WHEEL_SIZE = 6  # base game: a full minion cheese wheel causes a surge


def tile(tiles: dict, room: str) -> dict:
    """The tile data for ``room``; an unknown room is a usage error."""
    for t in tiles["tiles"]:
        if t["id"] == room:
            return t
    raise UsageError(f"no such room in this chapter: {quoted(room)} (rooms: {', '.join(ROOM_IDS)})")


def rule(tiles: dict, room: str, n: int) -> dict:
    """Numbered rule ``n`` of ``room``'s tile."""
    for r in tile(tiles, room)["rules"]:
        if r["n"] == n:
            return r
    raise KeyError(f"{room} rule {n}")


def cite(tiles: dict, room: str, n: int) -> str:
    """How messages cite a rule: ``King's Chamber 3, Scaring the Burly Raider``."""
    r = rule(tiles, room, n)
    name = r.get("title") or r["kind"].replace("-", " ")
    return f"{tile(tiles, room)['name']} {n}, {name}"


def kind_name(kind: str, count: int = 1) -> str:
    """``3 elite rat warriors`` from ``elite-rat-warrior``: minion kinds in plain words."""
    words = kind.replace("-", " ")
    if count == 1:
        return f"1 {words}"
    plural = words + ("es" if words.endswith(("ch", "sh", "s", "x")) else "s")
    return f"{count} {plural}"


def where(tiles: dict, m: dict) -> str:
    """Where a mouse stands, for messages: ``the Kitchen (counter)``, ``captured``."""
    if m["captured"]:
        return "captured"
    if m.get("job"):
        return f"inside the ghost ({m['job']})"
    return f"in the {tile(tiles, m['room'])['name']} ({m['spot']})"


def mouse(state: dict, mid: str) -> dict:
    """The party's mouse ``mid``; an unknown id is a usage error naming the party."""
    for m in state["mice"]:
        if m["id"] == mid:
            return m
    raise UsageError(f"no such mouse: {quoted(mid)} (party: {', '.join(m['id'] for m in state['mice'])})")


def minion(state: dict, fid: str) -> dict | None:
    """The minion with id ``fid`` on the board, or None."""
    for f in state["minions"]:
        if f["id"] == fid:
            return f
    return None


def free_mice(state: dict) -> list[dict]:
    """Mice not captured (inside the ghost counts as free)."""
    return [m for m in state["mice"] if not m["captured"]]


def minions_in(state: dict, room: str) -> list[dict]:
    """Minions in ``room``."""
    return [f for f in state["minions"] if f["room"] == room]


def raiders_in(state: dict, room: str) -> list[dict]:
    """Raider tokens in ``room``."""
    return [r for r in state["raiders"] if r["room"] == room]


def option(state: dict, name: str) -> bool:
    """A table option from the state, falling back to the default when an older or
    hand-edited state does not carry it."""
    from claw.core.mice.setup import DEFAULT_OPTIONS

    return bool(state.get("options", {}).get(name, DEFAULT_OPTIONS[name]))


def new_id(state: dict, kind: str) -> str:
    """A fresh id ``kind-N`` from the state's counters."""
    n = state["counters"].get(kind, 0) + 1
    state["counters"][kind] = n
    return f"{kind}-{n}"


def ensure_playing(state: dict) -> None:
    """Refuse any action once the chapter has ended."""
    if state.get("outcome"):
        raise IllegalAction(f"the chapter is over ({state['outcome']}): {state.get('outcome_reason', '')}")


def ensure_free(state: dict, m: dict) -> None:
    """A mouse acting on the board: not captured and not inside the ghost costume."""
    if m["captured"]:
        raise IllegalAction(f"{m['name']} is captured and cannot act: {m['id']}")
    if m.get("job"):
        raise IllegalAction(
            f"{m['name']} is inside the ghost (job: {m['job']}); only ghost actions are possible: {m['id']}"
        )
