"""The rats' turn ("Rat Actions", "Rat Attack", "Unrevealed Rat Markers",
"Roaches Are Different", Leader of the Pack, "Tied for Closest").

Rats activate one at a time, the one closest to a cat first (distances are
recomputed before each activation, since earlier rats move and die). Per action
point a rat attacks a cat in range and line of sight, else moves one small
square toward the closest cat. A stunned rat spends all its AP removing the stun.
A roach that shares a square with a cat wounds it once and is discarded.

``choices`` settles ties the rulebook leaves to the players: ``{"first": [rat
ids]}`` picks who activates first among rats tied for closest, and
``{rat_id: cat id or square name, or a list of both}`` picks a rat's target cat and its
next square (``choices.RatChoices``; a choice no tie takes is refused).
"""

from __future__ import annotations

from claw.core.msm.choices import RatChoices
from claw.core.msm.figures import acts_as_roach, square_of
from claw.core.msm.playstate import (
    cats_on_map,
    discard_rat,
    event,
    leader_on_map,
    rat_stats,
    rats_on_map,
    walls_separate,
    wound_cat,
)
from claw.core.msm.squares import parse_square, square_name
from claw.core.outcome import Outcome


def rat_ap(state: dict, bestiary: dict, fig: dict) -> tuple[int, str]:
    if not fig.get("revealed", True):
        return 1, "a face-down marker has 1 AP"
    if leader_on_map(state, bestiary):
        return 2, "Leader of the Pack gives every rat 2 AP"
    return rat_stats(bestiary, fig)["action_points"], "its card"


def rats_turn(state: dict, board, dice, bestiary: dict, choices: dict | RatChoices | None = None
              ) -> Outcome:
    """Activate every rat on the map once. Works on ``state`` in place (the outcome holds it).
    Given a plain dict of choices, a choice that settled no tie is refused at the end;
    a ``RatChoices`` is left for its owner to check (it may span several turns)."""
    own = not isinstance(choices, RatChoices)
    choices = choices if isinstance(choices, RatChoices) else RatChoices(choices)
    choices.turns += 1
    before = dict(state["figures"])
    done: set[str] = set()
    events: list[dict] = []
    cache: dict = {}
    while not state.get("outcome"):
        waiting = [rid for rid, _ in rats_on_map(state) if rid not in done]
        if not waiting:
            break
        order, ties, plans = activation_order(board, state, waiting, cache)
        rid = order[0]
        group = next((g for g in ties if rid in g), [rid])
        pick = choices.pick_first(group)
        if pick:
            rid = pick
        if len(group) > 1:
            d = plans[rid].distance
            events.append(event("tie", f"Rats tied for closest ({d} move(s)): {', '.join(group)}; {rid}"
                                f" activates first (--choose first=RAT to change).", tie="activation",
                                chosen=rid, alternatives=[g for g in group if g != rid]))
        done.add(rid)
        events += activate_rat(state, board, dice, bestiary, rid, choices, plans.get(rid))
    if own:
        choices.check_all_used(before)
    return Outcome(state, events)


def _number(rid: str) -> tuple:
    tail = rid.rsplit("-", 1)[-1]
    return (0, int(tail), rid) if tail.isdigit() else (1, 0, rid)


def activation_order(board, state: dict, waiting: list[str], cache: dict):
    """The next rat to activate: the one closest to a cat now ("Rat Actions"), as
    ``pathing.activation_order`` finds it. Returns (order, tied groups, plans); when the
    other rats need no planning the order holds the roaches only (see below).

    Roaches stack, so their path plans ignore other figures: they are kept between
    activations until a cat falls or moves (a roach does not move before its own
    activation). Other rats are planned afresh, unless none of them can be as close as
    the closest roach: a rat needs at least (Manhattan distance to the nearest cat - 1)
    moves to stand next to one, so when that bound exceeds the roach's distance for
    every other waiting rat, the roach goes next and no search is needed."""
    from claw.core.msm.pathing import rat_distances
    from claw.core.msm.squares import parse_square

    figures = state["figures"]
    apart = walls_separate(state)
    cats = list(cats_on_map(state))
    cats_key = tuple((cid, f["square"]) for cid, f in cats)
    if cache.get("cats") != cats_key:
        cache.clear()
        cache["cats"] = cats_key
        cache["roach"] = {}
    roaches = [r for r in waiting if acts_as_roach(figures[r])]
    others = [r for r in waiting if not acts_as_roach(figures[r])]
    missing = [r for r in roaches if r not in cache["roach"]]
    if missing:
        cache["roach"].update(rat_distances(board, figures, missing, walls_separate=apart))
    plans = {r: cache["roach"][r] for r in roaches}

    def key(r):
        return (plans[r].distance is None, plans[r].distance or 0, _number(r))

    if others:
        reach = [plans[r].distance for r in roaches if plans[r].distance is not None]
        closest = min(reach) if reach else None
        cat_squares = [parse_square(f["square"]) for _, f in cats]

        def bound(r):
            x, y = parse_square(figures[r]["square"])
            return min(abs(x - cx) + abs(y - cy) for cx, cy in cat_squares) - 1

        if closest is None or not cat_squares or any(bound(r) <= closest for r in others):
            plans.update(rat_distances(board, figures, others, walls_separate=apart))
    order = sorted(plans, key=key)
    groups: dict = {}
    for r in order:
        groups.setdefault(plans[r].distance, []).append(r)
    return order, [g for g in groups.values() if len(g) > 1], plans


def activate_rat(state: dict, board, dice, bestiary: dict, rid: str, choices: RatChoices, plan=None
                 ) -> list[dict]:
    """One rat's activation. ``plan`` is its path plan if nothing moved since it was made."""
    fig = state["figures"][rid]
    ap, why = rat_ap(state, bestiary, fig)
    shown = fig["type"] if fig.get("revealed", True) else "face-down marker"
    events = [event("rat-activate", f"{rid} ({shown}) on {fig['square']} activates with {ap} AP ({why}).",
                    figure=rid, ap=ap)]
    if fig.get("stunned"):
        fig["stunned"] = False
        return events + [event("rat-unstun", f"{rid} is stunned: it spends all {ap} AP removing the stun.",
                               figure=rid)]
    for _ in range(ap):
        if rid not in state["figures"] or state.get("outcome"):
            break
        fig = state["figures"][rid]
        if acts_as_roach(fig):
            hit = _roach_bite(state, rid, choices)
            if hit is not None:
                events += hit
                break
            evs, moved = _move(state, board, rid, choices, plan, dice)
            plan = None
            events += evs
            if not moved:
                break
            continue
        target, alts = _target(state, board, bestiary, rid, choices)
        if target is not None:
            from claw.core.msm.attack import attack

            if alts:
                events.append(event("tie", f"{rid} can attack {', '.join([target] + alts)}; it attacks {target}"
                                    f" (--choose {rid}=CAT to change).", tie="target", figure=rid,
                                    chosen=target, alternatives=alts))
            struck = attack(state, board, bestiary, rid, target, dice)
            state.clear()
            state.update(struck.state)
            plan = None
            events += struck.events
            continue
        evs, moved = _move(state, board, rid, choices, plan, dice)
        plan = None
        events += evs
        if not moved:
            break
    return events


def _roach_bite(state: dict, rid: str, choices: RatChoices) -> list[dict] | None:
    """Roaches Are Different: a roach in a cat's square deals it 1 wound and is discarded."""
    sq = state["figures"][rid]["square"]
    here = [cid for cid, c in cats_on_map(state) if c["square"] == sq]
    if not here:
        return None
    cid = choices.pick(rid, "cats in its square", here) or here[0]
    events = []
    if len(here) > 1:
        events.append(event("tie", f"{rid} shares {sq} with {', '.join(here)}; it bites {cid}.", tie="target",
                            figure=rid, chosen=cid, alternatives=[c for c in here if c != cid]))
    events += wound_cat(state, cid, 1, f"the roach {rid} in its square", stun=False)
    events.append(discard_rat(state, rid, "has bitten and is removed"))
    return events


def _target(state: dict, board, bestiary: dict, rid: str, choices: RatChoices) -> tuple[str | None, list[str]]:
    """Cats this rat can attack now (a weapon reaches, line of sight), nearest first."""
    from claw.core.msm.attack import rat_weapons, usable
    from claw.core.msm.geometry import range_between
    from claw.core.msm.los import line_of_sight

    fig = state["figures"][rid]
    if not fig.get("revealed", True):
        return None, []  # a face-down marker is revealed as soon as a cat can see it
    weapons = rat_weapons(bestiary, fig)
    if not weapons:
        return None, []
    here = square_of(fig)
    roaches = state.get("options", {}).get("roaches", "ignore")
    found = []
    for cid, cfig in cats_on_map(state):
        csq = square_of(cfig)
        ok, _ = usable(board, fig, csq, weapons)
        if ok and line_of_sight(board, state["figures"], here, csq, roaches=roaches, all_lines=False).visible:
            found.append((range_between(board, here, csq), cid))
    if not found:
        return None, []
    found.sort()
    ids = [c for _, c in found]
    wanted = choices.pick(rid, "cats it can attack", ids)
    if wanted:
        return wanted, [c for c in ids if c != wanted]
    nearest = [c for d, c in found if d == found[0][0]]
    return nearest[0], nearest[1:]


def _move(state: dict, board, rid: str, choices: RatChoices, plan=None, dice=None) -> tuple[list[dict], bool]:
    """Move one small square toward the closest cat; ties reported, choosable."""
    from claw.core.msm.pathing import next_step, rat_distances
    from claw.core.msm.reveal import reveal_in_los

    if plan is None:
        plan = rat_distances(board, state["figures"], [rid], walls_separate=walls_separate(state))[rid]
    fig = state["figures"][rid]
    if plan.distance is None:
        return [event("rat-stays", f"{rid} cannot reach any cat and stays on {fig['square']}.", figure=rid)], False
    if plan.distance == 0:
        return [event("rat-stays", f"{rid} is already next to {plan.cats[0]} and cannot attack it; it stays"
                      + ("." if walls_separate(state) else " (claw new --rat-wall apart: a wall between keeps"
                         " them apart, so the rat would go round)."), figure=rid)], False
    cat = choices.pick(rid, "closest cats", plan.cats)
    if cat is None and len(plan.cats) > 1:
        # Tied for Closest: any shortest first step toward any tied cat is the players' to
        # choose, so a step chosen on its own names the cat too (play ruling *Choices*)
        toward: dict[str, str] = {}
        for c in plan.cats:
            for sq in plan.steps_for.get(c, plan.steps):
                toward.setdefault(square_name(sq), c)
        square = choices.pick(rid, "first steps toward the tied cats", list(toward))
        cat = toward.get(square) if square else None
    cat = cat or plan.cats[0]
    steps = plan.steps_for.get(cat, plan.steps)
    square = choices.pick(rid, f"first steps toward {cat}", [square_name(s) for s in steps])
    step = next_step(plan, cat, parse_square(square)) if square else next_step(plan, cat)
    if step is None:  # a plan with distance > 0 always has a first step
        return [event("rat-stays", f"{rid} has no step toward {cat} and stays.", figure=rid)], False
    events = []
    if len(plan.cats) > 1:
        events.append(event("tie", f"{rid}: cats tied for closest ({plan.distance} move(s)): "
                            f"{', '.join(plan.cats)}; it goes for {cat} (--choose {rid}=CAT).",
                            tie="closest-cat", figure=rid, chosen=cat,
                            alternatives=[c for c in plan.cats if c != cat]))
    if len(steps) > 1:
        others = [square_name(s) for s in steps if s != step]
        events.append(event("tie", f"{rid} has {len(steps)} equally short first steps; it takes"
                            f" {square_name(step)} (--choose {rid}=SQUARE; others: {', '.join(others)}).",
                            tie="step", figure=rid, chosen=square_name(step), alternatives=others))
    before = fig["square"]
    fig["square"] = square_name(step)
    events.append(event("rat-move", f"{rid} moves {before} → {fig['square']} toward {cat}"
                        f" ({plan.distance - 1} move(s) left to reach it).", figure=rid,
                        square=fig["square"], toward=cat))
    return events + reveal_in_los(board, state, dice).events, True

