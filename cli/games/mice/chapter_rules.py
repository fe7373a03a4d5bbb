"""Handlers of the chapter's dice rules in Mice: the chest lid, the dinner fork, flung
cheese, the ghost (built and moved), scary noises and attacks, each with its odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.mice.handlers import (
    _args,
    _dist_json,
    _dist_lines,
    _faces,
    _int,
    _need_state,
    _no_figures,
    _parsed,
    _report_odds,
    _tiles,
    chapter_state,
)
from claw.core.errors import UsageError

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def chest_lid(call: Call) -> None:
    """`claw chest-lid`: parse the arguments, run the rule, report."""
    from claw.core.mice import actiondie as A
    from claw.core.mice import chamber

    faces = _faces(call)
    state = chapter_state(call)
    if state is not None:
        if call.opts.get("others") is not None or call.opts.get("suspicious"):
            raise UsageError("--others/--suspicious are for stateless use; the state knows the bed and the raider")
        (mid,) = _parsed(call, "MOUSE")
        if call.opts.get("odds"):
            others = len(chamber.lid_helpers(state, mid, _tiles()))
            return _lid_odds(call, faces, 1 + others, state["burly"]["suspicious"])
        return call.apply(chamber.chest_lid(state, mid, call.dice, faces, _tiles()), json_info=True)
    _no_figures(call)
    others = call.opts.get("others") or 0
    A.check_count(others, "--others")
    suspicious = bool(call.opts.get("suspicious"))
    if call.opts.get("odds"):
        return _lid_odds(call, faces, 1 + others, suspicious)
    rolled = A.roll(call.dice, faces, 1 + others, "chest lid action die")
    cheese = A.count(rolled, A.CHEESE)
    pts, lost = chamber.lid_points(cheese, suspicious)
    verdict = (f"{pts} scare point(s)" + (f", {lost} lost to suspicion" if lost else "") + "; the raider is removed"
               if cheese else "no cheese: the lid stays open")
    if call.json:
        call.emit_json({"rolled": [f.number for f in rolled], "faces": A.labels(rolled), "cheese": cheese,
                        "points": pts, "lost": lost})
    else:
        call.out(str(pts))
    call.say(f"King's Chamber 3: {A.dice_words(1 + others)} {A.show(rolled)} -> {verdict}.")


def _lid_odds(call: Call, faces, n, suspicious):
    from fractions import Fraction

    from claw.core.mice import actiondie as A
    from claw.core.mice import chamber
    from claw.core.mice.actiondie import fmt_prob

    dist = chamber.lid_odds(faces, n, suspicious)
    ok = 1 - dist.get(0, Fraction(0))
    _report_odds(call, f"Chest lid with {A.dice_words(n)}{' (suspicious raider, cap 3)' if suspicious else ''}: "
                 f"P(scared) = {fmt_prob(ok)}; scare points:", _dist_lines(dist),
                 {"dice": n, "suspicious": suspicious, "success": {"fraction": str(ok), "probability": float(ok)},
                  "points": _dist_json(dist)})


def deploy_fork(call: Call) -> None:
    """`claw deploy-fork`: parse the arguments, run the rule, report."""
    from claw.core.mice.kitchen import deploy_fork as run

    _args(call, "", 0)
    call.apply(run(_need_state(call), _tiles()), json_info=True)


def fling_cheese(call: Call) -> None:
    """`claw fling-cheese`: parse the arguments, run the rule, report."""
    from claw.core.mice import actiondie as A
    from claw.core.mice import kitchen

    faces = _faces(call)
    if call.opts.get("odds"):
        p = kitchen.fling_odds(faces)
        return _report_odds(call, f"Flinging cheese: P(hit) = {A.fmt_prob(p)}", [],
                            {"success": {"fraction": str(p), "probability": float(p)}})
    if chapter_state(call) is not None:
        (mid,) = _parsed(call, "MOUSE")
        if mid is None:  # only the odds need no mouse
            raise UsageError("usage: claw fling-cheese MOUSE (or --odds)")
        return call.apply(kitchen.fling_cheese(call.need_state(), mid, call.dice, faces, _tiles()), json_info=True)
    _no_figures(call)
    rolled = A.roll(call.dice, faces, 1, "fling cheese action die")
    hit = A.count(rolled, A.CHEESE) > 0
    if call.json:
        call.emit_json({"rolled": [f.number for f in rolled], "faces": A.labels(rolled), "hit": hit,
                        "points": int(hit)})
    else:
        call.out("hit" if hit else "miss")
    verdict = "1 scare point, the raider is removed." if hit else "the raider stays."
    call.say(f"Kitchen 2: {A.show(rolled)} -> {verdict}")


def build_ghost(call: Call) -> None:
    """`claw build-ghost`: parse the arguments, run the rule, report."""
    from claw.core.mice.kitchen import build_ghost as run

    _args(call, "", 0)
    eyes = call.opts.get("eyes")
    chosen = [e.strip() for e in eyes.split(",") if e.strip()] if eyes else None
    call.apply(run(_need_state(call), _tiles(), chosen), json_info=True)


def move_ghost(call: Call) -> None:
    """`claw move-ghost`: parse the arguments, run the rule, report."""
    from claw.core.mice import actiondie as A
    from claw.core.mice import ghost

    faces = _faces(call)
    if chapter_state(call) is not None:
        if call.opts.get("movers") is not None:
            raise UsageError("--movers is for stateless use; the state knows who holds the mop")
        mid, called = _parsed(call, "MOUSE NUMBER")
        if call.opts.get("odds"):
            movers = ghost.crew_dice(call.need_state(), mid, "mop", _tiles())
            return _move_odds(call, faces, called, movers)
        return call.apply(ghost.move_ghost(call.need_state(), mid, called, call.dice, faces, _tiles(),
                                           call.opts.get("enter")), json_info=True)
    if call.opts.get("enter"):
        from claw.cli.render.wording import needs_state

        raise needs_state(f"{call.command} --enter")
    args = list(call.args)
    if len(args) not in (1, 2):
        raise UsageError("stateless `claw move-ghost` takes NUMBER (or MOUSE NUMBER)")
    number = _int(args[-1], "NUMBER")
    if not 1 <= number <= 3:
        raise UsageError(f"choose a number from 1 to 3: {number}")
    movers = 4 if call.opts.get("movers") is None else call.opts["movers"]
    A.check_count(movers, "--movers")
    if call.opts.get("odds"):
        return _move_odds(call, faces, number, movers)
    rolled = A.roll(call.dice, faces, movers, "ghost movement action die")
    spaces = sum(1 for f in rolled if f.number == number)
    if call.json:
        call.emit_json({"number": number, "rolled": [f.number for f in rolled], "faces": A.labels(rolled),
                        "spaces": spaces})
    else:
        call.out(str(spaces))
    call.say(f"Kitchen 5: {movers} mop mice roll {A.show(rolled)} calling {number}: move up to {spaces} space(s).")


def _move_odds(call: Call, faces, number, movers):
    from claw.core.mice import ghost

    if not 1 <= number <= 3:
        raise UsageError(f"choose a number from 1 to 3: {number}")
    dist = ghost.move_odds(faces, number, movers)
    _report_odds(call, f"Moving the ghost, {movers} mop mice calling {number}: spaces", _dist_lines(dist),
                 {"number": number, "movers": movers, "spaces": _dist_json(dist)})


def scary_noises(call: Call) -> None:
    """`claw scary-noises`: parse the arguments, run the rule, report."""
    from claw.core.mice import actiondie as A
    from claw.core.mice import ghost

    faces = _faces(call)
    distance = call.opts.get("distance")
    if distance is None:
        raise UsageError("--distance N (spaces from the ghost to the nearest raider) is required")
    if chapter_state(call) is not None:
        if call.opts.get("mice") is not None:
            raise UsageError("--mice is for stateless use; the state knows who is in the costume")
        (mid,) = _parsed(call, "MOUSE")
        if call.opts.get("odds"):
            crew = ghost.crew_dice(call.need_state(), mid, "eye", _tiles())
            return _noise_odds(call, faces, crew, distance)
        return call.apply(ghost.scary_noises(call.need_state(), mid, distance, call.dice, faces, _tiles(),
                                             call.opts.get("raider")), json_info=True)
    if call.opts.get("raider"):
        from claw.cli.render.wording import needs_state

        raise needs_state(f"{call.command} --raider")
    _no_figures(call)
    mice = 6 if call.opts.get("mice") is None else call.opts["mice"]
    A.check_count(mice, "--mice")
    if not 0 <= distance <= ghost.MAX_DISTANCE:
        raise UsageError(f"--distance must be 0..{ghost.MAX_DISTANCE} spaces: {distance}")
    if call.opts.get("odds"):
        return _noise_odds(call, faces, mice, distance)
    rolled = A.roll(call.dice, faces, mice, "scary noises action die")
    total = A.count(rolled, A.CHEESE)
    ok = total > distance
    if call.json:
        call.emit_json({"rolled": [f.number for f in rolled], "faces": A.labels(rolled), "cheese": total,
                        "distance": distance, "scared": ok})
    else:
        call.out("scared" if ok else "not scared")
    call.say(f"Kitchen 5: {A.dice_words(mice)} {A.show(rolled)} = {total} cheese vs {distance} space(s): "
             + ("the raider is scared (3 points)." if ok else "the raider stays."))


def _noise_odds(call: Call, faces, mice, distance):
    from claw.core.mice import actiondie as A
    from claw.core.mice import ghost

    if not 0 <= distance <= ghost.MAX_DISTANCE:
        raise UsageError(f"--distance must be 0..{ghost.MAX_DISTANCE} spaces: {distance}")
    p = ghost.noise_odds(faces, mice, distance)
    dist = A.symbol_total(faces, A.CHEESE, mice)
    _report_odds(call, f"Scary noises with {mice} mice against {distance} space(s): P(scared) = {A.fmt_prob(p)}; "
                 "cheese total:", _dist_lines(dist),
                 {"mice": mice, "distance": distance, "success": {"fraction": str(p), "probability": float(p)},
                  "cheese": _dist_json(dist)})


def attack(call: Call) -> None:
    """`claw attack`: parse the arguments, run the rule, report."""
    from claw.core.mice import actiondie as A
    from claw.core.mice import combat

    faces = _faces(call)
    ranged = bool(call.opts.get("ranged"))
    bonus = call.opts.get("extra_dice") or 0
    if chapter_state(call) is not None:
        for k in ("attack_dice", "defence", "blackpaw"):
            if call.opts.get(k):
                raise UsageError(f"--{k.replace('_', '-')} is for stateless use; the state knows the figures")
        attacker, target = _parsed(call, "ATTACKER TARGET")
        if call.opts.get("odds"):  # the same dice the attack would roll now, read from the state
            odds = combat.attack_odds(call.need_state(), attacker, target, faces, _tiles(), ranged=ranged,
                                      bonus=bonus)
            n, dfn, dist = odds["attack_dice"], odds["defense_dice"], odds["wounds"]
            note = f" (incl. +{odds['extra']} for {attacker})" if odds["extra"] else ""
            title = (f"{attacker} attacks {target} ({'ranged' if ranged else 'melee'}): "
                     f"{A.dice_words(n, 'attack')}{note} against {A.dice_words(dfn, 'defence')}: wounds")
            return _report_odds(call, title, _dist_lines(dist),
                                {"attacker": attacker, "target": target, "attack_dice": n, "defense_dice": dfn,
                                 "wounds": _dist_json(dist)})
        return call.apply(combat.attack(call.need_state(), attacker, target, call.dice, faces, _tiles(),
                                        ranged=ranged, bonus=bonus, toothpick=not call.opts.get("no_toothpick")),
                          json_info=True)
    if call.args:
        raise UsageError("stateless attacks take no figures; give --attack-dice N --defence N (or -s STATE)")
    att, dfn = call.opts.get("attack_dice"), call.opts.get("defence")
    if att is None or dfn is None:
        raise UsageError("stateless attack needs --attack-dice N and --defence N")
    extra = combat.BLACKPAW_EXTRA if call.opts.get("blackpaw") else 0
    n = att + bonus + extra
    A.check_count(n, "--attack-dice")
    A.check_count(dfn, "--defence")
    if call.opts.get("odds"):
        dist = combat.wound_odds(faces, n, dfn, ranged)
        title = f"{A.dice_words(n, 'attack')} against {A.dice_words(dfn, 'defence')}: wounds"
        return _report_odds(call, title, _dist_lines(dist),
                            {"attack_dice": n, "defense_dice": dfn, "wounds": _dist_json(dist)})
    x = combat.exchange(call.dice, faces, n, dfn, ranged)
    if call.json:
        call.emit_json({"attack": [f.number for f in x["attack"]], "defense": [f.number for f in x["defense"]],
                        "attack_faces": A.labels(x["attack"]), "defense_faces": A.labels(x["defense"]),
                        "hits": x["hits"], "blocks": x["blocks"], "wounds": x["wounds"]})
    else:
        call.out(str(x["wounds"]))
    note = f" (incl. +{extra} for Blackpaw, Dining Hall 4)" if extra else ""
    call.say(f"{A.dice_words(n, 'attack')}{note}: {A.show(x['attack'])} -> {x['hits']} hit(s); "
             f"{A.dice_words(dfn, 'defence')}: "
             f"{A.show(x['defense'])} -> {x['blocks']} block(s); {x['wounds']} wound(s).")
