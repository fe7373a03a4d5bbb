"""`claw check` in Warriors: a cat's check with its pools, knacks and modifiers (or its
odds), and the stateless 3d6 + bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import (
    DEFAULT_OPTIONS,
    convert_from,
    fmt_chance,
    get_cat,
    knack_uses,
    option,
    refresh,
    rules,
    verdict,
)
from claw.core.errors import IllegalAction, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _yes_no(value: str | None) -> bool | None:
    if value is None:
        return None
    v = value.strip().lower()
    if v in ("yes", "y", "true", "1"):
        return True
    if v in ("no", "n", "false", "0"):
        return False
    raise UsageError(f"--physical is yes or no: {quoted(value)}")


def check(call: Call) -> None:
    """`claw check`: a check for a cat (stateless: 3d6 + --bonus)."""
    from claw.core.warriors.checks import CheckSpec
    from claw.core.warriors.checks import check as check_one
    from claw.core.warriors.rules import ABILITIES, ability_name
    r = rules()
    args = list(call.args)
    o = call.opts
    if call.state is None:
        return _stateless_check(call)
    if o.get("refresh"):
        refresh(call, only=args[:1])          # `check CAT SKILL --refresh`: that cat first
        if not args:
            return
    if len(args) != 2:
        raise UsageError("usage: claw check CAT SKILL|ABILITY [--vs N] (or --refresh alone)")
    cat = get_cat(call, args[0])
    word = args[1].strip().lower()
    if word in ABILITIES or word in ("str", "int", "spt", "spi"):
        skill, ability = None, ability_name(word)
    else:
        skill, ability = r.lookup("skill", word), None
    spec = CheckSpec(skill=skill, ability=ability, spend=o.get("points") or 0, knacks=knack_uses(call, r),
                     modifier=o.get("mod") or 0, vs=o.get("vs"), convert_from=convert_from(call),
                     physical=_yes_no(o.get("physical")), label=f"{cat['id']} check")
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']} and cannot make checks: {cat['id']}")
    _orate_audience(call, spec)
    if o.get("odds"):
        return _check_odds(call, cat, spec, r)
    outcome = check_one(call.need_state(), r, cat["id"], spec, call.dice, option(call, "criticals"))
    call.apply(outcome)
    for k in outcome.events[-1]["knacks"]:   # a knack's condition, said (the GM judges it)
        if k.get("condition"):
            call.say(f"  {k['knack']}: only if {k['condition'][0].lower()}{k['condition'][1:]}")


def _orate_audience(call: Call, spec) -> None:
    """Orate works only on cats the GM controls (Knacks: Orate): every --audience cat must be an npc."""
    audience = [get_cat(call, a) for a in call.opts.get("audience") or []]
    if audience and "orate" not in spec.knacks:
        raise UsageError("--audience names whom Orate is used on; give --knack orate with it")
    players = [a for a in audience if not a.get("npc")]
    if "orate" in spec.knacks and players:
        raise IllegalAction("Orate only works on cats controlled by the GM, not players' cats: "
                            + ", ".join(a["id"] for a in players))


def _check_odds(call: Call, cat, spec, r) -> None:
    from claw.core.warriors.checks import prepare
    from claw.core.warriors.odds import chance
    if spec.vs is None:
        raise UsageError("--odds needs --vs N")
    bonus = prepare(cat, r, spec)[1]["bonus"]       # the check's own total, paid as the check would be
    p = chance(bonus, spec.vs, option(call, "criticals"))
    _emit_odds(call, bonus, spec.vs, p)


def _emit_odds(call: Call, bonus, vs, p) -> None:
    call.answer(f"3d6+{bonus} vs {vs}: {fmt_chance(p)}",
            {"bonus": bonus, "vs": vs, "success": {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}})


def _stateless_check(call: Call) -> None:
    o = call.opts
    bonus = o.get("bonus")
    if bonus is None or call.args:
        raise UsageError("without a state, give --bonus N (and --vs N): claw check --game warriors --bonus 5 --vs 12")
    from claw.core.warriors.checks import decide
    from claw.core.warriors.dice import critical, roll_3d6
    crit_rule = DEFAULT_OPTIONS["criticals"]
    vs = o.get("vs")
    if o.get("odds"):
        from claw.core.warriors.odds import chance
        if vs is None:
            raise UsageError("--odds needs --vs N")
        return _emit_odds(call, bonus, vs, chance(bonus, vs, crit_rule))
    rolled = roll_3d6(call.dice, "check")
    total = sum(rolled) + bonus
    crit = critical(rolled)
    ok = decide(total, crit, vs, crit_rule)
    call.say(f"3d6 {'+'.join(map(str, rolled))} + {bonus} = {total}"
             + (f" vs {vs}: {'success' if ok else 'failure'}" if vs is not None else "")
             + (f" (critical {crit})" if crit else ""))
    verdict(call, str(total) if ok is None else f"{total} {'success' if ok else 'failure'}",
            {"dice": rolled, "bonus": bonus, "total": total, "vs": vs, "success": ok, "critical": crit})
