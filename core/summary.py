"""The end of a game in a few lines (issue 23 item 8): outcome, rounds, figures fallen and
removed, wounds, loot and what the dice did, from a finished state and its log. Pure data:
``summary(game, envelope)``; the CLI renders it (claw.cli.render.summary) under the
command that ended the game, and `claw play` may show it too.

Each game's part reads its own state; the dice come from the log's draws, whatever the
game, read by claw.core.dice_luck (as `claw log --dice` reads them).
"""

from __future__ import annotations

import math
from collections import Counter

FEW_DICE = 20   # fewer dice than this: too few to judge


def summary(game: str, envelope: dict) -> dict | None:
    """What a finished game comes to, or None while it goes on (or for a game with no
    end: Warriors)."""
    state = envelope.get("state") or {}
    part = _PARTS.get(game)
    if part is None or not state.get("outcome"):
        return None
    log = envelope.get("log") or []
    doc = {"game": game, **part(state, _events(log))}
    doc["dice"] = dice_record(log)
    return doc


def _events(log: list[dict]) -> list[dict]:
    return [e for entry in log for e in entry.get("events", [])]


def _counted(events: list[dict], kinds: dict[str, str]) -> dict[str, int]:
    types = Counter(e.get("type") for e in events)
    return {label: types[t] for t, label in kinds.items()}


def _msm(state: dict, events: list[dict]) -> dict:
    outcome = state["outcome"]
    cats = {f: x for f, x in state["figures"].items() if x.get("side") == "cat"}
    removed = Counter(state.get("eliminated", []))
    dealt = sum(e.get("wounds", 0) for e in events if e.get("type") == "attack-roll" and e.get("attacker") in cats)
    loot = {f: [c.get("name", c.get("id")) for c in x.get("loot", [])] for f, x in sorted(cats.items())}
    return {
        "result": outcome.get("result"), "why": outcome.get("why", ""),
        "rounds": outcome.get("round") or state.get("round", {}).get("number"),
        "fallen": {"cats down": sum(1 for x in cats.values() if x.get("down")), "rats removed": sum(removed.values())},
        "removed": dict(sorted(removed.items())),
        "wounds": {**{f"{f} took": x.get("wounds", 0) for f, x in sorted(cats.items())}, "wounds dealt to rats": dealt},
        "loot": {**{f: ", ".join(names) or "nothing" for f, names in loot.items()},
                 "francs": sum(x.get("francs", 0) for x in cats.values()),
                 "squares searched": len(state.get("loot", {}).get("searched", {}))},
    }


def _ratcatcher(state: dict, events: list[dict]) -> dict:
    outcome = state["outcome"]
    rc = state["ratcatcher"]
    tally = state.get("tallyman", {}).get("rats", {})
    bought = {k: n for k, n in sorted(rc.get("upgrades", {}).items()) if n}
    return {
        "result": outcome.get("result"), "why": outcome.get("reason", ""),
        "rounds": state.get("round"),
        "fallen": {"rats captured": sum(tally.values()),
                   **_counted(events, {"peculiar": "Peculiar Rats met"}),
                   "Ratcatcher down": int(rc.get("wounds", 0) <= 0)},
        "removed": {f"{k} rats": n for k, n in sorted(tally.items()) if n},
        "wounds": {"wounds taken": sum(1 for e in events if e.get("type") == "wound"),
                   "wounds left": rc.get("wounds", 0)},
        "loot": {"cheese": rc.get("cheese", 0), "upgrades": ", ".join(f"{k} x{n}" for k, n in bought.items())
                 or "none", "rewards": len(rc.get("rewards", []))},
    }


def _mice(state: dict, events: list[dict]) -> dict:
    mice = state.get("mice", [])
    return {
        "result": state["outcome"], "why": state.get("outcome_reason", ""),
        "rounds": None, "time": f"hourglass on space {state.get('hourglass')} of the chapter track",
        "fallen": {**_counted(events, {"minion-defeated": "minions defeated"}),
                   "mice captured": sum(1 for m in mice if m.get("captured"))},
        "removed": _counted(events, {"escaped": "minions up the ladder"}),
        "wounds": {f"{m['name']} took": m.get("wounds", 0) for m in mice},
        "loot": {**{m["name"]: ", ".join(m.get("items", [])) or "nothing" for m in mice},
                 "cheese": sum(m.get("cheese", 0) for m in mice), "found": ", ".join(state.get("found", []))
                 or "nothing"},
    }


_PARTS = {"msm": _msm, "ratcatcher": _ratcatcher, "mice": _mice}


def dice_record(log: list[dict]) -> dict:
    """The game's dice from its log, as claw.core.dice_luck reads them (one way to tell a
    die from its label): per kind the count, the mean and the mean expected; how many were
    seeded and how many typed at the table; and ``z``, how far the whole lot sits from the
    expected means in standard errors (None below ``FEW_DICE``)."""
    from claw.core.dice_luck import luck

    groups = luck(log)["groups"]
    n = sum(g["count"] for g in groups)
    per = {g["kind"]: {"n": g["count"], "mean": round(g["mean"], 2), "expected": g["expected"]}
           for g in sorted(groups, key=lambda g: (-g["count"], g["kind"]))}
    # each kind's z is its standardised sum over sqrt(count): the whole lot's is their sum over sqrt(n)
    z = round(sum(g["z"] * math.sqrt(g["count"]) for g in groups) / math.sqrt(n), 2) if n >= FEW_DICE else None
    return {"n": n, "seeded": sum(g["seeded"]["count"] for g in groups),
            "typed": sum(g["typed"]["count"] for g in groups), "kinds": per, "z": z}
