"""Healing (rulebook: Healing, Hit Points, Knocked Out, Diseases treatments).

Natural healing gives 1 HP each morning. Once a day a wounded cat with the right
herbs may get a healing check: a Ponder check by a cat who knows Herb Lore or
Medicine Lore (ruling), compared with the HP lost + 5 (ruling on "HP+5 lost")."""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.outcome import Outcome, begin
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


def natural(state: dict, cat_id: str) -> Outcome:
    """One morning's natural healing (Healing: "Every morning, a cat will heal 1 point"):
    1 HP, once on the state's day. ``info``: ``cat``, ``gained``, ``hp``."""
    out = begin(state)
    cat, day = out.state["cats"][cat_id], out.state["day"]
    if cat["status"] == "dead":
        raise IllegalAction(f"{cat['name']} is dead: {cat['id']}")
    if cat.get("natural_day") == day:
        raise IllegalAction(f"{cat['name']} has already healed naturally this morning (day {day}): {cat['id']}")
    new, gained = gain_hp(cat, 1)
    new["natural_day"] = day
    out.state["cats"][cat_id] = new
    out.info.update(cat=cat_id, gained=gained, hp=new["hp"])
    out.add("heal", f"{cat['name']} heals {gained} HP naturally ({new['hp']}/{new['hp_max']})", **out.info)
    return out


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


def herb_check(state: dict, rules: Rules, patient_id: str, healer_id: str, spec: CheckSpec, dice,
               criticals: str = "absolute") -> Outcome:
    """The once-a-day healing check (Healing): the healer's Ponder check against the
    patient's HP lost + 5, for 1, 2 or 3 extra HP. The healer pays its points (also when
    it is the patient). ``info``: the check's result with ``lost``, ``target``, ``extra``
    and ``gained``."""
    out = begin(state)
    cats, day = out.state["cats"], out.state["day"]
    patient, healer = cats[patient_id], cats[healer_id]
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
    cats[healer_id], r = resolve(healer, rules, spec, dice, criticals)
    extra, target = check_band(r["total"], r["critical"], lost, criticals), lost + 5
    cats[patient_id], gained = gain_hp(cats[patient_id], extra)   # the healer's payment kept when it is the patient
    cats[patient_id]["herb_day"] = day
    res = out.info
    res.update(r, lost=lost, target=target, extra=extra, gained=gained)
    after = cats[patient_id]
    band_words = {1: "below", 2: "at least", 3: "more than double"}[extra]
    if r.get("critical"):   # under the default criticals rule it picks the band, whatever the total (ruling 5)
        band_words = f"a critical {r['critical']}: {band_words}"
    out.add("herb-check",
            f"{healer['name']}'s healing check (Ponder): 3d6 {'+'.join(map(str, r['dice']))} + INT "
            f"{r['ability_score']} + ponder {r['skill_score']}"
            + (f" + {r['spent']} pts" if r["spent"] else "")
            + (f" + {r['knack_bonus']} lore" if r["knack_bonus"] else "")
            + (f" {r['modifier']:+d}" if r["modifier"] else "")
            + f" = {r['total']}, {band_words} HP lost {lost} + 5 = {target}: "
            f"{patient['name']} heals {gained} HP ({after['hp']}/{after['hp_max']})",
            cat=patient_id, healer=healer_id, dice=r["dice"], total=r["total"], target=target,
            extra=extra, gained=gained, paid=r["paid"])
    return out


def plain_check(lost: int, bonus: int, dice, criticals: str = "absolute") -> Outcome:
    """The healing check from plain numbers (Healing): 3d6 + ``bonus`` against ``lost`` + 5;
    no state. ``info``: ``dice``, ``total``, ``target``, ``extra``."""
    from claw.core.warriors.dice import critical, roll_3d6
    rolled = roll_3d6(dice, "healing check")
    total, crit = sum(rolled) + bonus, critical(rolled)
    extra = check_band(total, crit, lost, criticals)
    note = f", a critical {crit}" if crit else ""   # it may pick the band (ruling 5)
    out = Outcome(None, dice=rolled, total=total, target=lost + 5, extra=extra)
    out.add("healing-check", f"healing check 3d6 {'+'.join(map(str, rolled))} + {bonus} = {total} vs HP lost "
                             f"{lost} + 5 = {lost + 5}{note}: +{extra} HP", **out.info)
    return out


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


def give_herbs(state: dict, rules: Rules, cat_id: str, herbs: list[str]) -> Outcome:
    """Herbs given to an ill cat (Diseases and Injuries; Medicine): each illness whose
    cure they complete is cured, and an illness whose course a herb wards off is warded
    (Tansy, ruling 53); herbs that do neither are refused, naming what would help. Once
    the party keeps a herb stock (Knacks: Herb Lore), one good portion of each herb comes
    out of it (refused when one is missing or gone bad). ``info``: ``cured``, ``warded``."""
    from claw.core.warriors.herbstock import spend
    out = begin(state)
    cat = out.state["cats"][cat_id]
    new, cured = treat(cat, herbs, rules)
    new, warded = ward(new, herbs, rules)
    if not cured and not warded:
        raise IllegalAction(not_cured(cat, herbs, rules))
    if "herbs" in out.state:           # a stock is kept: the herbs come out of it
        out.state["herbs"] = spend(out.state["herbs"], herbs, out.state["cats"], out.state["day"], rules)
    out.state["cats"][cat_id] = new
    out.info.update(cured=cured, warded=warded)
    if cured:
        out.add("cure", f"{cat['name']} is treated with {', '.join(herbs)}: cured of {', '.join(cured)}",
                cat=cat_id, herbs=herbs, cured=cured)
    if warded:
        out.add("ward", f"{cat['name']} is given {', '.join(herbs)}: its {', '.join(warded)} will not worsen "
                        "into the next illness (Tansy)", cat=cat_id, herbs=herbs, warded=warded)
    return out


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
