"""`claw fight` and `claw attack` for Warriors (rules in claw.core.warriors.fight)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import convert_from, fmt_chance, get_cat, knack_uses, per_cat, rules, verdict
from claw.core.errors import IllegalAction, UsageError

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _options(call: Call) -> dict:
    from claw.core.warriors.party import DEFAULT_OPTIONS
    return {**DEFAULT_OPTIONS, **(call.state or {}).get("options", {})}


def fight(call: Call) -> None:
    """`claw fight`: start a fight (initiative), let a cat join, pass a turn or end it."""
    from claw.core.warriors.fight import advance_turn, end_fight, initiative, join
    o = call.opts
    s = call.need_state()
    if sum(bool(o.get(x)) for x in ("end", "next", "join")) > 1 or (call.args and (o.get("end") or o.get("next")
                                                                                  or o.get("join"))):
        raise UsageError("use one of: claw fight CAT CAT..., --join CAT, --next, --end")
    if o.get("join"):
        return call.apply(join(s, get_cat(call, o["join"])["id"], call.dice))
    if o.get("end"):
        return call.apply(end_fight(s))
    if o.get("next"):
        return call.apply(advance_turn(s))
    if s.get("fight"):
        raise IllegalAction("a fight is already on (claw fight --end first)")
    ids = [get_cat(call, a)["id"] for a in call.arg("CAT")]
    first = get_cat(call, o["first"])["id"] if o.get("first") else None
    call.apply(initiative(s, ids, call.dice, first, _options(call)["initiative_order"]))


def attack(call: Call) -> None:
    """`claw attack`: one cat's turn of fighting (stateless: the Swat-vs-Jump odds or roll)."""
    from claw.core.warriors.fight import AttackSpec
    from claw.core.warriors.fight import attack as run_attack
    r = rules()
    o = call.opts
    if call.state is None:
        return _stateless(call)
    a, t = get_cat(call, call.arg("ATTACKER")), get_cat(call, call.arg("TARGET"))
    if sum(bool(o.get(x)) for x in ("pounce", "bite", "swat")) > 1:
        raise UsageError("choose one of --swat, --pounce and --bite")
    escape = [get_cat(call, x)["id"] for x in (o.get("escape") or "").split(",") if x.strip()]
    spec = AttackSpec(mode="pounce" if o.get("pounce") else "bite" if o.get("bite") else "swat",
                      knacks=knack_uses(call, r), points=o.get("points") or 0,
                      damage_points=o.get("damage_points") or 0, dodge=o.get("dodge") or 0,
                      jump_points=o.get("jump_points") or 0, escape=escape, let_go=bool(o.get("let_go")),
                      winner_target=get_cat(call, o["winner_target"])["id"] if o.get("winner_target") else None,
                      life_or_death=bool(o.get("life_or_death")), convert_from=convert_from(call),
                      swat_explicit=bool(o.get("swat")),
                      wrestler_points=per_cat(call, "wrestler_points"),
                      wrestler_damage_points=per_cat(call, "wrestler_damage_points"), odds=bool(o.get("odds")))
    outcome = run_attack(call.state, r, a["id"], t["id"], spec, call.dice, _options(call))
    if spec.odds:     # the same rules as the attack, answered instead of rolled (nothing is paid)
        return _answer_odds(call, outcome.events[-1])
    call.apply(outcome)


def _answer_odds(call: Call, e: dict) -> None:
    from fractions import Fraction
    def plain(v):
        if isinstance(v, Fraction):
            return {"fraction": str(v), "float": float(v)}
        return {c: plain(x) for c, x in v.items()} if isinstance(v, dict) else v
    data = {k: plain(v) for k, v in e.items() if k not in ("type", "text")}
    call.answer(e["text"], data)


def _report_odds(call: Call, ab, jb, crit, title) -> None:
    from claw.core.warriors.odds import opposed
    p = opposed(ab, jb, crit)
    call.answer(f"{title}: 3d6+{ab} vs 3d6+{jb}: hits {fmt_chance(p)}",
            {"attack_bonus": ab, "jump_bonus": jb, "hit": {"fraction": str(p), "float": float(p)}})


def _stateless(call: Call) -> None:
    """`claw attack --game warriors --attack-bonus 5 --jump-bonus 4 [--odds]`."""
    from claw.core.warriors.dice import critical, roll_3d6
    from claw.core.warriors.fight import opposed_wins
    from claw.core.warriors.party import DEFAULT_OPTIONS
    o = call.opts
    ab, jb = o.get("attack_bonus"), o.get("jump_bonus")
    if o.get("defender_strength") is not None or o.get("damage_bonus") is not None:
        return _stateless_damage(call)
    if ab is None or jb is None:
        raise UsageError("without a state, give --attack-bonus N and --jump-bonus N (the hit), or --damage-bonus N "
                         "and --defender-strength N (the damage)")
    crit = DEFAULT_OPTIONS["criticals"]
    if o.get("odds"):
        return _report_odds(call, ab, jb, crit, "Swat vs Jump")
    ra, rj = roll_3d6(call.dice, "swat"), roll_3d6(call.dice, "jump")
    ta, tj = sum(ra) + ab, sum(rj) + jb
    hit = opposed_wins(ta, critical(ra), tj, critical(rj), crit)
    double = hit and ta > 2 * tj
    call.say(f"Swat {'+'.join(map(str, ra))} + {ab} = {ta} vs Jump {'+'.join(map(str, rj))} + {jb} = {tj}: "
             + ("hit" + (" (more than double: +2 to the damage check)" if double else "") if hit else "miss"))
    verdict(call, "hit" if hit else "miss", {"swat": ta, "jump": tj, "hit": hit, "double": double})


def _stateless_damage(call: Call) -> None:
    """Doing Damage from plain numbers: the attacker's Strength check (3d6 + --damage-bonus:
    Strength, spent points, Mighty Swat, Belly Rake, +2 for a double Swat) against the
    defender's Strength score; --bite adds the Bite's 1 HP."""
    from claw.core.warriors.dice import critical, roll_3d6
    from claw.core.warriors.fight import damage_band
    from claw.core.warriors.party import DEFAULT_OPTIONS
    o = call.opts
    bonus, strength = o.get("damage_bonus"), o.get("defender_strength")
    if bonus is None or strength is None:
        raise UsageError("the damage from plain numbers needs --damage-bonus N and --defender-strength N")
    if o.get("attack_bonus") is not None or o.get("jump_bonus") is not None:
        raise UsageError("give the hit (--attack-bonus/--jump-bonus) or the damage (--damage-bonus/"
                         "--defender-strength), one question at a time")
    crit = DEFAULT_OPTIONS["criticals"]
    bite = 1 if o.get("bite") else 0
    loss = {b: f"1d4+{b + bite}" for b in (1, 2, 3)}
    if o.get("odds"):
        from claw.core.warriors.odds import damage_bands
        p = damage_bands(bonus, strength, crit)
        call.answer(f"damage 3d6+{bonus} vs Strength {strength}: " + "; ".join(
            f"{loss[b]} {fmt_chance(p[b])}" for b in (1, 2, 3)),
            {"damage_bonus": bonus, "defender_strength": strength, "bite": bool(bite),
             "bands": {loss[b]: {"fraction": str(p[b]), "float": float(p[b])} for b in (1, 2, 3)}})
        return
    rolled = roll_3d6(call.dice, "damage check")
    total = sum(rolled) + bonus
    band = damage_band(total, critical(rolled), strength, crit)
    d4 = call.dice.draw(1, 4, "damage d4")
    hp = d4 + band + bite
    note = f", a critical {critical(rolled)}" if critical(rolled) else ""   # it may pick the band (ruling 5)
    call.say(f"damage check 3d6 {'+'.join(map(str, rolled))} + {bonus} = {total} vs Strength {strength}{note}: "
             f"{loss[band]} = {d4}+{band + bite} = {hp} HP")
    verdict(call, f"{hp} HP", {"dice": rolled, "total": total, "band": loss[band], "d4": d4, "hp": hp})
