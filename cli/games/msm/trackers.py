"""The msm trackers under the board (`claw show`, the picture's description, `--json`):
round track, rat pool, loot and objective markers, entries applied, goals, the outcome."""

from __future__ import annotations


def trackers(state: dict) -> dict:
    rnd = state.get("round", {})
    return {"round": rnd.get("number"), "space": rnd.get("space"), "track": rnd.get("track"),
            "phase": state.get("phase"), "rat_pool": len(state.get("rat_pool", [])),
            "rat_discard": len(state.get("rat_discard", [])), "set_aside": state.get("set_aside", []),
            "loot_markers": state.get("loot", {}).get("markers", {}),
            "objective_markers": state.get("objective_markers", []),
            "scratch_tokens": state.get("scratch_tokens", 0),
            "entries_applied": state.get("entries_read", []), "spawns_off": state.get("spawns_off", False)}


def tracker_lines(state: dict) -> list[str]:
    t = trackers(state)
    spaces = []
    for i, space in enumerate(t["track"] or []):
        text = ",".join(space) if space else "-"
        spaces.append(f">{text}<" if i == t["space"] else text)
    lines = [f"Round {t['round']} · phase {t['phase']} · track: {' '.join(spaces)}",
             f"Rat pool {t['rat_pool']} face down · discard {t['rat_discard']}"
             + (f" · set aside: {', '.join(t['set_aside'])}" if t["set_aside"] else ""),
             "Loot markers: " + (", ".join(f"{k}×{v}" for k, v in t["loot_markers"].items() if v) or "none")
             + " · objectives: " + (", ".join(t["objective_markers"]) or "none")
             + f" · scratch tokens {t['scratch_tokens']}/3"]
    if state.get("toxic_stench"):
        from claw.core.msm.setup import board_from_state
        from claw.core.msm.squares import square_name

        board = board_from_state(state)
        bigs = []
        for key in state["toxic_stench"]:
            bx, by = (int(v) for v in key.split(","))
            squares = board.big_members((bx, by))
            bigs.append(f"{square_name(squares[0])}:{square_name(squares[-1])}" if squares else key)
        lines.append("Toxic stench (a cat activating there takes 1 wound): " + ", ".join(bigs))
    if state.get("entries_read") or state.get("spawns_off"):
        read = state.get("entries_read") or []
        parts = ["Entries applied: " + (", ".join(f"#{n}" for n in read) or "none recorded")]
        off = state.get("spawns_off")
        if off:  # an older state holds true, not the entry's number
            parts.append("spawn points off" + (f" (entry {off})" if off is not True else ""))
        lines.append(" · ".join(parts))
    goals, done = state.get("goals") or {}, state.get("goals_done") or []
    for side, label in (("victory", "Objectives"), ("defeat", "Defeat if")):
        if goals.get(side):
            lines.append(f"{label}: " + "; ".join(f"{'done' if g['id'] in done else 'open'}: {g.get('text') or g['id']}"
                                                 for g in goals[side]))
    if state.get("outcome"):
        out = state["outcome"]
        lines.append(f"Scenario over in round {out.get('round')}: {out['result']} ({out['why']})")
    return lines
