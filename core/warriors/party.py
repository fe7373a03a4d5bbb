"""Consistency of a party state beyond its schema (a hand-edited state must not
crash a rule): ids that refer to cats, the fight's turn, HP and pools in range."""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.outcome import Outcome

# Rulings with two defensible readings (docs/rules/warriors.md): the table picks one at
# `claw new`, the state keeps it; these are the defaults and the readings allowed.
DEFAULT_OPTIONS = {"criticals": "absolute", "d100": "below", "initiative_order": "roll",
                   "launch_second_cost": "spirit", "complications": "onset"}
CHOICES = {"criticals": ("absolute", "total"), "d100": ("below", "percent"),
           "initiative_order": ("roll", "spirit"), "launch_second_cost": ("spirit", "strength"),
           "complications": ("onset", "daily")}


def new_party(cats: list[dict], options: dict) -> dict:
    """A new party state (``claw new``): day 0, the cats built from their files in the
    order given, the ruling options, no fight."""
    return {"day": 0, "options": dict(options), "cats": {c["id"]: c for c in cats},
            "order": [c["id"] for c in cats], "fight": None}


def start(cats: list[dict], options: dict, rules) -> Outcome:
    """The party sets out: the new state, one event for each cat joining (its Clan, age,
    HP and pools) and one naming the ruling options that differ from the defaults."""
    out = Outcome(new_party(cats, options))
    for cat in cats:
        p = cat["pools"]
        out.add("join", f"{cat['name']} ({rules.clans[cat['clan']]['name']}, {cat['age']} moons) joins: "
                        f"HP {cat['hp']}/{cat['hp_max']}, pools STR {p['strength']} INT {p['intelligence']} "
                        f"SPT {p['spirit']}", cat=cat["id"])
    changed = {k: v for k, v in options.items() if v != DEFAULT_OPTIONS[k]}
    if changed:
        out.add("options", "options: " + ", ".join(f"{k}={v}" for k, v in changed.items()), **changed)
    return out


def problems(state: dict, rules=None) -> list[str]:
    """Every contradiction found (empty when consistent); with ``rules``, also knack
    levels above what the Knacks section allows."""
    from claw.core.warriors.character import max_hp
    out = []
    cats = state["cats"]
    for key, cat in cats.items():
        if cat["id"] != key:
            out.append(f"cats.{key}: its id is {quoted(cat['id'])}")
        if cat.get("animal"):       # the GM's own scores: only the ranges below apply
            if cat["hp"] > cat["hp_max"]:
                out.append(f"cats.{key}.hp: {cat['hp']} is above hp_max {cat['hp_max']}")
            continue
        want = max_hp(cat["age"], cat["abilities"]["strength"])
        if cat["hp_max"] != want and cat["status"] != "retired":    # retiring skips the last moon's HP
            out.append(f"cats.{key}.hp_max: {cat['hp_max']}, but 5 + age {cat['age']} + Strength "
                       f"{cat['abilities']['strength']} = {want}")
        for k, lvl in cat["knacks"].items():
            limit = rules.knacks[k]["max_level"] if rules is not None and k in rules.knacks else None
            if limit is not None and lvl > limit:
                out.append(f"cats.{key}.knacks.{k}: chosen {lvl} times, at most {limit} allowed")
        if cat["hp"] > cat["hp_max"]:
            out.append(f"cats.{key}.hp: {cat['hp']} is above hp_max {cat['hp_max']}")
        for a, v in cat["pools"].items():
            if v > cat["abilities"][a]:
                out.append(f"cats.{key}.pools.{a}: {v} is above the {a} score {cat['abilities'][a]}")
        for a, v in cat["abilities"].items():
            if not 1 <= v <= 10:
                out.append(f"cats.{key}.abilities.{a}: {v} is outside 1-10")
    if rules is not None:
        from claw.core.warriors import ranks as K

        people = [c for c in cats.values() if not c.get("animal")]
        for c in people:
            if c["clan"] not in rules.clans:
                out.append(f"cats.{c['id']}.clan: no clan {quoted(c['clan'])} in the rulebook's Clans "
                           f"({', '.join(sorted(rules.clans))})")
                continue
            why = K.rank_problem(c["clan"], c.get("rank", K.NO_RANK), rules)
            if why:
                out.append(f"cats.{c['id']}.rank: {why}")
            why = K.lives_problem(c.get("rank", K.NO_RANK), c.get("lives"))
            if why:
                out.append(f"cats.{c['id']}.lives: {why}")
        alive = [c for c in people if c["status"] != "dead"]
        out += [f"cats.{cid}.rank: {why}" for cid, why in K.party_problems(alive, rules)]
    for cid in state["order"]:
        if cid not in cats:
            out.append(f"order: no cat {quoted(cid)}")
    for i, e in enumerate(state.get("herbs", [])):
        if e["keeper"] not in cats:
            out.append(f"herbs.{i}.keeper: no cat {quoted(e['keeper'])}")
        if rules is not None and e["herb"] not in rules.herbs:
            out.append(f"herbs.{i}.herb: no herb {quoted(e['herb'])}")
        if e["day"] > state["day"]:
            out.append(f"herbs.{i}.day: {e['day']} is after today (day {state['day']})")
    f = state.get("fight")
    if f:
        for cid in f["order"]:
            if cid not in cats:
                out.append(f"fight.order: no cat {quoted(cid)}")
        if not f["order"]:
            out.append("fight.order: a fight has at least one cat (end it with claw fight --end)")
        elif not 0 <= f["turn"] < len(f["order"]):
            out.append(f"fight.turn: {f['turn']} is not a place in the order")
        named = [c for g in f["wrestles"] for c in g] + list(f["pins"]) + list(f["pins"].values()) \
            + list(f["chomps"]) + list(f["chomps"].values()) + list(f["disoriented"])
        for cid in named:
            if cid not in f["order"]:
                out.append(f"fight: {quoted(cid)} is not in the fight's order")
    return out
