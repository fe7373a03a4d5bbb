"""`claw attack` in msm: on a state (a roll, or exact odds with --odds) and stateless
from numbers ("Cat Attack", "Attack Modifiers", "Attack Results")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.common import _board, _data, _need, _pct, parse_indices
from claw.core.errors import UsageError

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def attack(call: Call) -> None:
    if call.state is None or call.opts.get("attack_dice") is not None:
        return _attack_numbers(call)
    from claw.core.msm.attack import ScratchPolicy
    from claw.core.msm.attack import attack as do_attack

    o = call.opts
    if o.get("odds"):
        return _attack_odds_on_state(call)
    attacker, target = _need(call, "ATTACKER", "TARGET")
    policy = ScratchPolicy(take_on_one=not o.get("no_scratch"), reroll_ones=bool(o.get("reroll_ones")),
                           reroll=parse_indices(o.get("reroll")))
    out = do_attack(call.state, _board(call), _data("bestiary.yaml"), attacker, target, call.dice,
                    weapon=o.get("weapon"), extra_mod=o.get("mod") or 0, scratch=policy,
                    medallion=bool(o.get("medallion")))
    call.apply(out)
    if call.json:
        call.emit_json({"game": "msm", "attacker": attacker, "target": target, **out.info["roll"].to_json()})


def _attack_odds_on_state(call: Call) -> None:
    """Exact odds for ATTACKER on TARGET with the modifiers the board gives now."""
    from claw.core.msm.attack import attack_chances
    from claw.core.msm.playstate import figure

    if hasattr(call, "query"):
        call.query()  # a question: the state is not written
    attacker, target = _need(call, "ATTACKER", "TARGET")
    st = call.need_state()
    aid, _ = figure(st, attacker)
    tid, _ = figure(st, target)
    chosen, mods, odds = attack_chances(st, _board(call), _data("bestiary.yaml"), aid, tid,
                                        call.opts.get("weapon"), call.opts.get("mod") or 0)
    if call.json:
        call.emit_json({"game": "msm", "attacker": aid, "target": tid, "weapon": chosen.id,
                        "modifiers": [{"label": m.label, "value": m.value} for m in mods],
                        "chances": odds.to_json()})
        return
    mtext = ", ".join(m.text() for m in mods) or "none"
    call.out(f"{aid} → {tid} with {chosen.name} ({chosen.dice}d12, stun {chosen.stun}+, wound {chosen.wound}+);"
             f" modifiers: {mtext}")
    call.out(f"  target stunned:     {_pct(odds.stun)}")
    call.out(f"  at least one wound: {_pct(odds.wound)}")
    call.out(f"  eliminated:         {_pct(odds.eliminate)}")


def _attack_numbers(call: Call) -> None:
    """Stateless attack from numbers ("Cat Attack", "Attack Modifiers", "Attack Results")."""
    from claw.core.msm import combat

    o = call.opts
    if call.args:
        raise UsageError("figure ids need a state (-s FILE); without one give --attack-dice/--stun/--wound")
    missing = [f for f, k in (("--attack-dice", "attack_dice"), ("--stun", "stun"), ("--wound", "wound"))
               if o.get(k) is None]
    if missing:
        raise UsageError(f"a stateless msm attack needs {', '.join(missing)}")
    profile = combat.Profile(o["attack_dice"], o["stun"], o["wound"])
    mods = []
    if o.get("stunned_target"):
        mods.append(combat.Modifier("stunned rat", combat.STUNNED_RAT))
    if o.get("hindered"):
        mods.append(combat.Modifier("hindering terrain", combat.HINDERING))
    if o.get("vulnerable"):
        mods.append(combat.Modifier("rat attacking a Vulnerable cat", combat.VULNERABLE_CAT))
    if o.get("mod"):
        mods.append(combat.Modifier("given modifier (--mod)", o["mod"], "Skill and Weapon"))
    total = sum(m.value for m in mods)
    health = o.get("health") or 1
    if health < 1 or health > 99:
        raise UsageError(f"--health must be 1..99: {health}")
    if o.get("odds"):
        odds = combat.attack_odds(profile, total, health=health, roach=bool(o.get("roach")))
        if call.json:
            call.emit_json({"game": "msm", "attack_dice": profile.dice, "stun": profile.stun,
                            "wound": profile.wound, "modifier": total,
                            "modifiers": [{"label": m.label, "value": m.value} for m in mods],
                            "health": health, "roach": bool(o.get("roach")), "chances": odds.to_json()})
            return
        mtext = ", ".join(m.text() for m in mods) or "none"
        call.out(f"{profile.dice}d12, stun {profile.stun}+, wound {profile.wound}+, modifiers {mtext}")
        call.out(f"  each die: wound {_pct(odds.per_die['wound'])}, stun only {_pct(odds.per_die['stun'])},"
                 f" miss {_pct(odds.per_die['miss'])} (a natural 1 always misses)")
        call.out(f"  target stunned:        {_pct(odds.stun)}")
        call.out(f"  at least one wound:    {_pct(odds.wound)}")
        lives = "life" if health == 1 else "lives"
        what = "roach removed (any stun)" if o.get("roach") else f"eliminated ({health} {lives})"
        call.out(f"  {what + ':':<22} {_pct(odds.eliminate)}")
        return
    roll = combat.roll_attack(profile, mods, call.dice)
    done = combat.attack_result(roll, call.dice, reroll=parse_indices(o.get("reroll")),
                                reroll_ones=bool(o.get("reroll_ones")), roach=bool(o.get("roach")),
                                health=health if o.get("health") is not None else None)
    if call.json:
        call.emit_json({"game": "msm", **done.info["result"]})
    call.apply(done)
    if not call.json:
        call.out(done.info["verdict"])
    if roll.ones:
        call.say("A natural 1: the team may take a scratch token (max 3) or spend one to reroll a die.")
