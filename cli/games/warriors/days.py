"""`claw heal`, `claw scenario-step` (one sunrise) and `claw grow` for Warriors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import convert_from, get_cat, knack_uses, option, per_cat, rules, verdict
from claw.core.errors import UsageError

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def gather(call: Call) -> None:
    """`claw gather`: herbs into the party's stock, with the day and the keeper."""
    from claw.core.warriors.herbstock import gather_herbs
    cat = get_cat(call, call.arg("CAT"))
    count = call.opts.get("count") or 1
    call.apply(gather_herbs(call.need_state(), rules(), cat["id"], call.arg("HERB"), count,
                            bool(call.opts.get("dried"))))


def heal(call: Call) -> None:
    """`claw heal`: treat an illness with herbs, the morning's natural HP, or the healing check."""
    from claw.core.warriors.checks import CheckSpec
    from claw.core.warriors.healing import give_herbs, herb_check, natural
    r = rules()
    o = call.opts
    if call.state is None:
        return _stateless_heal(call)
    for flag in ("lost", "bonus", "odds"):
        if o.get(flag) is not None and o.get(flag) is not False:
            raise UsageError(f"--{flag} is for the healing bands without a state (claw heal --game warriors "
                             f"--lost N --bonus N); with a state claw reads the cat")
    cat = get_cat(call, call.arg("CAT"))
    check_opts = [f for f in ("healer", "knack", "points", "mod") if o.get(f)]
    if o.get("herbs") and o.get("natural") or (o.get("herbs") or o.get("natural")) and check_opts:
        raise UsageError("claw heal does one thing at a time: --herbs (treat an illness), --natural "
                         "(the morning's 1 HP) or the healing check (--healer, --knack, --points, --mod)")
    if o.get("herbs"):
        herbs = [r.lookup("herb", h) for h in o["herbs"].split(",") if h.strip()]
        return call.apply(give_herbs(call.state, r, cat["id"], herbs))
    if o.get("natural"):
        return call.apply(natural(call.state, cat["id"]))
    healer = get_cat(call, o["healer"]) if o.get("healer") else cat
    spec = CheckSpec(spend=o.get("points") or 0, knacks=knack_uses(call, r), modifier=o.get("mod") or 0,
                     convert_from=convert_from(call), label=f"{healer['id']} healing check")
    call.apply(herb_check(call.state, r, cat["id"], healer["id"], spec, call.dice, option(call, "criticals")))


def _stateless_heal(call: Call) -> None:
    """Healing bands from plain numbers: 3d6 + --bonus against HP lost + 5 (Healing)."""
    from claw.cli.games.warriors.handlers import fmt_chance
    from claw.core.warriors.healing import plain_check
    o = call.opts
    lost, bonus = o.get("lost"), o.get("bonus")
    if lost is None or bonus is None or call.args:
        raise UsageError("without a state, give --lost N (HP lost) and --bonus N (what the healing check adds "
                         "to 3d6): claw heal --game warriors --lost 6 --bonus 4")
    if lost < 1:
        raise UsageError(f"--lost is the HP a wounded cat has lost, 1 or more: {lost}")
    crit = option(call, "criticals")
    if o.get("odds"):
        from claw.core.warriors.odds import healing_bands
        p = healing_bands(bonus, lost, crit)
        call.answer(f"healing check 3d6+{bonus} vs HP lost {lost} + 5 = {lost + 5}: "
                    + "; ".join(f"+{k} HP {fmt_chance(p[k])}" for k in (1, 2, 3)),
                    {"lost": lost, "bonus": bonus, "target": lost + 5,
                     "extra_hp": {str(k): {"fraction": str(p[k]), "float": float(p[k])} for k in (1, 2, 3)}})
        return
    outcome = plain_check(lost, bonus, call.dice, crit)
    call.apply(outcome)
    verdict(call, f"+{outcome.info['extra']} HP", outcome.info)


def sunrise(call: Call) -> None:
    """`claw scenario-step`: one sunrise for the party."""
    from claw.core.warriors.party import DEFAULT_OPTIONS
    from claw.core.warriors.sunrise import sunrise as step
    if call.args:
        raise UsageError("claw scenario-step takes no arguments (the whole party greets the sunrise)")
    opts = {**DEFAULT_OPTIONS, **call.need_state().get("options", {})}
    call.apply(step(call.need_state(), rules(), call.dice, opts, age=bool(call.opts.get("age")),
                    cough_season=bool(call.opts.get("cough_season")), resist_points=per_cat(call, "resist_points")))


def grow(call: Call) -> None:
    """`claw grow`: spend a cat's pending age-table gains."""
    from claw.core.warriors.rules import ability_name
    from claw.core.warriors.sunrise import spend_gains
    r = rules()
    o = call.opts
    cat = get_cat(call, call.arg("CAT"))
    call.apply(spend_gains(call.need_state(), r, cat["id"],
                           skill=r.lookup("skill", o["skill"]) if o.get("skill") else None,
                           knack=r.lookup("knack", o["knack"]) if o.get("knack") else None,
                           ability=ability_name(o["ability"]) if o.get("ability") else None))
