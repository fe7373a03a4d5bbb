"""`claw heal`, `claw scenario-step` (one sunrise) and `claw grow` for Warriors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import convert_from, get_cat, knack_uses, option, per_cat, put_cat, rules, verdict
from claw.core.errors import IllegalAction, UsageError

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _emit(call: Call, events) -> None:
    for e in events:
        call.event(e["type"], e["text"], **{k: v for k, v in e.items() if k not in ("type", "text")})


def gather(call: Call) -> None:
    """`claw gather`: herbs into the party's stock, with the day and the keeper."""
    from claw.core.warriors.herbstock import gather as add
    from claw.core.warriors.herbstock import keep_days
    r = rules()
    o = call.opts
    cat = get_cat(call, call.arg("CAT"))
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']} and cannot gather herbs: {cat['id']}")
    herbs = call.arg("HERB")
    count = o.get("count") or 1
    if count < 1:
        raise UsageError("--count is at least 1")
    dried = bool(o.get("dried"))
    day = call.need_state()["day"]
    stock = call.need_state().get("herbs", [])
    for h in herbs:
        stock = add(stock, h, cat["id"], day, dried, count)
    call.need_state()["herbs"] = stock
    keep = keep_days(cat, dried)
    call.event("gather", f"{cat['name']} gathers {', '.join(r.herbs[h]['name'] for h in herbs)}"
               + (f" x{count}" if count > 1 else "") + f" ({'dried' if dried else 'fresh'}, good through day "
               f"{day + keep - 1})", cat=cat["id"], herbs=herbs, count=count, dried=dried, day=day, keep=keep)


def heal(call: Call) -> None:
    """`claw heal`: treat an illness with herbs, the morning's natural HP, or the healing check."""
    from claw.core.warriors.checks import CheckSpec
    from claw.core.warriors.healing import herb_check, natural, treat
    r = rules()
    o = call.opts
    if call.state is None:
        return _stateless_heal(call)
    for flag in ("lost", "bonus", "odds"):
        if o.get(flag) is not None and o.get(flag) is not False:
            raise UsageError(f"--{flag} is for the healing bands without a state (claw heal --game warriors "
                             f"--lost N --bonus N); with a state claw reads the cat")
    cat = get_cat(call, call.arg("CAT"))
    day = call.state["day"]
    check_opts = [f for f in ("healer", "knack", "points", "mod") if o.get(f)]
    if o.get("herbs") and o.get("natural") or (o.get("herbs") or o.get("natural")) and check_opts:
        raise UsageError("claw heal does one thing at a time: --herbs (treat an illness), --natural "
                         "(the morning's 1 HP) or the healing check (--healer, --knack, --points, --mod)")
    if o.get("herbs"):
        herbs = [r.lookup("herb", h) for h in o["herbs"].split(",") if h.strip()]
        new, cured = treat(cat, herbs, r)
        from claw.core.warriors.healing import ward
        new, warded = ward(new, herbs, r)
        if not cured and not warded:
            from claw.core.warriors.healing import not_cured
            raise IllegalAction(not_cured(cat, herbs, r))
        if "herbs" in call.state:           # a stock is kept: the herbs come out of it
            from claw.core.warriors.herbstock import spend
            call.state["herbs"] = spend(call.state["herbs"], herbs, call.state["cats"], day, r)
        put_cat(call, new)
        if cured:
            call.event("cure", f"{cat['name']} is treated with {', '.join(herbs)}: cured of {', '.join(cured)}",
                       cat=cat["id"], herbs=herbs, cured=cured)
        if warded:
            call.event("ward", f"{cat['name']} is given {', '.join(herbs)}: its {', '.join(warded)} will not worsen "
                               "into the next illness (Tansy)", cat=cat["id"], herbs=herbs, warded=warded)
        return
    if o.get("natural"):
        new, res = natural(cat, day)
        put_cat(call, new)
        call.event("heal", f"{cat['name']} heals {res['gained']} HP naturally ({new['hp']}/{new['hp_max']})", **res)
        return
    healer = get_cat(call, o["healer"]) if o.get("healer") else cat
    spec = CheckSpec(spend=o.get("points") or 0, knacks=knack_uses(call, r), modifier=o.get("mod") or 0,
                     convert_from=convert_from(call), label=f"{healer['id']} healing check")
    patient, healer2, res = herb_check(cat, healer, r, spec, call.dice, day, option(call, "criticals"))
    put_cat(call, healer2)
    put_cat(call, patient)
    band = {1: "below", 2: "at least", 3: "more than double"}[res["extra"]]
    if res.get("critical"):   # under the default criticals rule it picks the band, whatever the total (ruling 5)
        band = f"a critical {res['critical']}: {band}"
    call.event("herb-check",
               f"{healer['name']}'s healing check (Ponder): 3d6 {'+'.join(map(str, res['dice']))} + INT "
               f"{res['ability_score']} + ponder {res['skill_score']}"
               + (f" + {res['spent']} pts" if res["spent"] else "")
               + (f" + {res['knack_bonus']} lore" if res["knack_bonus"] else "")
               + (f" {res['modifier']:+d}" if res["modifier"] else "")
               + f" = {res['total']}, {band} HP lost {res['lost']} + 5 = {res['target']}: "
               f"{cat['name']} heals {res['gained']} HP ({patient['hp']}/{patient['hp_max']})",
               cat=cat["id"], healer=healer["id"], dice=res["dice"], total=res["total"], target=res["target"],
               extra=res["extra"], gained=res["gained"], paid=res["paid"])


def _stateless_heal(call: Call) -> None:
    """Healing bands from plain numbers: 3d6 + --bonus against HP lost + 5 (Healing)."""
    from claw.cli.games.warriors.handlers import DEFAULT_OPTIONS, fmt_chance
    from claw.core.warriors.dice import critical, roll_3d6
    from claw.core.warriors.healing import check_band
    o = call.opts
    lost, bonus = o.get("lost"), o.get("bonus")
    if lost is None or bonus is None or call.args:
        raise UsageError("without a state, give --lost N (HP lost) and --bonus N (what the healing check adds "
                         "to 3d6): claw heal --game warriors --lost 6 --bonus 4")
    if lost < 1:
        raise UsageError(f"--lost is the HP a wounded cat has lost, 1 or more: {lost}")
    crit = DEFAULT_OPTIONS["criticals"]
    if o.get("odds"):
        from claw.core.warriors.odds import healing_bands
        p = healing_bands(bonus, lost, crit)
        call.answer(f"healing check 3d6+{bonus} vs HP lost {lost} + 5 = {lost + 5}: "
                    + "; ".join(f"+{k} HP {fmt_chance(p[k])}" for k in (1, 2, 3)),
                    {"lost": lost, "bonus": bonus, "target": lost + 5,
                     "extra_hp": {str(k): {"fraction": str(p[k]), "float": float(p[k])} for k in (1, 2, 3)}})
        return
    rolled = roll_3d6(call.dice, "healing check")
    total = sum(rolled) + bonus
    extra = check_band(total, critical(rolled), lost, crit)
    note = f", a critical {critical(rolled)}" if critical(rolled) else ""   # it may pick the band (ruling 5)
    call.say(f"healing check 3d6 {'+'.join(map(str, rolled))} + {bonus} = {total} vs HP lost {lost} + 5 = "
             f"{lost + 5}{note}: +{extra} HP")
    verdict(call, f"+{extra} HP", {"dice": rolled, "total": total, "target": lost + 5, "extra": extra})


def sunrise(call: Call) -> None:
    """`claw scenario-step`: one sunrise for the party."""
    from claw.cli.games.warriors.handlers import DEFAULT_OPTIONS
    from claw.core.warriors.sunrise import sunrise as step
    if call.args:
        raise UsageError("claw scenario-step takes no arguments (the whole party greets the sunrise)")
    opts = {**DEFAULT_OPTIONS, **call.need_state().get("options", {})}
    new, events = step(call.need_state(), rules(), call.dice, opts, age=bool(call.opts.get("age")),
                       cough_season=bool(call.opts.get("cough_season")),
                       resist_points=per_cat(call, "resist_points"))
    call.state = new
    _emit(call, events)


def grow(call: Call) -> None:
    """`claw grow`: spend a cat's pending age-table gains."""
    from claw.core.warriors.rules import ability_name
    from claw.core.warriors.sunrise import grow as spend
    r = rules()
    o = call.opts
    cat = get_cat(call, call.arg("CAT"))
    new, events = spend(cat, r, skill=r.lookup("skill", o["skill"]) if o.get("skill") else None,
                        knack=r.lookup("knack", o["knack"]) if o.get("knack") else None,
                        ability=ability_name(o["ability"]) if o.get("ability") else None)
    put_cat(call, new)
    _emit(call, events)
