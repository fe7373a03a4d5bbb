"""Guy's skill (Dramatis Personae): "Reload both pistols with 1 big action".

The rulebook never says what a "big action" is (ruling: docs/rules/msm.md, Play
rulings). Its action table prices every action at 1 AP except the pounce at 2, the one
action bigger than the rest, and a cat has 2 AP: so by default a big action costs 2 AP,
paid at once in one activation (option ``big_action: all`` — the cat's whole AP, which
differs only in the 2-cat variant's 3 AP). Reloading clears the Depleted marks of the
once-per-scenario pistols the cat holds ("both pistols": a Brace of Pistols, or two
pistol cards), so each may fire once more.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.msm.playstate import cat
from claw.core.outcome import Outcome, begin

BIG_ACTION_AP = 2
BIG_ACTION_RULINGS = ("two", "all")


def reload_pistols(state: dict, board, cat_id: str, heroes: dict) -> Outcome:
    """One big action: the cat's depleted pistols are loaded again. Refused (state
    unchanged) without the skill, without a depleted pistol, or without the AP."""
    from claw.core.msm.rounds import max_ap, require_cats_turn, spend_ap

    require_cats_turn(state)
    out = begin(state)
    st = out.state
    cid, fig = cat(st, cat_id)
    hero = heroes["heroes"].get(fig.get("type")) or heroes["heroes"].get(cid) or {}
    if not hero.get("reload_pistols"):
        raise IllegalAction(f"{cid} has no skill to reload pistols (Dramatis Personae: only Guy's sheet has one)")
    pistols = [w for w in fig.get("weapons", []) if w.get("once_per_scenario") and "pistol" in w["name"].lower()]
    spent = [w["id"] for w in pistols if w["id"] in fig.get("depleted", [])]
    if not spent:
        held = ", ".join(w["name"] for w in pistols) or "none"
        raise IllegalAction(f"{cid} has no depleted pistol to reload (pistols held: {held})")
    ruling = (st.get("options") or {}).get("big_action", "two")
    cost = max_ap(fig) if ruling == "all" else BIG_ACTION_AP
    if ruling == "all" and fig.get("ap") is not None and st.get("active") == cid and fig["ap"] < cost:
        raise IllegalAction(f"a big action takes {cid}'s whole activation ({cost} AP; option big_action: all),"
                            f" and {fig['ap']} AP are left")
    out.events += spend_ap(st, board, cid, cost, "a big action (reloading both pistols)")
    fig["depleted"] = [d for d in fig.get("depleted", []) if d not in spent]
    names = ", ".join(w["name"] for w in pistols if w["id"] in spent)
    out.add("reload", f"{cid} reloads with one big action ({cost} AP): {names} may fire again.",
            figure=cid, weapons=spent, cost=cost)
    return out
