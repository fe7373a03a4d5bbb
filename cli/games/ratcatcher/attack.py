"""`claw attack` and `claw odds` in The Ratcatcher: an attack on the Ratcatcher's zone,
one from numbers (stateless, or its exact chances), and the zone's chances now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.ratcatcher.handlers import COLOUR, _state
from claw.core.errors import IllegalAction, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def attack(call: Call) -> None:
    o = call.opts
    stateless = call.state is None or any(o.get(k) is not None for k in ("accuracy", "defence", "rats"))
    if stateless:
        return _attack_numbers(call)
    if o.get("odds"):
        raise UsageError("attack --odds with a state would also write the state: use `claw odds` "
                         "(the zone's exact chances), or give --accuracy/--defence for numbers")
    from claw.core.ratcatcher.combat import parse_assign
    from claw.core.ratcatcher.player import attack as core_attack

    plan = parse_assign(o["assign"]) if o.get("assign") else None
    if call.args:
        raise UsageError(f"attack takes no positional arguments in ratcatcher (the target zone is the "
                         f"Ratcatcher's): {quoted(call.args[0])}")
    call.apply(core_attack(_state(call), call.dice, o.get("attack_dice"), plan), styles=COLOUR)


def _attack_numbers(call: Call) -> None:
    from claw.core.ratcatcher.combat import Target, capture_odds, resolve_attack
    from claw.core.ratcatcher.events import listed

    o = call.opts
    missing = [f for f, k in (("--attack-dice", "attack_dice"), ("--accuracy", "accuracy")) if o.get(k) is None]
    if missing:
        raise UsageError(f"a stateless Ratcatcher attack needs {' and '.join(missing)} "
                         "(e.g. --attack-dice 4 --accuracy 4 --defence 1)")
    if o.get("assign"):
        from claw.cli.render.wording import needs_state

        raise needs_state("attack --assign", without="the zone's rats come from it")
    n, acc = o["attack_dice"], o["accuracy"]
    d = o.get("defence") or 0
    rats = 1 if o.get("rats") is None else o["rats"]
    if not 1 <= n <= 100:
        raise UsageError(f"--attack-dice must be 1..100: {n}")
    if not 1 <= acc <= 6:
        raise UsageError(f"--accuracy must be 1..6 on a d6: {acc}")
    if not 0 <= d <= 50:
        raise UsageError(f"--defence must be 0..50: {d}")
    if not 1 <= rats <= 100:
        raise UsageError(f"--rats must be 1..100: {rats}")
    if o.get("odds"):
        odds = capture_odds(n, acc, d, rats)
        if call.json:
            call.emit_json({
                "dice": n, "accuracy": acc, "defence": d, "rats": rats,
                "capture": _frac(odds["capture"]), "mortal": _frac(odds["mortal"]),
                "expected_captures": _frac(odds["expected_captures"]),
                "captures": {str(k): _frac(v) for k, v in odds["captures"].items()},
            })
            return
        call.out(f"{n}d6 at {acc}+ against {rats} rat(s) of defence {d}:")
        call.out(f"  capture at least one: {_pct(odds['capture'])}")
        call.out(f"  at least one mortal wound (a 6): {_pct(odds['mortal'])}")
        for k, v in odds["captures"].items():
            call.out(f"  exactly {k} captured: {_pct(v)}")
        call.out(f"  expected captures: {float(odds['expected_captures']):.3f}")
        return
    rolls = [call.dice.die(6) for _ in range(n)]
    result = resolve_attack(rolls, acc, [Target("brown", f"rat {i + 1}", d) for i in range(rats)])
    captured = sum(1 for a in result.allocations if a.captured)
    if call.json:
        call.emit_json({"rolls": rolls, "accuracy": acc, "defence": d, "hits": result.hits,
                        "mortal": result.mortal, "misses": result.misses, "captured": captured, "rats": rats})
        return
    call.out(f"rolls {listed(rolls)} at {acc}+: {result.hits} hit(s), {result.mortal} mortal wound(s) (6s), "
             f"{result.misses} miss(es) → {captured} of {rats} rat(s) of defence {d} captured")
    call.say(f"a rat needs more than {d} hit(s), or one 6, to be captured")


def odds(call: Call) -> None:
    """`claw odds`: exact chances of an attack now, from the Ratcatcher's zone (a query)."""
    from claw.core.ratcatcher.combat import zone_odds
    from claw.core.ratcatcher.player import zone_targets

    state = _state(call)
    rc = state["ratcatcher"]
    n = call.opts.get("attack_dice")
    if n is None:
        n = rc["attack_dice"]
        if n < 1:
            raise IllegalAction("no attack dice left this turn (ask for some with --attack-dice N)")
        n = min(n, 100)
    elif not 1 <= n <= 100:
        raise UsageError(f"--attack-dice must be 1..100: {n}")
    targets = zone_targets(state, rc["zone"])
    if not targets:
        raise IllegalAction(f"no rat to attack in {rc['zone']}")
    from claw.core.ratcatcher.effects import accuracy as effective_accuracy

    odds = zone_odds(n, effective_accuracy(state), targets)
    if call.json:
        call.emit_json({"dice": n, "accuracy": effective_accuracy(state), "zone": rc["zone"],
                        "targets": [t.id for t in targets],
                        **{k: _frac(odds[k]) for k in ("capture", "mortal", "expected_captures", "slay_nemesis")},
                        "captures": {str(k): _frac(v) for k, v in odds["captures"].items()}})
        return
    call.out(f"{n}d6 at {effective_accuracy(state)}+ on {rc['zone']} ({', '.join(t.label for t in targets)}), "
             "hits allocated by the default:")
    call.out(f"  capture at least one: {_pct(odds['capture'])}")
    call.out(f"  at least one mortal wound (a 6): {_pct(odds['mortal'])}")
    for k, v in odds["captures"].items():
        call.out(f"  exactly {k} captured: {_pct(v)}")
    if any(t.kind == "nemesis" for t in targets):
        call.out(f"  the Nemesis destroyed: {_pct(odds['slay_nemesis'])}")


def _frac(f) -> dict:
    return {"fraction": f"{f.numerator}/{f.denominator}", "value": round(float(f), 6)}


def _pct(f) -> str:
    return f"{float(f) * 100:.2f}% ({f.numerator}/{f.denominator})"
