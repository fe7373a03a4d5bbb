"""Text picture of a Ghost of Castle Andon state for `claw show` (no rules here)."""

from __future__ import annotations

ITEM_NAMES = {"fishhook-and-thread": "Fishhook & Thread", "dinner-fork": "Dinner Fork", "toothpick": "Toothpick"}


def _track(state: dict) -> str:
    last = max(state["chapter_end"], state["hourglass"])
    cells = []
    for page in range(1, last + 1):
        mark = ""
        if page == state["hourglass"]:
            mark += "H"
        if page == state["chapter_end"]:
            mark += "E"
        cells.append(f"{page}{mark}" if mark else str(page))
    return " ".join(f"({c})" if not c.isdigit() else c for c in cells)


def _bar(value: int, size: int) -> str:
    return "#" * value + "." * (size - value)


def render(state: dict, tiles: dict) -> str:
    """The chapter as text: tracks, wheel, stash, objectives, rooms, the ghost and the mice."""
    names = {t["id"]: t["name"] for t in tiles["tiles"]}
    lines = [f"{state['title']}"]
    lines.append(f"  Chapter track  {_track(state)}   H = hourglass, E = chapter end")
    lines.append(f"  Scare track    {_bar(state['scare'], 10)}  {state['scare']}/10")
    lines.append(f"  Minion wheel   {_bar(state['wheel'], 6)}  {state['wheel']}/6")
    stash = [ITEM_NAMES.get(i, i) for i in state["stash"]]
    if state["fork_deployed"]:
        stash = [s + " (on the kitchen counter)" if s == "Dinner Fork" else s for s in stash]
    lines.append(f"  Party stash    {', '.join(stash) or 'empty'}")
    o = state["objectives"]
    yes = lambda b: "done" if b else "to do"  # noqa: E731
    lines.append(f"  Objectives     raiders scared: {yes(o['raiders_scared'])}; "
                 f"Barnacle: {yes(o['barnacle_defeated'])}; Blackpaw: {yes(o['blackpaw_defeated'])}")
    b = state["burly"]
    if b["placed"]:
        wary = ", suspicious (at most 3 points)" if b["suspicious"] else ""
        lines.append("  Burly raider   " + ("scared off" if b["scared"] else "in the chest" + wary))
    lines.append("  Rooms")
    for rid, st in state["rooms"].items():
        flags = "explored" if st["explored"] else "unexplored"
        if st["surged"]:
            flags += ", surged"
        here = " <- party" if rid == state["current_room"] else ""
        lines.append(f"    {names.get(rid, rid):<16} {flags}{here}")
        mins = [f"{f['id']}" + (f" ({f['wounds']} wounds)" if f["wounds"] else "")
                + (" (suspicious)" if f["suspicious"] else "") for f in state["minions"] if f["room"] == rid]
        raid = [r["id"] + (" (burly)" if r.get("burly") else "") for r in state["raiders"] if r["room"] == rid]
        if mins:
            lines.append(f"      minions: {', '.join(mins)}")
        if raid:
            lines.append(f"      raider tokens: {', '.join(raid)}")
        g = state["ghost"]
        if g and g["room"] == rid:
            lines.append(f"      GHOST: eyes {', '.join(g['eyes'])}; mop {', '.join(g['mop'])}")
    if state["escaped"]:
        when = ("the next room explored" if state.get("options", {}).get("escaped_join_next_room")
                else "the King's Chamber")
        lines.append(f"  Up the ladder  {', '.join(e['id'] for e in state['escaped'])} (join {when})")
    lines.append("  Mice")
    for m in state["mice"]:
        if m["captured"]:
            where = "captured"
        elif m["job"]:
            where = f"in the ghost ({m['job']})"
        else:
            where = f"{names.get(m['room'], m['room'])} ({m['spot']})"
        items = f"; items: {', '.join(ITEM_NAMES.get(i, i) for i in m['items'])}" if m["items"] else ""
        lines.append(f"    {m['id']:<10} {where:<32} cheese {m['cheese']}, wounds {m['wounds']}/{m['life']}{items}")
    if state["outcome"]:
        lines.append(f"  OUTCOME: {state['outcome'].upper()} ({state['outcome_reason']})")
    return "\n".join(lines)


def figure_sheet(state: dict, tiles: dict, fid: str) -> str:
    """`claw show ID`: one mouse (its scores, wounds, cheese and each item with what it
    does) or one minion (its bestiary scores, wounds and state), in full."""
    from claw.core.mice.holdings import holdings

    names = {t["id"]: t["name"] for t in tiles["tiles"]}
    mouse = next((m for m in state["mice"] if m["id"] == fid), None)
    if mouse is not None:
        where = ("captured" if mouse["captured"] else f"in the ghost ({mouse['job']})" if mouse["job"]
                 else f"{names.get(mouse['room'], mouse['room'])} ({mouse['spot']})")
        lines = [f"{mouse['name']} ({fid}), {where}",
                 f"  battle {mouse['battle']}, defence {mouse['defense']}, life {mouse['life']}; "
                 f"wounds {mouse['wounds']}/{mouse['life']}, cheese {mouse['cheese']}"]
        held = holdings(state, fid, tiles)
        lines.append("  items:" + ("" if held else " none"))
        for h in held:
            found = f" (found on the {names.get(h['tile'], h['tile'])})" if h["tile"] else ""
            lines.append(f"    {ITEM_NAMES.get(h['item'], h['title'])}{found}"
                         + (f": {h['summary']}" if h["summary"] else ""))
        if mouse.get("searched"):
            lines.append("  searched: " + ", ".join(names.get(t, t) for t in mouse["searched"]))
        return "\n".join(lines)
    f = next(m for m in state["minions"] if m["id"] == fid)
    stats = state.get("bestiary", {}).get(f["kind"], {})
    scores = ", ".join(f"{word} {stats[k]}" for k, word in (("attack", "attack"), ("defense", "defence"),
                                                         ("life", "life")) if k in stats)
    flags = [w for w, on in (("suspicious", f["suspicious"]), ("may escape up the ladder", f.get("escapes"))) if on]
    return "\n".join([f"{fid}: {f['kind']} in the {names.get(f['room'], f['room'])} ({f['spot']})",
                      f"  {scores or 'no bestiary scores'}; wounds {f['wounds']}" + "".join(f"; {x}" for x in flags)])
