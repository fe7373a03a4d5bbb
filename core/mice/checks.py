"""Rule-level checks of a chapter file for ``claw validate`` (after the schema)."""

from __future__ import annotations

PARTY_SIZE = 6  # Chapter Setup: Party Setup


def check(kind: str, doc: dict) -> list[tuple[tuple, str]]:
    out: list[tuple[tuple, str]] = []
    if kind != "chapter" or not isinstance(doc, dict):
        return out
    party = doc.get("party") or []
    if len(party) != PARTY_SIZE:
        out.append((("party",), f"Party Setup: the chapter needs {PARTY_SIZE} mice, the file lists {len(party)}"))
    seen: dict[str, int] = {}
    for i, p in enumerate(party):
        pid = p.get("id") if isinstance(p, dict) else None
        if pid in seen:
            out.append((("party", i, "id"), f"mouse id {pid!r} repeats party entry {seen[pid] + 1}"))
        elif pid is not None:
            seen[pid] = i
        if pid in ("blackpaw", "barnacle"):
            out.append((("party", i, "id"), f"mouse id {pid!r} is reserved for the chapter's villains"))
    track = doc.get("chapter_track") or {}
    hg, end = track.get("hourglass", 1), track.get("chapter_end", 7)
    if isinstance(hg, int) and isinstance(end, int) and hg >= end:
        out.append((("chapter_track", "hourglass"),
                    f"the hourglass (page {hg}) must start before the chapter end marker (page {end})"))
    return out
