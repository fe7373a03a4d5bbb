"""What a table correction triggers (`claw adjust`): the rules play runs when a cat's HP
reaches a value, run again on the corrected state (rulebook: Hit Points, Knocked Out).

- HP 0 or less: the cat is knocked out, as after damage (``fight.knock_out``), and lets
  go of every Wrestle, pin and Chomp; a fight whose one side is then all out ends;
- a knocked-out cat with 1 HP or more again comes round, however the point came
  (``sunrise.come_round``).

No death roll: it is rolled when damage lands at -(STR + SPT) or below, and a correction
is not damage (ruling in docs/rules/warriors.md, "Corrections apply their consequences").
"""

from __future__ import annotations

from claw.core.warriors.fight import copy_fight, knock_out, leave_holds, settle
from claw.core.warriors.sunrise import come_round


def consequences(state: dict) -> tuple[dict, list[dict]]:
    """``(new state, events)`` after a correction; ``state`` is not changed."""
    new = {**state, "cats": dict(state["cats"]), "fight": copy_fight(state.get("fight"))}
    events: list[dict] = []
    for cid, old in state["cats"].items():
        cat = dict(old)
        if cat["status"] == "knocked-out" and cat["hp"] >= 1:
            come_round(cat)
            events.append({"type": "comes-round", "cat": cid,
                           "text": f"{cat['name']} has {cat['hp']} HP again and comes round (Knocked Out)"})
        else:
            events += knock_out(cat)
        if cat != old:
            new["cats"][cid] = cat
            leave_holds(new, cid)
    events += settle(new)  # the last fighter of a side knocked out: the fight is over
    if "fight" not in state:
        new.pop("fight")
    return new, events
