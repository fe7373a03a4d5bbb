"""A fresh chapter state from a chapter file (Chapter Setup)."""

from __future__ import annotations

from claw.core.mice import rooms as R
from claw.core.outcome import Outcome

DEFAULT_OPTIONS = {
    # Fishhook & Thread note: it lets mice climb high places such as the king's bed;
    # Chest Inaccessible removes the other way up while the raider digs.
    "bed_needs_fishhook": True,
    # the chapter puts no limit on a tile's Special Surge (ruling 5); on: it happens once
    # per tile and later surges only move the hourglass (a table habit, no printed source)
    "special_surge_once": False,
    # base game: a captured mouse moves the hourglass one page
    "capture_advances_hourglass": True,
    # Suspicious Rats: do raiders leaving at 10 scare points also feed the wheel?
    "exodus_feeds_wheel": False,
    # base game: each mouse searches a tile once
    "one_search_per_tile": True,
    # Dining Hall 4 guards Blackpaw from attacks; is the Toothpick's strike back one?
    "barnacle_stops_toothpick": False,
    # Tunnel Entrance 3 says escaped minions join "the next encounter"; King's Chamber 1
    # collects them. On: they join whichever room the mice explore next.
    "escaped_join_next_room": False,
}


def new_state(chapter: dict, tiles: dict) -> Outcome:
    """Chapter Setup: six mice at the Tunnel Entrance flip space (4) and next to it
    (2), the chapter end marker on page 7, a cave centipede besides the first
    encounter card's minions (the table adds those with ``add-minion``)."""
    track = chapter.get("chapter_track", {})
    options = dict(DEFAULT_OPTIONS)
    options.update(chapter.get("options", {}))
    mice = []
    for i, p in enumerate(chapter["party"]):
        mice.append({
            "id": p["id"], "name": p.get("name", p["id"]),
            "battle": p.get("battle", 1), "defense": p.get("defense", 1), "life": p.get("life", 1),
            "wounds": 0, "cheese": p.get("cheese", 0), "items": list(p.get("items", [])),
            "room": "tunnel-entrance", "spot": "flip" if i < 4 else "next-to-flip",
            "captured": False, "job": None, "searched": [],
        })
    state = {
        "chapter": chapter.get("chapter", "ghost-of-castle-andon"),
        "title": chapter.get("title", "The Ghost of Castle Andon"),
        "hourglass": track.get("hourglass", 1),
        "chapter_end": track.get("chapter_end", 7),
        "scare": 0,
        "wheel": 0,
        "stash": [],
        "fork_deployed": False,
        "current_room": "tunnel-entrance",
        "rooms": {rid: {"explored": rid == "tunnel-entrance", "surged": False, "cleared": False}
                  for rid in R.ROOM_IDS},
        "mice": mice,
        "minions": [],
        "escaped": [],
        "raiders": [],
        "burly": {"placed": False, "scared": False, "suspicious": False},
        "kitchen_raider_scared": False,
        "ghost": None,
        "found": [],
        "bestiary": chapter.get("bestiary", {}),
        "objectives": {"raiders_scared": False, "barnacle_defeated": False, "blackpaw_defeated": False},
        "outcome": None,
        "outcome_reason": "",
        "options": options,
        "counters": {},
    }
    if chapter.get("action_die"):
        from claw.core.mice.actiondie import parse_faces

        parse_faces(chapter["action_die"])  # six faces at positions 1..6, else exit 3
        state["action_die"] = {"source": chapter["action_die"].get("source", "the chapter file"),
                               "faces": [dict(f) for f in chapter["action_die"]["faces"]]}
    res = Outcome(state)
    res.add("setup", f"Chapter set up: {len(mice)} mice in the Tunnel Entrance, hourglass on page "
            f"{state['hourglass']}, chapter end on page {state['chapter_end']}, scare track at 0.",
            party=[m["id"] for m in mice], chapter_end=state["chapter_end"])
    from claw.core.mice.outcomes import place_minions

    place_minions(res, "cave-centipede", 1, "tunnel-entrance", tiles,
                  why="Chapter Setup: a cave centipede besides the encounter card")
    res.add("story", f"{R.cite(tiles, 'tunnel-entrance', 2)}: the mice explore the Tunnel Entrance; read the "
            "story moment.")
    res.add("story", "Encounter deck: only the difficult encounter cards of Sorrow and Remembrance, shuffled. "
            "Reveal one and place its minions (record them with add-minion).")
    return res
