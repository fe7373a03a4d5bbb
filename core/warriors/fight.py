"""Fighting (rulebook: Fighting, Swatting, Wrestling, Biting, Doing Damage, Hit
Points, Knocked Out, Death, and the fighting knacks).

State: ``state["fight"]`` holds the initiative order, whose turn it is, the
Wrestling groups, Pins, Chomps and cats disoriented by a Launch. Each function
returns the new state (a copy) and a list of events (dicts with ``type`` and
``text``)."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError
from claw.core.outcome import Outcome
from claw.core.warriors import knacks as K
from claw.core.warriors.checks import CheckSpec, able, decide, prepare, resolve, roll
from claw.core.warriors.points import describe, pay
from claw.core.warriors.rules import Rules

FIGHT_KNACKS = {"swat": {"mighty-swat", "pummel"}, "bite": {"chomp"},
                "wrestle": {"launch", "pin", "belly-rake"}}
DEATH_ROLL_AT_MOST = 4


class AttackSpec:
    """One fighting action: ``mode`` swat, pounce or bite; fighting ``knacks`` (id ->
    uses); ``points`` for the attack or Wrestling check and ``damage_points`` (Strength)
    for the damage check; the defender's ``dodge`` uses and ``jump_points``; wrestlers
    who ``escape`` with Jump checks; Chomp's ``let_go``; ``winner_target`` in a
    Wrestling; ``swat_explicit`` for a Pinned cat swatting its pinner; in a Wrestling
    round, the other wrestlers' ``wrestler_points`` (cat -> points for its Wrestle or
    escape-Jump check) and ``wrestler_damage_points`` (cat -> Strength points for its
    damage check if it wins). ``odds``: go through every rule of the attack up to the
    dice, then answer the exact chances instead of rolling (state unchanged)."""

    def __init__(self, mode: str = "swat", knacks: dict | None = None, points: int = 0, damage_points: int = 0,
                 dodge: int = 0, jump_points: int = 0, escape: list | None = None, let_go: bool = False,
                 winner_target: str | None = None, life_or_death: bool = False, convert_from: list | None = None,
                 swat_explicit: bool = False, wrestler_points: dict | None = None,
                 wrestler_damage_points: dict | None = None, odds: bool = False) -> None:
        self.mode, self.knacks, self.points, self.damage_points = mode, dict(knacks or {}), points, damage_points
        self.dodge, self.jump_points, self.escape, self.let_go = dodge, jump_points, list(escape or []), let_go
        self.winner_target, self.life_or_death, self.convert_from = winner_target, life_or_death, convert_from
        self.swat_explicit, self.odds = swat_explicit, odds
        self.wrestler_points = dict(wrestler_points or {})
        self.wrestler_damage_points = dict(wrestler_damage_points or {})


# -- opposed checks and initiative ------------------------------------------------

def tier(crit: str | None, criticals: str) -> int:
    if criticals != "absolute" or crit is None:
        return 0
    return 1 if crit == "success" else -1


def opposed_wins(a: int, a_crit, b: int, b_crit, criticals: str = "absolute") -> bool:
    """Attacker wins when its total meets or beats the defender's. Under 'absolute',
    a critical success beats any non-critical and a critical failure loses to one
    (ruling); equal tiers compare totals."""
    ta, tb = tier(a_crit, criticals), tier(b_crit, criticals)
    if ta != tb:
        return ta > tb
    return a >= b


def initiative(state: dict, ids: list[str], dice, first: str | None = None,
               order_rule: str = "roll") -> Outcome:
    """Spirit + d6 for each cat; highest first; ties by Spirit points left, then a
    fair choice: ``first`` names the winner (it must be in a tie), else a d6 roll-off."""
    cats = state["cats"]
    if len(set(ids)) < 2:
        raise UsageError("a fight needs at least two different cats")
    rolls = {}
    events = []
    for cid in ids:
        c = cats[cid]
        if c["status"] != "ok":
            raise IllegalAction(f"{c['name']} is {c['status']} and cannot fight: {cid}")
        d = dice.draw(1, 6, f"initiative d6 {cid}")
        rolls[cid] = c["abilities"]["spirit"] + d
        events.append({"type": "initiative", "cat": cid, "d6": d, "total": rolls[cid],
                       "text": f"{c['name']}: Spirit {c['abilities']['spirit']} + d6 {d} = {rolls[cid]}"})
    key = {cid: (rolls[cid], cats[cid]["pools"]["spirit"]) for cid in ids}
    groups: dict = {}
    for cid in ids:
        groups.setdefault(key[cid], []).append(cid)
    tied_groups = [g for g in groups.values() if len(g) > 1]
    if first is not None and not any(first in g for g in tied_groups):
        ties = "; ".join(", ".join(g) for g in tied_groups) or "none"
        raise IllegalAction(f"--first names who wins an initiative tie, and {first} is in none (ties: {ties})")
    order = []
    for k in sorted(groups, reverse=True):
        tied = groups[k]
        if len(tied) > 1:
            if first is not None and first in tied:
                pick = [first, *_roll_off([c for c in tied if c != first], dice, events)]
                how = f"{first} chosen to go first (--first)"
            else:
                pick = _roll_off(list(tied), dice, events)
                how = "a d6 roll-off"
            events.append({"type": "initiative-tie", "cats": tied, "order": pick,
                           "text": f"tie between {', '.join(tied)} (same roll and Spirit points): {how} gives "
                                   f"{' > '.join(pick)}" + ("" if first in tied else " (--first CAT to choose)")})
            tied = pick
        order += tied
    if order_rule == "spirit":
        # Literal reading: after the first cat, go by Spirit score (ties keep roll order).
        rest = sorted(order[1:], key=lambda c: -cats[c]["abilities"]["spirit"])
        order = order[:1] + rest
    new = {**state, "cats": dict(state["cats"])}
    new["fight"] = {"round": 1, "turn": 0, "order": order, "initiative": rolls, "wrestles": [],
                    "pins": {}, "chomps": {}, "disoriented": []}
    events.append({"type": "fight", "order": order, "text": "fight order: " + " > ".join(order)})
    return Outcome(new, events)


ROLL_OFF_ROUNDS = 50


def _roll_off(cats: list[str], dice, events: list) -> list[str]:
    """The rulebook's "fair method" for a tie no score breaks: each tied cat rolls a d6,
    highest first; cats still level roll again among themselves (physical dice can be
    typed as they fall: no hidden draw)."""
    if len(cats) < 2:
        return list(cats)
    for _ in range(ROLL_OFF_ROUNDS):
        rolls = {c: dice.draw(1, 6, f"initiative tie-break d6 {c}") for c in cats}
        events.append({"type": "roll-off", "rolls": rolls,
                       "text": "tie-break d6: " + ", ".join(f"{c} {n}" for c, n in rolls.items())})
        levels: dict = {}
        for c in cats:
            levels.setdefault(rolls[c], []).append(c)
        if len(levels) > 1:
            return [x for n in sorted(levels, reverse=True) for x in _roll_off(levels[n], dice, events)]
    return list(cats)       # level every time: keep the order given


def joiners(state: dict) -> list[str]:
    """The cats that may join the fight in progress (what `claw fight --join <TAB>` offers):
    those up and not in it already; none without a fight."""
    f = state.get("fight")
    if not f:
        return []
    return [cid for cid, c in state["cats"].items() if cid not in f["order"] and c.get("status") == "ok"]


def join(state: dict, cid: str, dice) -> Outcome:
    """A nearby cat joins a fight in progress (Fighting: rounds include "nearby cats who
    want to join"): it rolls Spirit + d6 and takes its place in the order after every
    cat with an equal or higher roll (ruling); if that place is still to come this
    round, it acts this round."""
    f = state.get("fight")
    if not f:
        raise IllegalAction("no fight in progress to join (claw fight CAT CAT ...)")
    c = state["cats"][cid]
    if cid in f["order"]:
        raise IllegalAction(f"{c['name']} is already in the fight: {cid}")
    if c["status"] != "ok":
        raise IllegalAction(f"{c['name']} is {c['status']} and cannot fight: {cid}")
    d = dice.draw(1, 6, f"initiative d6 {cid}")
    total = c["abilities"]["spirit"] + d
    new = {**state, "fight": copy_fight(f)}
    nf = new["fight"]
    place = len(nf["order"])
    for i, other in enumerate(nf["order"]):
        if nf["initiative"].get(other, 0) < total:
            place = i
            break
    nf["order"].insert(place, cid)
    nf["initiative"][cid] = total
    if place <= nf["turn"]:
        nf["turn"] += 1
    when = "this round" if place > nf["turn"] else "from next round"
    return Outcome(new, [{"type": "join", "cat": cid, "d6": d, "total": total, "place": place,
                          "text": f"{c['name']} joins the fight: Spirit {c['abilities']['spirit']} + d6 {d} = "
                                  f"{total}; acts {when} (order: {' > '.join(nf['order'])})"}])


def copy_fight(f: dict | None) -> dict | None:
    """A copy of the fight record deep enough for in-place changes (faster than deepcopy)."""
    if f is None:
        return None
    return {**f, "order": list(f["order"]), "initiative": dict(f.get("initiative", {})),
            "wrestles": [list(g) for g in f["wrestles"]], "pins": dict(f["pins"]),
            "chomps": dict(f["chomps"]), "disoriented": list(f["disoriented"])}


def targets(state: dict, attacker: str) -> list[str]:
    """The cats ``attacker`` may attack: any other cat neither dead nor retired, and in a
    fight only those in it (a Pinned cat only its holder) — what `claw attack ATTACKER <TAB>` offers."""
    f = state.get("fight")
    pinner = ((f or {}).get("pins") or {}).get(attacker)
    if pinner:
        return [pinner]
    return [cid for cid, cat in state["cats"].items() if cid != attacker
            and cat.get("status") not in ("dead", "retired") and (not f or cid in f["order"])]


def current(state: dict) -> str | None:
    """The id of the cat whose turn it is (None outside a fight)."""
    f = state.get("fight")
    return f["order"][f["turn"]] if f else None


def advance(state: dict) -> list[dict]:
    """End the current cat's turn (in place); skip cats who cannot act."""
    f = state["fight"]
    done = f["order"][f["turn"]]
    if done in f["disoriented"]:
        f["disoriented"].remove(done)
    for _ in range(len(f["order"])):
        f["turn"] += 1
        if f["turn"] >= len(f["order"]):
            f["turn"] = 0
            f["round"] += 1
        if state["cats"][f["order"][f["turn"]]]["status"] == "ok":
            break
    nxt = f["order"][f["turn"]]
    return [{"type": "turn", "cat": nxt, "round": f["round"],
             "text": f"round {f['round']}: {state['cats'][nxt]['name']}'s turn"}]


def advance_turn(state: dict) -> Outcome:
    """`claw fight --next`: the current cat is done (Fighting: each cat in turn); the
    next cat able to act takes its turn."""
    if not state.get("fight"):
        raise IllegalAction("no fight in progress")
    s = {**state, "fight": copy_fight(state["fight"])}
    return Outcome(s, advance(s))


# -- helpers ----------------------------------------------------------------------

def _group_of(fight: dict | None, cid: str) -> list | None:
    if not fight:
        return None
    for g in fight["wrestles"]:
        if cid in g:
            return g
    return None


def _leave_wrestle(fight: dict, cid: str) -> None:
    g = _group_of(fight, cid)
    if g is not None:
        g.remove(cid)
        if len(g) < 2:
            fight["wrestles"].remove(g)
    for pinned, pinner in list(fight["pins"].items()):
        if cid in (pinned, pinner):
            del fight["pins"][pinned]
    for biter, bitten in list(fight["chomps"].items()):
        if cid in (biter, bitten):
            del fight["chomps"][biter]


def _pay_knack(cat: dict, rules: Rules, knack: str, uses: int, options: dict, convert_from) -> tuple[dict, dict]:
    lvl = K.require(cat, rules, knack, uses)
    c = K.cost(rules, knack, lvl)
    if knack == "launch" and lvl >= 2 and options.get("launch_second_cost") == "strength":
        c = {"ability": "strength", "points": 2}   # option: read the printed Spirit as a slip
    pools, parts = pay(cat["pools"], c["ability"], c["points"] * uses, convert_from, cat["name"],
                       rules.knacks[knack]["name"])
    return dict(cat, pools=pools), {"knack": knack, "uses": uses, "paid": parts}


def _check(cat, rules, skill, ability=None, points=0, knacks=None, dice=None, label="", options=None,
           convert_from=None):
    spec = CheckSpec(skill=skill, ability=ability, spend=points, knacks=knacks or {}, label=label,
                     convert_from=convert_from)
    return resolve(cat, rules, spec, dice, options.get("criticals", "absolute"))


def _prep(cat, rules, skill, ability=None, points=0, knacks=None, label="", convert_from=None):
    """A check paid and added up but not rolled (``roll`` finishes it; odds read its bonus)."""
    return prepare(cat, rules, CheckSpec(skill=skill, ability=ability, spend=points, knacks=knacks or {},
                                         label=label, convert_from=convert_from))


def _odds_event(action: str, text: str, **data) -> list[dict]:
    """The answer of an ``odds`` run: one event, nothing rolled."""
    return [{"type": "odds", "action": action, "text": text, **data}]


def _pct(p) -> str:
    return f"{p.numerator}/{p.denominator} = {float(p):.2%}"


def _fmt(cat, r) -> str:
    what = r["skill"] or f"{r['ability']} check"
    extra = f" + {r['spent']} pts" if r["spent"] else ""
    extra += f" + {r['knack_bonus']} knacks" if r["knack_bonus"] else ""
    crit = f" (critical {r['critical']})" if r["critical"] else ""
    ab = {"strength": "STR", "intelligence": "INT", "spirit": "SPT"}[r["ability"]]
    sk = f" + {what} {r['skill_score']}" if r["skill"] else ""
    dice = "+".join(map(str, r["dice"]))
    return f"{cat['name']} {what} {dice} + {ab} {r['ability_score']}{sk}{extra} = {r['total']}{crit}"


def _sprain_events(cat, r) -> list[dict]:
    if r["sprain"]:
        return [{"type": "sprain", "cat": cat["id"], "text": f"{cat['name']} sprains something (rest 3 sunrises)"}]
    return []


# -- damage -----------------------------------------------------------------------

def damage_band(total: int, crit: str | None, strength: int, criticals: str = "absolute") -> int:
    """Doing Damage: 1 (1d4+1) at most the defender's Strength, 2 (1d4+2) above it, 3
    (1d4+3) above double; under 'absolute' a critical picks the lowest or highest band."""
    if criticals == "absolute" and crit:
        return 3 if crit == "success" else 1
    if total > 2 * strength:
        return 3
    return 2 if total > strength else 1


def damage(state: dict, rules: Rules, attacker: str, defender: str, dice, *, bonus: int = 0,
           points: int = 0, bite: bool = False, options: dict, convert_from=None, why: str = "") -> list[dict]:
    """Doing Damage (in place): the attacker's Strength check (+ points, Mighty Swat,
    Belly Rake, double-Swat bonus) against the defender's Strength score."""
    cats = state["cats"]
    a, d = cats[attacker], cats[defender]
    a, r = _check(a, rules, None, "strength", points, None, dice, f"{attacker} damage check", options, convert_from)
    r["total"] += bonus
    cats[attacker] = a
    strength = d["abilities"]["strength"]
    base = damage_band(r["total"], r["critical"], strength, options.get("criticals", "absolute"))
    if options.get("criticals", "absolute") == "absolute" and r["critical"]:
        band = f"critical {r['critical']}"
    else:
        band = {3: "more than double", 2: "more than", 1: "not more than"}[base] + f" {d['name']}'s Strength {strength}"
    d4 = dice.draw(1, 4, f"damage d4 {attacker}")
    loss = d4 + base + (1 if bite else 0)
    events = [{"type": "damage-check", "cat": attacker, "dice": r["dice"], "total": r["total"],
               "text": f"damage: {_fmt(a, r)}" + (f" + {bonus} ({why})" if bonus else "")
                       + f" -> {band}: 1d4+{base} = {d4}+{base}" + (" + 1 for the Bite" if bite else "")
                       + f" = {loss} HP"}]
    events += _sprain_events(a, r)
    events += lose_hp(state, rules, defender, loss, dice)
    return events


def lose_hp(state: dict, rules: Rules, cid: str, loss: int, dice) -> list[dict]:
    """HP loss (in place): 0 or less knocks out; at -(STR + SPT) or below, a 2d6 death
    roll (4 or less: dead) each time damage lands there (ruling)."""
    c = dict(state["cats"][cid])
    c["hp"] -= loss
    events = [{"type": "hp", "cat": cid, "loss": loss, "hp": c["hp"],
               "text": f"{c['name']} loses {loss} HP ({c['hp']}/{c['hp_max']})"}]
    events += knock_out(c)
    limit = -(c["abilities"]["strength"] + c["abilities"]["spirit"])
    if c["hp"] <= limit and c["status"] != "dead":
        a, b = dice.draw(1, 6, f"death roll 2d6 {cid}"), dice.draw(1, 6, f"death roll 2d6 {cid}")
        dead = a + b <= DEATH_ROLL_AT_MOST
        events.append({"type": "death-roll", "cat": cid, "dice": [a, b], "dead": dead,
                       "text": f"{c['name']} is at {c['hp']} HP, at or below -(STR + SPT) = {limit}: death roll 2d6 "
                               f"{a}+{b} = {a + b}: " + ("beyond help, dies" if dead else "survives")})
        if dead:
            from claw.core.warriors.ranks import lose_life

            spared = lose_life(c, "its wounds")
            if spared:
                c, evs = spared
                events += evs
            else:
                c["status"] = "dead"
    state["cats"][cid] = c
    leave_holds(state, cid)
    return events


def knock_out(cat: dict) -> list[dict]:
    """Knocked Out (in place): a cat with no HP left (0 or less) is knocked out."""
    if cat["hp"] <= 0 and cat["status"] == "ok":
        cat["status"] = "knocked-out"
        return [{"type": "knocked-out", "cat": cat["id"], "text": f"{cat['name']} is knocked out"}]
    return []


def leave_holds(state: dict, cid: str) -> None:
    """A cat no longer fighting (knocked out, dead) lets go of and is freed from every
    Wrestle, pin and Chomp (in place; the state's fight record must be its own copy)."""
    if state["cats"][cid]["status"] != "ok" and state.get("fight"):
        _leave_wrestle(state["fight"], cid)


# -- the attack -------------------------------------------------------------------

def attack(state: dict, rules: Rules, attacker: str, target: str, spec: AttackSpec, dice,
           options: dict) -> Outcome:
    """One cat's turn of fighting. Refuses (IllegalAction) anything the rules forbid.
    With ``spec.odds`` the same rules answer instead of rolling: the outcome's state is
    the state as it was and its last event holds the chances."""
    # Cats are replaced, never changed in place, so a shallow copy of them is enough;
    # the fight record is changed in place and is copied deeply.
    s = {**state, "cats": dict(state["cats"]), "fight": copy_fight(state.get("fight"))}
    cats = s["cats"]
    if attacker == target:
        raise UsageError(f"a cat cannot attack itself: {attacker}")
    a, t = cats[attacker], cats[target]
    able(a, "fight", rules)
    if t["status"] in ("dead", "retired"):
        raise IllegalAction(f"{t['name']} is {t['status']}: {target}")
    if t["status"] == "knocked-out" and spec.mode == "pounce":
        # Death: damage goes on below 0 HP, so a knocked-out cat can still be struck
        # (ruling); it cannot move, so there is no Wrestling to start with it.
        raise IllegalAction(f"{t['name']} is knocked out and cannot Wrestle; Swat or Bite it instead: {target}")
    f = s.get("fight")
    if f:
        if attacker != current(s):
            raise IllegalAction(f"it is {cats[current(s)]['name']}'s turn, not {a['name']}'s "
                                f"(claw fight --next to move on): {attacker}")
        if target not in f["order"]:
            raise IllegalAction(f"{t['name']} is not in this fight: {target}")
        if attacker in f["disoriented"]:
            raise IllegalAction(f"{a['name']} was launched and cannot attack this action (claw fight --next): "
                                f"{attacker}")
    events: list[dict] = []
    if spec.mode == "bite" and not spec.life_or_death:
        events.append({"type": "note", "text": "biting another cat is dishonourable outside a life-or-death fight"})
    allowed = (FIGHT_KNACKS["swat"] | FIGHT_KNACKS["bite"] | FIGHT_KNACKS["wrestle"]
               | {"feint", "leap", "spring", "dodge"})
    for k in spec.knacks:
        if k not in allowed:
            raise IllegalAction(f"{rules.knacks[k]['name']} is not a fighting knack (claw check/knack): {k}")
    pinner = f["pins"].get(attacker) if f else None
    if pinner and target != pinner:
        raise IllegalAction(f"{a['name']} is Pinned by {cats[pinner]['name']} and may act only against it: {target}")
    if pinner and spec.mode == "pounce":
        raise IllegalAction(f"{a['name']} is Pinned and cannot Pounce; it may {_pinned_choices(s, rules, attacker)}")
    if spec.damage_points < 0:
        raise UsageError(f"points to spend must be 0 or more: --damage-points {spec.damage_points}")
    if spec.let_go and not (f and attacker in f["chomps"]):
        raise IllegalAction(f"{a['name']} holds no Chomp to let go of: {attacker}")
    if (spec.escape or spec.winner_target or spec.wrestler_points or spec.wrestler_damage_points) \
            and _group_of(f, attacker) is None:
        raise IllegalAction(f"{a['name']} is not Wrestling: --escape, --winner-target and the wrestlers' points "
                            f"belong to a Wrestling round: {attacker}")
    if "dodge" in spec.knacks and (_group_of(f, attacker) is None or attacker not in spec.escape):
        raise IllegalAction("Dodge helps the cat's own Jump check: --dodge N for the defender, or "
                            "--knack dodge with --escape when Wrestling: dodge")
    if f and attacker in f["chomps"] and spec.knacks:
        raise IllegalAction(f"{a['name']} is holding a Chomp: this turn it holds on or lets go (--let-go), "
                            f"no knacks: {', '.join(sorted(spec.knacks))}")
    if f and attacker in f["chomps"]:
        if spec.odds:
            raise IllegalAction(f"{a['name']} holds a Chomp: holding on or letting go needs no check, so there "
                                f"are no odds to give")
        if spec.points or spec.jump_points or spec.dodge:
            raise IllegalAction(f"{a['name']} holds a Chomp: this turn makes no Swat or Jump check, so --points, "
                                f"--jump-points and --dodge would do nothing (--damage-points pays a let-go Bite)")
        if spec.damage_points and not spec.let_go:
            raise IllegalAction(f"{a['name']} holds on to its Chomp and does no damage this turn: --damage-points "
                                f"would do nothing (add --let-go for the second Bite)")
        events += _chomp_turn(s, rules, attacker, spec, dice, options)
    elif _group_of(f, attacker) is not None:
        events += _wrestling_turn(s, rules, attacker, target, spec, dice, options)
    elif spec.mode == "pounce":
        events += _pounce(s, rules, attacker, target, spec, dice, options)
    else:
        for k in spec.knacks:
            if k in FIGHT_KNACKS["wrestle"]:
                raise IllegalAction(f"{rules.knacks[k]['name']} needs the cats to be Wrestling: {k}")
            if k in ("leap", "spring"):
                raise IllegalAction(f"{rules.knacks[k]['name']} goes with a Pounce (--pounce): {k}")
        events += _strike(s, rules, attacker, target, spec, dice, options)
    if spec.odds:
        return Outcome(state, events)     # a question: nothing rolled, the state as it was
    if s.get("fight"):
        events += settle(s) or advance(s)
    return Outcome(s, events)


def side(cat: dict) -> str:
    """Which side a figure fights on: the players' cats, or the GM's (npc cats, animals)."""
    return "gm" if cat.get("npc") else "players"


def still_fighting(state: dict) -> list[str]:
    """The fighters who can still act (neither knocked out nor dead)."""
    f = state.get("fight")
    return [c for c in f["order"] if state["cats"][c]["status"] == "ok"] if f else []


def settle(state: dict) -> list[dict]:
    """End the fight (in place) once one side has no cat able to fight (ruling 56): the
    players' cats against the GM's; a fight among cats of one side (sparring) ends when
    one cat is left standing. Returns the fight's end, or [] while it goes on."""
    f = state.get("fight")
    if not f:
        return []
    cats = state["cats"]
    sides = {side(cats[c]) for c in f["order"]}
    standing = still_fighting(state)
    left = {side(cats[c]) for c in standing} if len(sides) > 1 else set(standing)
    if len(left) > 1:
        return []
    out = [c for c in f["order"] if c not in standing]
    rounds = f["round"]
    state["fight"] = None
    who = (", ".join(cats[c]["name"] for c in standing) + " still standing") if standing else "no one standing"
    return [{"type": "fight-end", "rounds": rounds, "standing": standing, "out": out,
             "text": f"the fight ends in round {rounds}: "
                     f"{', '.join(cats[c]['name'] for c in out)} out of it, {who}"}]


def _strike(s, rules, attacker, target, spec, dice, options, belly_rake=False) -> list[dict]:
    """A Swat (or Pummel, Belly Rake) or a Bite against the target's Jump check."""
    cats = s["cats"]
    f = s.get("fight")
    a = cats[attacker]
    bite = spec.mode == "bite"
    events = []
    fight_knacks = {k: n for k, n in spec.knacks.items() if k in FIGHT_KNACKS["swat"] | FIGHT_KNACKS["bite"]}
    for k in fight_knacks:
        if bite and k not in FIGHT_KNACKS["bite"]:
            raise IllegalAction(f"{rules.knacks[k]['name']} goes with a Swat, not a Bite: {k}")
        if not bite and k in FIGHT_KNACKS["bite"]:
            raise IllegalAction(f"Chomp goes with a Bite (--bite): {k}")
    check_knacks = {k: n for k, n in spec.knacks.items() if k == "feint"}
    if bite and check_knacks:
        raise IllegalAction("Feint helps a Swat, not a Bite: feint")
    paid = []
    for k, n in fight_knacks.items():    # declared and paid before the attack is resolved
        a, p = _pay_knack(a, rules, k, n, options, spec.convert_from)
        paid.append(p)
    if belly_rake:
        a, p = _pay_knack(a, rules, "belly-rake", 1, options, spec.convert_from)
        paid.append(p)
    for p in paid:
        events.append({"type": "knack", "cat": attacker, **p,
                       "text": f"{a['name']} uses {rules.knacks[p['knack']]['name']}"
                               + (f" x{p['uses']}" if p["uses"] > 1 else "") + f" (paid {describe(p['paid'])})"})
    skill, ability = ("bite", None) if bite else ("swat", "strength" if "pummel" in fight_knacks else None)
    crit_rule = options.get("criticals", "absolute")
    a, pa = _prep(a, rules, skill, ability, spec.points, check_knacks, f"{attacker} {skill}", spec.convert_from)
    cats[attacker] = a
    t = cats[target]
    pinned = f is not None and target in f["pins"]
    helpless = "Pinned" if pinned else ("knocked out" if t["status"] == "knocked-out" else None)
    how = "Pummel" if "pummel" in fight_knacks else ("Belly Rake" if belly_rake else ("Bite" if bite else "Swat"))
    if helpless and (spec.jump_points or spec.dodge):
        raise IllegalAction(f"{t['name']} is {helpless} and makes no Jump check: --jump-points and --dodge "
                            f"would do nothing: {target}")
    pj: dict | None = None
    if not helpless:
        t, pj = _prep(t, rules, "jump", None, spec.jump_points, {"dodge": spec.dodge} if spec.dodge else {},
                      f"{target} jump", None)
    if spec.odds:
        from claw.core.warriors.odds import strike
        p = strike(pa["bonus"], pj["bonus"] if pj else None, crit_rule)
        against = f"{t['name']} Jump 3d6+{pj['bonus']}" if pj else f"{t['name']} ({helpless}: Jump counts 0)"
        ab = {"strength": "STR", "intelligence": "INT", "spirit": "SPT"}[pa["ability"]]
        return events + _odds_event(
            how.lower(), f"{a['name']} {how} ({ab} + {skill}) 3d6+{pa['bonus']} vs {against}: hits {_pct(p['hit'])}; "
                         f"more than double (+2 damage) {_pct(p['double'])}",
            attack_bonus=pa["bonus"], jump_bonus=pj["bonus"] if pj else None, helpless=helpless, **p)
    a, ra = roll(a, pa, rules, dice, crit_rule)
    cats[attacker] = a
    events += _sprain_events(a, ra)
    if pj is None:
        jt, jcrit = 0, None
        events.append({"type": "attack", "cat": attacker, "target": target, "total": ra["total"],
                       "text": f"{_fmt(a, ra)} against {t['name']}, who is {helpless} and cannot Jump (counts 0)"})
    else:
        t, rj = roll(t, pj, rules, dice, crit_rule)
        cats[target] = t
        jt, jcrit = rj["total"], rj["critical"]
        events.append({"type": "attack", "cat": attacker, "target": target, "total": ra["total"], "jump": jt,
                       "text": f"{_fmt(a, ra)} against {_fmt(t, rj)}"})
        events += _sprain_events(t, rj)
    hit = opposed_wins(ra["total"], ra["critical"], jt, jcrit, crit_rule)
    if not hit:
        events.append({"type": "miss", "cat": attacker, "target": target, "text": f"the {how} misses"})
        return events
    bonus, why = 0, []
    if ra["total"] > 2 * jt:
        bonus += 2
        why.append("more than double the Jump: +2")
    ms = fight_knacks.get("mighty-swat", 0)
    if ms:
        bonus += ms
        why.append(f"Mighty Swat +{ms}")
    if belly_rake:
        bonus += 1
        why.append("Belly Rake +1")
    events.append({"type": "hit", "cat": attacker, "target": target, "text": f"the {how} lands"})
    events += damage(s, rules, attacker, target, dice, bonus=bonus, points=spec.damage_points, bite=bite,
                     options=options, convert_from=spec.convert_from, why=", ".join(why))
    if bite and "chomp" in fight_knacks and f is not None and cats[target]["status"] == "ok":
        f["pins"][target] = attacker
        f["chomps"][attacker] = target
        events.append({"type": "chomp", "cat": attacker, "target": target,
                       "text": f"Chomp: {t['name']} is held as if Pinned until {a['name']}'s next turn"})
    return events


def _pinned_choices(s, rules, cid) -> str:
    """What a Pinned (or Chomp-held) cat may still do against its holder (Pin): a
    Wrestling check and Launch only when it is in a Wrestling, Launch only if known."""
    f = s["fight"]
    holder = s["cats"][f["pins"][cid]]["name"]
    out = []
    if _group_of(f, cid) is not None:
        out.append("win a Wrestling check to get free (claw attack with no --swat)")
        if s["cats"][cid]["knacks"].get("launch"):
            out.append("Launch (--knack launch)")
    out.append(f"Swat or Bite {holder}")
    return "; ".join(out)


def _chomp_turn(s, rules, attacker, spec, dice, options) -> list[dict]:
    f = s["fight"]
    target = f["chomps"][attacker]
    names = s["cats"]
    if not spec.let_go:
        return [{"type": "chomp-hold", "cat": attacker, "target": target,
                 "text": f"{names[attacker]['name']} holds on: {names[target]['name']} stays Pinned "
                         f"(--let-go for a second Bite's damage instead)"}]
    del f["chomps"][attacker]
    f["pins"].pop(target, None)
    events = [{"type": "chomp-release", "cat": attacker, "target": target,
               "text": f"{names[attacker]['name']} lets go, dealing a second Bite's damage"}]
    return events + damage(s, rules, attacker, target, dice, points=spec.damage_points, bite=True,
                           options=options, convert_from=spec.convert_from)


def _pounce(s, rules, attacker, target, spec, dice, options) -> list[dict]:
    cats = s["cats"]
    extra = set(spec.knacks) - {"leap", "spring"}
    if extra:
        raise IllegalAction("only Leap or Spring go with a Pounce: " + ", ".join(sorted(extra)))
    if s.get("fight") is None:
        raise IllegalAction("Wrestling needs a fight in progress (claw fight CAT CAT ...)")
    a = cats[attacker]
    events = []
    for k, n in spec.knacks.items():     # extra reach, paid before the Pounce
        a, p = _pay_knack(a, rules, k, n, options, spec.convert_from)
        reach = f"up to {n} more body length(s), landing uncontrolled" if k == "leap" else "twice the usual height"
        events.append({"type": "knack", "cat": attacker, **p,
                       "text": f"{a['name']} uses {rules.knacks[k]['name']}" + (f" x{n}" if n > 1 else "")
                               + f" (paid {describe(p['paid'])}): the Pounce reaches {reach}"})
    if spec.damage_points:
        raise IllegalAction("a Pounce does no damage: --damage-points would do nothing")
    crit_rule = options.get("criticals", "absolute")
    a, pp = _prep(a, rules, "pounce", None, spec.points, None, f"{attacker} pounce", spec.convert_from)
    cats[attacker] = a
    f = s["fight"]
    group = _group_of(f, target)
    if group is not None:
        need = len(group)
        if spec.jump_points or spec.dodge:
            raise IllegalAction(f"joining a Wrestling is a Pounce against the number of cats in it; no one "
                                f"Jumps, so --jump-points and --dodge would do nothing: {target}")
        if spec.odds:
            from claw.core.warriors.odds import chance
            pj_ = chance(pp["bonus"], need, crit_rule)
            return events + _odds_event("join", f"{a['name']} Pounce 3d6+{pp['bonus']} to join the Wrestling "
                                                f"({need} cats in it): {_pct(pj_)}", pounce_bonus=pp["bonus"],
                                        need=need, join=pj_)
        a, rp = roll(a, pp, rules, dice, crit_rule)
        cats[attacker] = a
        events += _sprain_events(a, rp)
        ok = bool(decide(rp["total"], rp["critical"], need, crit_rule))
        events.append({"type": "pounce", "cat": attacker, "target": target, "total": rp["total"], "joined": ok,
                       "text": f"{_fmt(a, rp)} to join the Wrestling ({need} cats already in it): "
                               + ("squeezes in" if ok else "cannot get in")})
        if ok:
            group.append(attacker)
        return events
    t, pj = _prep(cats[target], rules, "jump", None, spec.jump_points, {"dodge": spec.dodge} if spec.dodge else {},
                  f"{target} jump", None)
    if spec.odds:
        from claw.core.warriors.odds import strike
        p = strike(pp["bonus"], pj["bonus"], crit_rule)["hit"]
        return events + _odds_event("pounce", f"{a['name']} Pounce 3d6+{pp['bonus']} vs {t['name']} Jump "
                                              f"3d6+{pj['bonus']}: Wrestling starts {_pct(p)}",
                                    pounce_bonus=pp["bonus"], jump_bonus=pj["bonus"], wrestling=p)
    a, rp = roll(a, pp, rules, dice, crit_rule)
    cats[attacker] = a
    events += _sprain_events(a, rp)
    t, rj = roll(t, pj, rules, dice, crit_rule)
    cats[target] = t
    ok = opposed_wins(rp["total"], rp["critical"], rj["total"], rj["critical"], crit_rule)
    events.append({"type": "pounce", "cat": attacker, "target": target, "total": rp["total"], "jump": rj["total"],
                   "wrestling": ok, "text": f"{_fmt(a, rp)} against {_fmt(t, rj)}: "
                                            + ("they are Wrestling" if ok else f"{t['name']} jumps clear")})
    events += _sprain_events(t, rj)
    if ok:
        f["wrestles"].append([attacker, target])
    return events


def _wrestling_turn(s, rules, attacker, target, spec, dice, options) -> list[dict]:
    f = s["fight"]
    cats = s["cats"]
    group = _group_of(f, attacker)
    assert group is not None          # the caller checked the attacker is Wrestling
    pinned_by = f["pins"].get(attacker)
    if spec.mode == "pounce":
        raise IllegalAction(f"{cats[attacker]['name']} is already Wrestling: {attacker}")
    if target not in group:
        raise IllegalAction(f"{cats[target]['name']} is not in {cats[attacker]['name']}'s Wrestling: {target}")
    if spec.swat_explicit or spec.mode == "bite":
        if spec.mode != "bite" and pinned_by != target:
            raise IllegalAction("while Wrestling, a cat may Swat only the cat Pinning it")
        return _strike(s, rules, attacker, target, spec, dice, options)
    if "belly-rake" in spec.knacks:
        if pinned_by == target:
            raise IllegalAction(f"Belly Rake cannot be used while {cats[target]['name']} Pins you")
        rest = AttackSpec(**{**spec.__dict__, "knacks": {k: n for k, n in spec.knacks.items() if k != "belly-rake"}})
        return _strike(s, rules, attacker, target, rest, dice, options, belly_rake=True)
    if "pin" in spec.knacks:
        if pinned_by is not None:
            raise IllegalAction(f"a Pinned cat cannot Pin: {attacker}")
        if spec.odds:
            raise IllegalAction("Pin needs no check, so there are no odds to give: it is paid and holds")
        a, p = _pay_knack(cats[attacker], rules, "pin", 1, options, spec.convert_from)
        cats[attacker] = a
        f["pins"][target] = attacker
        return [{"type": "pin", "cat": attacker, "target": target, **p,
                 "text": f"{a['name']} Pins {cats[target]['name']} (paid {describe(p['paid'])}); it lasts until "
                         f"{cats[target]['name']} wins a Wrestling check or {a['name']} gets off"}]
    return _wrestle_round(s, rules, attacker, target, group, spec, dice, options)


def _wrestle_round(s, rules, attacker, target, group, spec, dice, options) -> list[dict]:
    f = s["fight"]
    cats = s["cats"]
    events = []
    launch = spec.knacks.get("launch", 0)
    # Dodge: "any time your cat makes a Jump Check", so also an escape from the Wrestling.
    allowed = {"launch"} | ({"dodge"} if attacker in spec.escape else set())
    other = set(spec.knacks) - allowed
    if other:
        raise IllegalAction("in the Wrestling check only Launch (and Dodge on an escape Jump) can be added: "
                            + ", ".join(sorted(other)))
    if spec.dodge and target not in spec.escape:
        raise IllegalAction(f"--dodge helps a Jump check; {target} is not escaping (--escape {target})")
    if spec.jump_points and target not in spec.escape:
        raise IllegalAction(f"--jump-points pay for a Jump check; {target} makes a Wrestle check, not a Jump "
                            f"(--escape {target}, or --wrestler-points {target}=N for its Wrestle check)")
    for cid in (*spec.wrestler_points, *spec.wrestler_damage_points):
        if cid == attacker:
            raise UsageError(f"{attacker} is the cat whose turn it is: --points and --damage-points are its own")
        if cid not in group:
            raise IllegalAction(f"{cid} is not in this Wrestling: its points would do nothing")
    for cid in spec.escape:
        if (spec.damage_points if cid == attacker else spec.wrestler_damage_points.get(cid)):
            raise IllegalAction(f"{cid} is escaping: a Jump away does no damage, so its damage points would do "
                                f"nothing")
    if target in spec.wrestler_points and spec.jump_points:
        raise UsageError(f"give {target}'s points once: --jump-points or --wrestler-points {target}=N")
    points = {**spec.wrestler_points, attacker: spec.points}
    if spec.jump_points:
        points[target] = spec.jump_points
    damage_points = {**spec.wrestler_damage_points, attacker: spec.damage_points}
    dodges = {attacker: spec.knacks.get("dodge", 0), target: spec.dodge}
    if launch:
        a, p = _pay_knack(cats[attacker], rules, "launch", launch, options, spec.convert_from)
        cats[attacker] = a
        events.append({"type": "knack", "cat": attacker, **p,
                       "text": f"{a['name']} readies Launch x{launch} (paid {describe(p['paid'])})"})
    for e in spec.escape:
        if e not in group:
            raise IllegalAction(f"{e} is not in this Wrestling and cannot escape from it")
        if e in f["pins"]:     # Pin: a Pinned cat escapes only by a Wrestling check or Launch
            raise IllegalAction(f"{cats[e]['name']} is Pinned and cannot Jump away; it must win a Wrestling "
                                f"check (or Launch) to get free: {e}")
    crit_rule = options.get("criticals", "absolute")
    prepared = {}
    for cid in list(group):      # every wrestler may spend points on its own check (Spending Points)
        jump = cid in spec.escape
        dodge = {"dodge": dodges[cid]} if jump and dodges.get(cid) else None
        c, pc = _prep(cats[cid], rules, "jump" if jump else "wrestle", None, points.get(cid, 0), dodge,
                      f"{cid} {'jump' if jump else 'wrestle'}", spec.convert_from if cid == attacker else None)
        cats[cid] = c
        prepared[cid] = (pc, jump)
    if spec.odds:
        from claw.core.warriors.odds import wrestle
        p = wrestle({cid: pc["bonus"] for cid, (pc, _) in prepared.items()}, crit_rule)
        parts = [f"{cats[cid]['name']} {'escapes' if jump else 'wins'} {_pct(p['wins'][cid])} "
                 f"({'Jump' if jump else 'Wrestle'} 3d6+{pc['bonus']})" for cid, (pc, jump) in prepared.items()]
        return events + _odds_event("wrestle", "Wrestling round: " + "; ".join(parts) + f"; tie {_pct(p['tie'])}",
                                    bonuses={cid: pc["bonus"] for cid, (pc, _) in prepared.items()},
                                    escaping=list(spec.escape), wins=p["wins"], tie=p["tie"])
    results = {}
    for cid, (pc, jump) in prepared.items():
        c, r = roll(cats[cid], pc, rules, dice, crit_rule)
        cats[cid] = c
        results[cid] = (r, jump)
        events.append({"type": "wrestle-check", "cat": cid, "total": r["total"], "jump": jump,
                       "text": ("escape " if jump else "") + _fmt(c, r)})
        events += _sprain_events(c, r)
    rank = {cid: (tier(r["critical"], crit_rule), r["total"]) for cid, (r, _) in results.items()}
    best = max(rank.values())
    top = [cid for cid, v in rank.items() if v == best]
    if len(top) > 1:
        events.append({"type": "wrestle-tie", "cats": top,
                       "text": f"{', '.join(top)} tie for the highest: no advantage, the Wrestling goes on"})
        return events
    win = top[0]
    jumped = results[win][1]
    if jumped:
        _leave_wrestle(f, win)
        events.append({"type": "escape", "cat": win, "text": f"{cats[win]['name']} escapes the Wrestling"})
        return events
    if f["pins"].get(win):
        events.append({"type": "pin-broken", "cat": win,
                       "text": f"{cats[win]['name']} wins the Wrestling check and breaks the Pin"})
        del f["pins"][win]
    # Wrestling: the winner "can do damage to any one opponent currently involved", so
    # --winner-target counts for whichever cat wins, the attacker too (ruling 43)
    choices = [c for c in group if c != win]
    default = target if win == attacker else attacker if attacker in choices else choices[0]
    victim = spec.winner_target or default
    if victim not in choices:
        raise IllegalAction(f"{victim} is not wrestling with {win}")
    if not spec.winner_target and len(choices) > 1:
        events.append({"type": "choice", "cat": win, "options": choices,
                       "text": f"{cats[win]['name']} may hurt any of {', '.join(choices)}; "
                               f"hurting {victim} (--winner-target to choose)"})
    if win == attacker and launch:
        lengths = 1 + launch
        _leave_wrestle(f, victim)
        if victim not in f["disoriented"]:
            f["disoriented"].append(victim)
        events.append({"type": "launch", "cat": win, "target": victim, "lengths": lengths,
                       "text": f"{cats[win]['name']} Launches {cats[victim]['name']} {lengths} body lengths away; "
                               f"it cannot attack on its next action"})
        return events
    events.append({"type": "wrestle-win", "cat": win, "target": victim,
                   "text": f"{cats[win]['name']} has the advantage and hurts {cats[victim]['name']}"})
    return events + damage(s, rules, win, victim, dice, points=damage_points.get(win, 0),
                           options=options, convert_from=spec.convert_from if win == attacker else None)


def end_fight(state: dict) -> Outcome:
    """Close the fight record (Wrestlings, Pins and Chomps end with it)."""
    if not state.get("fight"):
        raise IllegalAction("no fight in progress")
    s = dict(state)
    rounds = s["fight"]["round"]
    s["fight"] = None
    return Outcome(s, [{"type": "fight-end", "text": f"the fight ends after {rounds} round(s)"}])
