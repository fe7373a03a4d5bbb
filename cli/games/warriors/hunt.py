"""`claw hunt` and `claw eat` for Warriors (rules in claw.core.warriors.hunt)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import convert_from, fmt_chance, get_cat, option, rules, verdict
from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _stage_numbers(items, flag: str) -> dict:
    from claw.core.warriors.hunt import STAGES
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
    from claw.core.warriors.hunt import STAGES, HuntSpec
    from claw.core.warriors.knacks import parse_uses
    o = call.opts
    sense = r.lookup("skill", o["sense"]) if o.get("sense") else None
    weight = r.lookup("weight", o["weight"]) if o.get("weight") else "average"
    illness = r.lookup("disease", o["illness"]) if o.get("illness") else None
    spec = HuntSpec(prey=prey, sense=sense, spend=_stage_numbers(o.get("points"), "--points"),
                    knacks=[parse_uses(k, r) for k in o.get("knack") or []], weight=weight,
                    crowfood=bool(o.get("crowfood")), convert_from=convert_from(call), illness=illness)
    if o.get("resume"):
        spec.start = o["resume"].strip().lower()
    for text in o.get("helper") or []:
        stage, eq, who = text.partition("=")
        if not eq or stage.strip().lower() not in STAGES:
            raise UsageError(f"--helper takes STAGE=CAT with STAGE one of {', '.join(STAGES)}: {quoted(text)}")
        spec.helpers[stage.strip().lower()] = get_cat(call, who)["id"]
    return spec


def hunt(call: Call) -> None:
    """`claw hunt`: a hunt stage by stage (or its odds; stateless with --stage-bonus)."""
    from claw.core.warriors.hunt import HuntSpec, odds
    from claw.core.warriors.hunt import hunt as run_hunt
    r = rules()
    if call.state is None:       # from plain numbers: `claw hunt --game warriors PREY --stage-bonus locate=N ...`
        if call.arg("CAT") is not None:
            raise UsageError("without a state: claw hunt --game warriors PREY --stage-bonus locate=N ... [--odds]")
        spec = HuntSpec(prey=call.arg("PREY"), bonus=_stage_numbers(call.opts.get("stage_bonus"), "--stage-bonus"))
        cat_id = None
    else:
        if call.arg("CAT") is None:
            raise UsageError("usage: claw hunt CAT PREY (prey: " + ", ".join(r.prey) + ")")
        cat_id = get_cat(call, call.arg("CAT"))["id"]
        spec = _spec(call, r, call.arg("PREY"))
    if call.opts.get("odds"):
        return _report_odds(call, odds(call.state, r, cat_id, spec, option(call, "criticals")), r)
    outcome = run_hunt(call.state, r, cat_id, spec, call.dice, option(call, "criticals"), option(call, "d100"))
    call.apply(outcome)
    if cat_id is None:
        verdict(call, "caught" if outcome.info["caught"] else f"escaped at {outcome.info['failed_stage']}")


def eat(call: Call) -> None:
    """`claw eat`: a cat eats a piece of fresh-kill, or crowfood (and may fall ill)."""
    from claw.core.warriors.hunt import eat as do_eat
    r = rules()
    cat = get_cat(call, call.arg("CAT"))
    illness = r.lookup("disease", call.opts["illness"]) if call.opts.get("illness") else None
    prey = r.lookup("prey", call.opts["prey"]) if call.opts.get("prey") else None
    call.apply(do_eat(call.need_state(), r, cat["id"], call.dice, prey=prey, crowfood=bool(call.opts.get("crowfood")),
                      d100_rule=option(call, "d100"), illness=illness))


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
