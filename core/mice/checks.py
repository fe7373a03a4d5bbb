"""Rule-level checks of a chapter file for ``claw validate`` (after the schema)."""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.findings import collect, error, warning

PARTY_SIZE = 6  # Chapter Setup: Party Setup
CHAPTER_END_PAGE = 7  # Chapter Setup: the chapter end marker goes on page 7
VILLAINS = ("blackpaw", "barnacle")


def check(kind: str, doc: dict, *, tolerant: bool = False) -> list:
    """Rule-level problems of a chapter file for ``claw validate`` (Findings)."""
    if kind != "chapter" or not isinstance(doc, dict):
        return []
    return collect([lambda: _party(doc), lambda: _action_die(doc), lambda: _track(doc)], tolerant=tolerant)


def _party(doc: dict) -> list:
    out = []
    party = doc.get("party") or []
    if len(party) != PARTY_SIZE:
        out.append(error(("party",), f"Party Setup: the chapter needs {PARTY_SIZE} mice, the file lists {len(party)}",
                         "MICE101"))
    seen: dict[str, int] = {}
    for i, p in enumerate(party):
        pid = p.get("id") if isinstance(p, dict) else None
        if pid in seen:
            out.append(error(("party", i, "id"), f"mouse id {quoted(pid)} repeats party entry {seen[pid] + 1}",
                             "MICE102"))
        elif pid is not None:
            seen[pid] = i
        if pid in VILLAINS:
            out.append(error(("party", i, "id"), f"mouse id {quoted(pid)} is reserved for the chapter's villains",
                             "MICE103"))
    return out


def _action_die(doc: dict) -> list:
    faces = (doc.get("action_die") or {}).get("faces") or []
    places = sorted(f["face"] for f in faces if isinstance(f, dict) and isinstance(f.get("face"), int))
    if faces and places != [1, 2, 3, 4, 5, 6]:
        return [error(("action_die", "faces"), f"the action die's faces must sit at positions 1..6, once each: "
                      f"{places}", "MICE105")]
    return []


def _track(doc: dict) -> list:
    out = []
    track = doc.get("chapter_track") or {}
    hg, end = track.get("hourglass", 1), track.get("chapter_end", CHAPTER_END_PAGE)
    if isinstance(hg, int) and isinstance(end, int) and hg >= end:
        out.append(error(("chapter_track", "hourglass"),
                         f"the hourglass (page {hg}) must start before the chapter end marker (page {end})",
                         "MICE104"))
    if isinstance(end, int) and end != CHAPTER_END_PAGE and doc.get("chapter") == "ghost-of-castle-andon":
        out.append(warning(("chapter_track", "chapter_end"),
                           f"Chapter Setup puts the chapter end marker on page {CHAPTER_END_PAGE}, "
                           f"this file on page {end}", "MICE201"))
    return out


def check_state(state: dict) -> list[str]:
    """Rule-level consistency of a (possibly hand-edited) chapter state, after its schema:
    ids used once, the ghost's crew matching the mice's jobs, a mouse wounded to its life
    captured. Empty when sound."""
    out: list[str] = []
    for group in ("mice", "minions", "raiders"):
        seen: set[str] = set()
        for item in state[group]:
            if item["id"] in seen:
                out.append(f"{group}: id {quoted(item['id'])} appears twice")
            seen.add(item["id"])
    ghost = state["ghost"]
    crew = {"eye": ghost["eyes"], "mop": ghost["mop"]} if ghost else {"eye": [], "mop": []}
    for m in state["mice"]:
        listed = [job for job, ids in crew.items() if m["id"] in ids]
        if (m["job"] and listed != [m["job"]]) or (not m["job"] and listed):
            out.append(f"mice: {m['id']} has job {m['job'] or 'none'} but the ghost lists it as "
                       f"{', '.join(listed) or 'no crew'}")
        elif not m["captured"] and not m["job"] and m["room"] is None:
            out.append(f"mice: {m['id']} is neither captured nor in the ghost, so it needs a room")
        if not m["captured"] and m["wounds"] >= m["life"]:  # as many wounds as life: captured
            out.append(f"mice: {m['id']} has {m['wounds']} wounds of {m['life']} life but is not captured")
    known = {m["id"] for m in state["mice"]}
    for job, ids in crew.items():
        for mid in ids:
            if mid not in known:
                out.append(f"ghost: {job} {quoted(mid)} is not a mouse of the party")
    failed = state["burly"].get("lid_failed_by")
    if failed is not None and failed not in known:
        out.append(f"burly.lid_failed_by: {quoted(failed)} is not a mouse of the party")
    return out
