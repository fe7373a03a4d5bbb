"""One sunrise for the party (rulebook: Healing, Diseases and Injuries, Sprains,
Leveling, the age table, Retirement)."""

from __future__ import annotations

import copy

from claw.core.outcome import Outcome
from claw.core.warriors.character import age_change, max_hp
from claw.core.warriors.dice import below, d100
from claw.core.warriors.healing import gain_hp
from claw.core.warriors.rules import Rules

COUGHS = ("whitecough", "greencough", "blackcough", "kitten-cough", "redcough", "yellowcough")


def sunrise(state: dict, rules: Rules, dice, options: dict, age: bool = False,
            cough_season: bool = False, resist_points: dict | None = None) -> Outcome:
    """One sunrise for every living cat: the morning's healing and sprain rest, illness
    rolls and deadlines, then (if asked) the cough-season checks and a moon of age.
    ``resist_points``: Strength points a cat spends on each of its cough-season checks
    (Spending Points: any check may take them); points no check would use are refused."""
    from claw.core.errors import IllegalAction
    resist_points = dict(resist_points or {})
    if resist_points and not cough_season:
        raise IllegalAction("points for the cough-season checks need --cough-season: there is no check to spend on")
    s = copy.deepcopy(state)
    s["day"] += 1
    day = s["day"]
    events = [{"type": "sunrise", "day": day, "text": f"sunrise: day {day}"}]
    for cid in s["order"]:
        cat = s["cats"][cid]
        if cat["status"] in ("dead", "retired") or cat.get("animal"):   # animals are not the party's
            continue
        cat, ev = _morning(cat, rules, day)
        events += ev
        cat, ev = _illness(cat, rules, dice, options)
        events += ev
        if cough_season and cat["status"] != "dead":
            cat, ev = _cough_season(cat, rules, dice, options, resist_points.pop(cid, 0))
            events += ev
        if age and cat["status"] != "dead":
            cat, ev = age_one_moon(cat, rules)
            events += ev
        s["cats"][cid] = cat
    if resist_points:
        raise IllegalAction("no cough-season check for " + ", ".join(resist_points)
                            + " to spend points on (ill, dead, retired or not in the party)")
    return Outcome(s, events)


def _morning(cat: dict, rules: Rules, day: int) -> tuple[dict, list[dict]]:
    events = []
    if cat.get("natural_day") != day:
        cat, gained = gain_hp(cat, 1)
        cat["natural_day"] = day
        if gained:
            events.append({"type": "heal", "cat": cat["id"], "gained": gained, "hp": cat["hp"],
                           "text": f"{cat['name']} heals 1 HP overnight ({cat['hp']}/{cat['hp_max']})"})
    if cat.get("sprain"):
        cat["sprain"] -= 1
        left = cat["sprain"]
        events.append({"type": "sprain-rest", "cat": cat["id"], "left": left,
                       "text": f"{cat['name']} rests the sprain: "
                               + (f"{left} sunrise(s) to go" if left else "healed")})
    if cat.get("ailments"):
        events.append({"type": "ailment-over", "cat": cat["id"], "ailments": cat["ailments"],
                       "text": f"{cat['name']} is over the {', '.join(cat['ailments'])} sickness"})
        cat["ailments"] = []
    return cat, events


def _illness(cat: dict, rules: Rules, dice, options: dict) -> tuple[dict, list[dict]]:
    rule = options.get("d100", "below")
    events = []
    diseases = []
    for d in cat["diseases"]:
        row = rules.diseases[d["id"]]
        name = row["name"]
        if row["daily"]:
            roll, _ = d100(dice, f"{cat['id']} {d['id']}")
            outcome = None
            for entry in row["daily"]:
                if "below" in entry and below(roll, entry["below"], rule) or "above" in entry and roll > entry["above"]:
                    outcome = entry["outcome"]
            events.append({"type": "illness-roll", "cat": cat["id"], "disease": d["id"], "roll": roll,
                           "outcome": outcome,
                           "text": f"{cat['name']} ({name}): d100 {roll}: "
                                   + {"death": "dies today", "cure": "recovers", None: "no change"}[outcome]})
            if outcome == "death":
                return _die(cat, name, events)
            if outcome == "cure":
                continue
        if options.get("complications") == "daily" and row["complications"]:
            d, ev = _complications(cat, d, row, dice, rule)
            events += ev
            row = rules.diseases[d["id"]]
        d = dict(d, day=d["day"] + 1)
        dl = row["deadline"]
        if dl and d["day"] >= dl["days"] and d.get("warded") and dl["becomes"] != "death":
            if d["day"] == dl["days"]:       # said once, on the day it would have worsened
                events.append({"type": "illness-warded", "cat": cat["id"], "disease": d["id"],
                               "text": f"{cat['name']}'s {row['name']} ran its {dl['days']} days, but the herb "
                                       f"given keeps it from becoming {rules.diseases[dl['becomes']]['name']}"})
        elif dl and d["day"] >= dl["days"]:
            if dl["becomes"] == "death":
                events.append({"type": "illness-deadline", "cat": cat["id"], "disease": d["id"],
                               "text": f"{cat['name']}'s {row['name']} ran its {dl['days']} days untreated"})
                return _die(cat, row["name"], events)
            nxt = rules.diseases[dl["becomes"]]
            events.append({"type": "illness-worse", "cat": cat["id"], "disease": d["id"], "becomes": nxt["id"],
                           "text": f"{cat['name']}'s {row['name']} went {dl['days']} days untreated: "
                                   f"now {nxt['name']}"})
            d = {"id": nxt["id"], "day": 0}
            if options.get("complications", "onset") == "onset":
                d, ev = _complications(cat, d, nxt, dice, rule)
                events += ev
        diseases.append(d)
    cat = dict(cat, diseases=diseases)
    return cat, events


def _complications(cat, d, row, dice, rule) -> tuple[dict, list[dict]]:
    """The 20% chances (1d100 < 20) of redcough, then yellowcough (ruling: the first that
    develops replaces the cough and the next is not rolled)."""
    events = []
    for comp in row["complications"]:
        roll, _ = d100(dice, f"{cat['id']} {comp['disease']} chance")
        hit = below(roll, comp["below"], rule)
        events.append({"type": "complication-roll", "cat": cat["id"], "disease": comp["disease"], "roll": roll,
                       "develops": hit,
                       "text": f"{cat['name']}: {comp['disease']} chance d100 {roll} "
                               + (f"(below {comp['below']}): develops" if hit else "(no)")})
        if hit:
            return {"id": comp["disease"], "day": 0}, events
    return d, events


def _die(cat, what, events):
    from claw.core.warriors.ranks import lose_life

    spared = lose_life(cat, what)
    if spared:
        events.extend(spared[1])
        return spared[0], events
    cat = dict(cat, status="dead")
    events.append({"type": "death", "cat": cat["id"], "cause": what, "text": f"{cat['name']} dies of {what}"})
    return cat, events


def _cough_season(cat: dict, rules: Rules, dice, options: dict, points: int = 0) -> tuple[dict, list[dict]]:
    """Late leaf-fall to early leaf-bare: a Strength check against each cough's DC, with
    ``points`` spent on each check the cat makes (not physical: no sprain, ruling 17)."""
    from claw.core.errors import IllegalAction
    from claw.core.warriors.checks import CheckSpec, resolve
    events = []
    checked = False
    for d in rules.diseases.values():
        prev = d.get("prevention")
        if not prev or (prev.get("under_moons") and cat["age"] >= prev["under_moons"]):
            continue
        if any(x["id"] in COUGHS for x in cat["diseases"]):
            break
        checked = True
        spec = CheckSpec(ability=prev["ability"], spend=points, vs=prev["dc"], physical=False,
                         label=f"{cat['id']} {d['id']} resist")
        cat, r = resolve(cat, rules, spec, dice, options.get("criticals", "absolute"), sprains=False)
        ok = r["success"]
        spent = f" + {points} pts" if points else ""
        crit = f", a critical {r['critical']}" if r.get("critical") else ""  # it may decide the check (ruling 5)
        events.append({"type": "resist", "cat": cat["id"], "disease": d["id"], "total": r["total"], "success": ok,
                       "spent": points,
                       "text": f"{cat['name']} resists {d['name']}: 3d6 {'+'.join(map(str, r['dice']))} + "
                               f"STR {cat['abilities']['strength']}{spent} = {r['total']} vs {prev['dc']}{crit}: "
                               + ("stays well" if ok else f"catches {d['name']}")})
        if not ok:
            cat = dict(cat, diseases=cat["diseases"] + [{"id": d["id"], "day": 0}])
    if points and not checked:
        raise IllegalAction(f"{cat['name']} makes no cough-season check (already coughing): its points would do "
                            f"nothing: {cat['id']}")
    return cat, events


def age_one_moon(cat: dict, rules: Rules) -> tuple[dict, list[dict]]:
    """A moon older: automatic age-table changes now, choices queued as pending;
    maximum HP follows 5 + age + Strength (wounds stay); retirement at 71 moons."""
    cat = copy.deepcopy(cat)
    cat["age"] += 1
    moon = cat["age"]
    events = []
    if moon >= rules.age["retire_at"]:
        cat["status"] = "retired"
        return cat, [{"type": "retire", "cat": cat["id"],
                      "text": f"{cat['name']} reaches {moon} moons and retires; make a new cat"}]
    old_max = cat["hp_max"]
    pending = cat.setdefault("pending", [])
    for g in rules.age_row(moon):
        if g["type"] == "ability" and len(g["choices"]) == 1:
            a, delta = g["choices"][0], g.get("delta", 1)
            new = age_change(cat["abilities"][a], delta)
            change = new - cat["abilities"][a]
            cat["abilities"][a] = new
            cat["pools"][a] = max(0, min(new, cat["pools"][a] + change))
            events.append({"type": "age-gain", "cat": cat["id"], "ability": a, "change": change,
                           "text": f"{cat['name']} at {moon} moons: {a} {delta:+d}"
                                   + ("" if change == delta else f" (stays {new}: abilities stay within 1-10)")})
        else:
            entry = {"type": g["type"], "moon": moon}
            if g["type"] == "ability":
                entry["choices"] = list(g["choices"])
            pending.append(entry)
            what = g["type"] if g["type"] != "ability" else f"+1 {' or '.join(g['choices'])}"
            events.append({"type": "age-choice", "cat": cat["id"], "gain": g["type"],
                           "text": f"{cat['name']} at {moon} moons gains a {what}: choose with claw grow {cat['id']}"})
    if moon == 10:
        # Knacks: "By the time a cat reaches 10 moons old, he or she has learned three
        # Knacks", three separate ones; a kit that knew fewer now chooses the rest.
        missing = rules.age["ten_moons"]["knacks"] - len(cat["knacks"])
        for _ in range(max(0, missing)):
            pending.append({"type": "knack", "moon": moon, "distinct": True})
        if missing > 0:
            events.append({"type": "age-choice", "cat": cat["id"], "gain": "knack",
                           "text": f"{cat['name']} at 10 moons knows three different knacks: choose "
                                   f"{missing} new one(s) with claw grow {cat['id']} --knack"})
    if not cat["pending"]:
        del cat["pending"]
    cat["hp_max"] = max_hp(moon, cat["abilities"]["strength"])
    cat["hp"] += cat["hp_max"] - old_max
    come_round(cat)
    events.insert(0, {"type": "age", "cat": cat["id"], "age": moon,
                      "text": f"{cat['name']} is now {moon} moons old (HP {cat['hp']}/{cat['hp_max']})"})
    return cat, events


def knack_choices(cat: dict, rules: Rules) -> list[str]:
    """The knacks ``cat`` may take for its earliest pending knack gain (Age table: a knack
    up to its most times, the three of 10 moons all different); none without such a gain.
    What `claw grow CAT --knack <TAB>` offers; :func:`grow` refuses the others."""
    slot = next((p for p in cat.get("pending", []) if p["type"] == "knack"), None)
    if slot is None:
        return []
    known = cat["knacks"]
    return [k for k, row in rules.knacks.items()
            if not (slot.get("distinct") and known.get(k))
            and (row["max_level"] is None or known.get(k, 0) < row["max_level"])]


def grow(cat: dict, rules: Rules, skill: str | None = None, knack: str | None = None,
         ability: str | None = None) -> tuple[dict, list[dict]]:
    """Spend pending age-table gains (or refuse with the reason)."""
    from claw.core.errors import IllegalAction, UsageError
    cat = copy.deepcopy(cat)
    pending = cat.get("pending", [])
    events = []
    if not (skill or knack or ability):
        raise UsageError("choose --skill, --knack or --ability")
    for kind, value in (("skill", skill), ("knack", knack), ("ability", ability)):
        if value is None:
            continue
        slots = [p for p in pending if p["type"] == kind]
        # the earliest slot that allows this choice (moon 14's Intelligence-or-Spirit
        # must not block a Strength choice that moon 17 allows)
        slot = next((p for p in slots if kind != "ability" or value in p["choices"]), slots[0] if slots else None)
        if slot is None:
            raise IllegalAction(f"{cat['name']} has no {kind} to choose now")
        if kind == "skill":
            if cat["skills"].get(value, 0) >= 5:
                raise IllegalAction(f"{value} is already 5, the most a skill can be")
            cat["skills"][value] = cat["skills"].get(value, 0) + 1
            cat["skills"] = dict(sorted(cat["skills"].items()))
        elif kind == "knack":
            if slot.get("distinct") and cat["knacks"].get(value):
                raise IllegalAction(f"the three knacks of 10 moons must be different; {cat['name']} already "
                                    f"knows {rules.knacks[value]['name']}: {value}")
            limit = rules.knacks[value]["max_level"]
            if limit is not None and cat["knacks"].get(value, 0) >= limit:
                raise IllegalAction(f"{rules.knacks[value]['name']} may be chosen at most {limit} time(s): {value}")
            cat["knacks"][value] = cat["knacks"].get(value, 0) + 1
            cat["knacks"] = dict(sorted(cat["knacks"].items()))
        else:
            if value not in slot["choices"]:
                raise IllegalAction(f"moon {slot['moon']} gives +1 to {' or '.join(slot['choices'])}, not {value}")
            if cat["abilities"][value] >= 10:
                raise IllegalAction(f"{value} is already 10, the most an ability can be")
            cat["abilities"][value] += 1
            cat["pools"][value] += 1
            if value == "strength":
                cat["hp_max"] += 1
                cat["hp"] += 1
                come_round(cat)
        pending.remove(slot)
        events.append({"type": "grow", "cat": cat["id"], "gain": kind, "choice": value,
                       "text": f"{cat['name']} takes {value} for moon {slot['moon']}'s {kind}"})
    if not pending:
        cat.pop("pending", None)
    return cat, events


def come_round(cat: dict) -> None:
    """Knocked Out: a cat is out "until he or she has at least one point" of HP, however
    the point comes (here a higher maximum from age or Strength)."""
    if cat["status"] == "knocked-out" and cat["hp"] >= 1:
        cat["status"] = "ok"


def spend_gains(state: dict, rules: Rules, cid: str, skill: str | None = None, knack: str | None = None,
                ability: str | None = None) -> Outcome:
    """`grow` for one cat of the party: the state with that cat's gains spent."""
    cat, events = grow(state["cats"][cid], rules, skill, knack, ability)
    return Outcome({**state, "cats": {**state["cats"], cid: cat}}, events)
