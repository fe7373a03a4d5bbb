"""`claw hunt` and `claw eat` for Warriors (rules in claw.core.warriors.hunt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import convert_from, fmt_chance, get_cat, option, put_cat, rules, verdict
from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

STAGES = ("locate", "approach", "grab", "kill")


def _stage_numbers(items, flag: str) -> dict:
    out: dict = {}
    for text in items or []:
        stage, eq, n = text.partition("=")
        stage = stage.strip().lower()
        if not eq or stage not in STAGES:
            raise UsageError(f"{flag} takes STAGE=N with STAGE one of {', '.join(STAGES)}: {quoted(text)}")
        try:
            out[stage] = out.get(stage, 0) + int(n)
        except ValueError:
            raise UsageError(f"{flag} needs a whole number: {quoted(text)}") from None
    return out


def _spec(call: Call, r, prey: str):
    from claw.core.warriors.hunt import HuntSpec
    from claw.core.warriors.knacks import parse_uses
    o = call.opts
    sense = r.lookup("skill", o["sense"]) if o.get("sense") else None
    weight = r.lookup("weight", o["weight"]) if o.get("weight") else "average"
    illness = r.lookup("disease", o["illness"]) if o.get("illness") else None
    spec = HuntSpec(prey=prey, sense=sense, spend=_stage_numbers(o.get("points"), "--points"),
                    knacks=[parse_uses(k, r) for k in o.get("knack") or []], weight=weight,
                    crowfood=bool(o.get("crowfood")), convert_from=convert_from(call))
    if o.get("resume"):
        spec.start = o["resume"].strip().lower()
    for text in o.get("helper") or []:
        stage, eq, who = text.partition("=")
        if not eq or stage.strip().lower() not in STAGES:
            raise UsageError(f"--helper takes STAGE=CAT with STAGE one of {', '.join(STAGES)}: {quoted(text)}")
        spec.helpers[stage.strip().lower()] = get_cat(call, who)
    return spec, illness


def hunt(call: Call) -> None:
    """`claw hunt`: a hunt stage by stage (or its odds; stateless with --stage-bonus)."""
    r = rules()
    if call.state is None:
        return _stateless(call, r)
    if call.arg("CAT") is None:
        raise UsageError("usage: claw hunt CAT PREY (prey: " + ", ".join(r.prey) + ")")
    cat = get_cat(call, call.arg("CAT"))
    prey = call.arg("PREY")
    spec, illness = _spec(call, r, prey)
    if call.opts.get("odds"):
        from claw.core.warriors.hunt import odds
        return _report_odds(call, odds(cat, r, spec, option(call, "criticals")), r)
    from claw.core.warriors.checks import explain
    from claw.core.warriors.hunt import best_sense
    from claw.core.warriors.hunt import hunt as run_hunt
    tied: list = []
    if spec.sense is None and spec.start == "locate":
        sense, tied = best_sense(spec.helpers.get("locate", cat), r)
    spec.crowfood = False     # eaten below, with --illness
    new, result = run_hunt(cat, r, spec, call.dice, option(call, "criticals"), option(call, "d100"))
    if tied:    # reported only once the hunt is allowed, so a refusal prints nothing else
        call.event("choice", f"Locate: {', '.join([sense] + tied)} tie; using {sense} (--sense to choose)",
                   chosen=sense, options=[sense] + tied)
    for st in result["stages"]:
        by = "" if st["cat"] == cat["id"] else f" ({call.state['cats'][st['cat']]['name']})"
        call.event("hunt-stage", f"{st['stage'].capitalize()}{by}: " + explain(st, r), cat=st["cat"],
                   stage=st["stage"], skill=st["skill"], dice=st["dice"], total=st["total"], vs=st["vs"],
                   success=st["success"], critical=st["critical"], paid=st["paid"])
    if result["caught"]:
        w = r.weights[result["weight"]]
        hours = w["hours_fed"]
        fed = f"{hours['min']}-{hours['max']}" if hours["min"] != hours["max"] else str(hours["min"])
        call.event("catch", f"{cat['name']} catches {r.prey[prey]['name'].lower()} ({w['name'].lower()}): "
                            f"{result['rations']} ration(s), feeds one cat {fed} hours",
                   cat=cat["id"], prey=prey, weight=result["weight"], rations=result["rations"])
        if call.opts.get("crowfood"):
            new = _crowfood(call, new, r, illness)
    else:
        call.event("escape", f"the {r.prey[prey]['name'].lower()} gets away at the {result['failed_stage']} stage",
                   cat=cat["id"], prey=prey, failed_stage=result["failed_stage"])
    for st in result["stages"]:
        if st["sprain"]:
            who = call.state["cats"][st["cat"]]
            call.event("sprain", f"{who['name']} is sprained: rest 3 sunrises", cat=who["id"])
    for other in result["cats"].values():
        if other["id"] != new["id"]:
            put_cat(call, other)
    put_cat(call, new)


def _crowfood(call: Call, cat, r, illness):
    from claw.core.warriors.hunt import eat_crowfood
    new, cf = eat_crowfood(cat, r, call.dice, option(call, "d100"), illness)
    if cf["immune"]:
        call.event("crowfood", f"{cat['name']} is ShadowClan: crowfood does no harm", cat=cat["id"], ill=False)
    else:
        what = f"falls ill ({cf['illness']})" if cf["ill"] else "stays well"
        call.event("crowfood", f"crowfood: d100 {cf['rolled']} (ill below 66): {cat['name']} {what}",
                   cat=cat["id"], rolled=cf["rolled"], ill=cf["ill"], illness=cf["illness"])
    return new


def eat(call: Call) -> None:
    """`claw eat`: a cat eats crowfood and may fall ill."""
    r = rules()
    cat = get_cat(call, call.arg("CAT"))
    illness = r.lookup("disease", call.opts["illness"]) if call.opts.get("illness") else None
    put_cat(call, _crowfood(call, cat, r, illness))


def _report_odds(call: Call, res, r) -> None:
    lines = [f"{r.prey[res['prey']]['name']} hunt odds" + (f" for {res['cat']}" if res["cat"] else "") + ":"]
    for row in res["stages"]:
        by = f" ({row['by']})" if row.get("by") and row["by"] != res["cat"] else ""
        lines.append(f"  {row['stage']:<8} {row['skill']:<6} 3d6+{row['bonus']} vs {row['vs']}{by}: "
                     f"{fmt_chance(row['chance'])} (reached and passed: {float(row['cumulative']):.2%})")
    lines.append(f"  whole hunt: {fmt_chance(res['success'])}")
    obj = {"prey": res["prey"], "cat": res["cat"],
           "stages": [{**{k: v for k, v in row.items() if k not in ("chance", "cumulative")},
                       "chance": {"fraction": str(row["chance"]), "float": float(row["chance"])},
                       "cumulative": {"fraction": str(row["cumulative"]), "float": float(row["cumulative"])}}
                      for row in res["stages"]],
           "success": {"fraction": str(res["success"]), "float": float(res["success"])}}
    call.answer("\n".join(lines), obj)


def _stateless(call: Call, r) -> None:
    """`claw hunt --game warriors vole --stage-bonus locate=5 ... --odds` (or roll it)."""
    from fractions import Fraction

    from claw.core.warriors.checks import decide
    from claw.core.warriors.dice import critical, roll_3d6
    from claw.core.warriors.odds import chance
    if call.arg("CAT") is not None:
        raise UsageError("without a state: claw hunt --game warriors PREY --stage-bonus locate=N ... [--odds]")
    prey = r.prey[call.arg("PREY")]
    bonus = _stage_numbers(call.opts.get("stage_bonus"), "--stage-bonus")
    skills = {"locate": "sense", "approach": "sneak", "grab": "pounce", "kill": "bite"}
    if call.opts.get("odds"):
        reach, rows = Fraction(1), []
        for stage in STAGES:
            p = chance(bonus.get(stage, 0), prey[stage])
            reach *= p
            rows.append({"stage": stage, "skill": skills[stage], "bonus": bonus.get(stage, 0), "vs": prey[stage],
                         "chance": p, "cumulative": reach})
        return _report_odds(call, {"prey": prey["id"], "cat": None, "stages": rows, "success": reach}, r)
    lines, caught = [], True
    for stage in STAGES:
        rolled = roll_3d6(call.dice, f"hunt {stage}")
        total = sum(rolled) + bonus.get(stage, 0)
        ok = decide(total, critical(rolled), prey[stage])
        lines.append(f"{stage}: 3d6 {'+'.join(map(str, rolled))} + {bonus.get(stage, 0)} = {total} vs {prey[stage]}: "
                     + ("success" if ok else "failure"))
        if not ok:
            caught = False
            break
    for line in lines:
        call.say(line)
    verdict(call, "caught" if caught else f"escaped at {stage}")
