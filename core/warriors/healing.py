"""Healing (rulebook: Healing, Hit Points, Knocked Out, Diseases treatments).

Natural healing gives 1 HP each morning. Once a day a wounded cat with the right
herbs may get a healing check: a Ponder check by a cat who knows Herb Lore or
Medicine Lore (ruling), compared with the HP lost + 5 (ruling on "HP+5 lost")."""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.warriors.checks import CheckSpec, resolve
from claw.core.warriors.rules import Rules

LORE = ("herb-lore", "medicine-lore")


def gain_hp(cat: dict, amount: int) -> tuple[dict, int]:
    """Add HP up to the maximum; a knocked-out cat with HP again comes round."""
    if cat["status"] in ("dead", "retired"):
        return cat, 0
    new = dict(cat)
    gained = max(0, min(amount, new["hp_max"] - new["hp"]))
    new["hp"] += gained
    if new["status"] == "knocked-out" and new["hp"] >= 1:
        new["status"] = "ok"
    return new, gained


def natural(cat: dict, day: int) -> tuple[dict, dict]:
    """One morning's natural healing: 1 HP (once per day)."""
    if cat["status"] == "dead":
        raise IllegalAction(f"{cat['name']} is dead: {cat['id']}")
    if cat.get("natural_day") == day:
        raise IllegalAction(f"{cat['name']} has already healed naturally this morning (day {day}): {cat['id']}")
    new, gained = gain_hp(cat, 1)
    new["natural_day"] = day
    return new, {"cat": cat["id"], "gained": gained, "hp": new["hp"]}


def band(total: int, lost: int) -> tuple[int, int]:
    """(extra HP, target): below lost+5 -> 1; at least -> 2; more than double -> 3."""
    target = lost + 5
    if total > 2 * target:
        return 3, target
    if total >= target:
        return 2, target
    return 1, target


def check_band(total: int, crit: str | None, lost: int, criticals: str = "absolute") -> int:
    """The extra HP of a healing check: the band of its total, or under 'absolute'
    criticals the lowest (critical failure) or highest (critical success) band (ruling)."""
    if criticals == "absolute" and crit:
        return 3 if crit == "success" else 1
    return band(total, lost)[0]


def herb_check(patient: dict, healer: dict, rules: Rules, spec: CheckSpec, dice, day: int,
               criticals: str = "absolute") -> tuple[dict, dict, dict]:
    """The once-a-day healing check. Returns (patient, healer, result); when the healer
    is the patient, the patient returned carries the healer's spent points."""
    if patient["status"] == "dead":
        raise IllegalAction(f"{patient['name']} is dead: {patient['id']}")
    lost = patient["hp_max"] - patient["hp"]
    if lost <= 0:
        raise IllegalAction(f"{patient['name']} has no wounds to heal: {patient['id']}")
    if patient.get("herb_day") == day:
        raise IllegalAction(f"{patient['name']} has had the healing check today (day {day}): {patient['id']}")
    if healer["status"] != "ok":
        raise IllegalAction(f"{healer['name']} is {healer['status']} and cannot tend wounds: {healer['id']}")
    if not any(healer["knacks"].get(k) for k in LORE):
        raise IllegalAction(f"{healer['name']} knows neither Herb Lore nor Medicine Lore: {healer['id']}")
    spec.skill = "ponder"
    healer, r = resolve(healer, rules, spec, dice, criticals)
    extra, target = check_band(r["total"], r["critical"], lost, criticals), lost + 5
    if healer["id"] == patient["id"]:
        patient = healer
    patient, gained = gain_hp(patient, extra)
    patient["herb_day"] = day
    if healer["id"] == patient["id"]:
        healer = patient
    return patient, healer, {**r, "lost": lost, "target": target, "extra": extra, "gained": gained}


def treat(cat: dict, herbs: list[str], rules: Rules) -> tuple[dict, list[str]]:
    """Cure each disease whose listed herbs are all given; returns (cat, cured ids)."""
    if cat["status"] == "dead":
        raise IllegalAction(f"{cat['name']} is dead: {cat['id']}")

    cured = []
    keep = []
    for d in cat["diseases"]:
        options = rules.diseases[d["id"]]["cures"]
        if any(set(option) <= set(herbs) for option in options):
            cured.append(d["id"])
        else:
            keep.append(d)
    return dict(cat, diseases=keep), cured


def ward(cat: dict, herbs: list[str], rules: Rules) -> tuple[dict, list[str]]:
    """Tansy: "helps stop cats from getting greencough if symptoms appear". An illness the
    cat has whose untreated course turns into one a given herb wards off (``wards`` in the
    herb table) is marked warded: at its deadline it stays as it is (ruling 53). Returns
    (cat, warded disease ids)."""
    stops = {w for h in herbs for w in rules.herbs[h].get("wards", [])}
    done = []
    out = []
    for d in cat["diseases"]:
        dl = rules.diseases[d["id"]]["deadline"]
        if dl and dl["becomes"] in stops and not d.get("warded"):
            d = dict(d, warded=True)
            done.append(d["id"])
        out.append(d)
    return dict(cat, diseases=out), done


def not_cured(cat: dict, herbs: list[str], rules: Rules) -> str:
    """Why these herbs cure nothing, with what would (for the refusal)."""
    given = ", ".join(rules.herbs[h]["name"].lower() for h in herbs)
    if not cat["diseases"]:
        return (f"{cat['name']} has no illness for {given} to treat (wounds: the healing check, "
                f"claw heal {cat['id']} --healer CAT)")
    needs = "; ".join(f"{rules.diseases[d['id']]['name']} needs {remedy(d['id'], rules)}" for d in cat["diseases"])
    # "giving …" agrees with every herb name, plural ("borage leaves") or not ("catmint").
    return f"giving {given} cures none of {cat['name']}'s illnesses: {needs}"


def remedy(disease: str, rules: Rules) -> str:
    """What cures a disease, in words (Diseases): the herb sets, or that nothing is known."""
    row = rules.diseases[disease]
    if not row["cures"]:
        extra = "; it may end by itself (the daily roll)" if any(e["outcome"] == "cure" for e in row["daily"]) else ""
        return f"no known cure{extra}"
    name = {h: rules.herbs[h]["name"].lower() for option in row["cures"] for h in option}
    firsts = list(dict.fromkeys(o[0] for o in row["cures"]))
    seconds = list(dict.fromkeys(o[1] for o in row["cures"] if len(o) == 2))
    if all(len(o) == 2 for o in row["cures"]) and len(row["cures"]) == len(firsts) * len(seconds):
        # every first herb with every second one: say it as the rulebook does
        return (" or ".join(name[h] for h in firsts) + ("," if len(firsts) > 1 else "") + " with "
                + " or ".join(name[h] for h in seconds))
    sets = [" + ".join(name[h] for h in option) for option in row["cures"]]
    return sets[0] if len(sets) == 1 else ", ".join(sets[:-1]) + " or " + sets[-1]


def deadline(disease: dict, rules: Rules, today: int) -> str | None:
    """When an untreated disease changes (Diseases: a quarter-moon, a half-moon): the
    sunrise of the day it becomes the next illness or kills."""
    dl = rules.diseases[disease["id"]]["deadline"]
    if not dl:
        return None
    day = today + max(1, dl["days"] - disease["day"])
    what = "kills" if dl["becomes"] == "death" else f"becomes {rules.diseases[dl['becomes']]['name']}"
    return f"untreated, {what} at the sunrise of day {day}"
