"""The Ratcatcher's turn (rulebook 1.1–1.6): recoup, move, traps, attack, abilities,
gathering cheese, Tallyman trades, healing. Each public function takes a state and
returns an ``Outcome`` (new state, events); the input state is never changed. The helpers
that take ``(state, out)`` are steps of those rules: they change ``state`` in place and
add their events to ``out``."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.outcome import Outcome
from claw.core.ratcatcher.city import (
    COLOURS,
    any_rat_in,
    city_cheese,
    clone,
    neighbours,
)
from claw.core.ratcatcher.combat import (
    Target,
    common_bite_wounds,
    peculiar_bite_wounds,
    resolve_attack,
)
from claw.core.ratcatcher.effects import accuracy as effective_accuracy
from claw.core.ratcatcher.effects import destroy_nemesis, nemesis_defence
from claw.core.ratcatcher.events import listed
from claw.core.ratcatcher.rewards import apply_reward, describe, give_tokens, refuse_wasted_heal
from claw.core.ratcatcher.townships import explore as _explore


def _start(state: dict) -> Outcome:
    if state.get("outcome"):
        raise IllegalAction(f"the game is over: {state['outcome']['result']} ({state['outcome']['reason']})")
    if state["phase"] != "ratcatcher":
        raise IllegalAction(f"it is not the Ratcatcher's turn: phase {quoted(state['phase'])}")
    if state["ratcatcher"]["wounds"] <= 0:
        raise IllegalAction("the Ratcatcher has 0 wounds and can act no more; end the turn with scenario-step")
    return Outcome(clone(state))


# ---- 1.1 recoup ------------------------------------------------------------------------

def recoup(state: dict, out: Outcome) -> None:
    """1.1: attack dice, movement and traps back to their (upgraded) maxima. In place."""
    rc = state["ratcatcher"]
    s = rc["stats"]
    rc["attack_dice"], rc["movement"], rc["traps"] = s["attack"], s["movement"], s["trap_volume"]
    rc["defence_bonus"] = 0
    rc.pop("accuracy_bonus", None)
    out.add("recoup", f"recoup: {s['attack']} attack dice, {s['movement']} movement, {s['trap_volume']} traps",
            attack=s["attack"], movement=s["movement"], traps=s["trap_volume"])


def defence(state: dict) -> int:
    """The Ratcatcher's Defence now: the board's value plus this round's ability bonus."""
    rc = state["ratcatcher"]
    return rc["stats"]["defence"] + rc.get("defence_bonus", 0)


def wound_ratcatcher(state: dict, n: int, out: Outcome, why: str) -> None:
    """Take ``n`` wounds (never below 0) and say why; nothing when already at 0. In place."""
    if n <= 0:
        return
    rc = state["ratcatcher"]
    before = rc["wounds"]
    if before <= 0:
        return  # already down: nothing more to lose (the bite event says it hit)
    rc["wounds"] = max(0, before - n)
    out.add("wound", f"{why}: {rc['name']} loses {before - rc['wounds']} wound(s), {rc['wounds']} left",
            wounds=rc["wounds"], lost=before - rc["wounds"])


# ---- 1.2 move ---------------------------------------------------------------------------

def leaving_bites(state: dict, zone: str, out: Outcome) -> None:
    """1.2: leaving a zone with brown or Peculiar rats provokes their bite at once."""
    d = defence(state)
    browns = state["zones"][zone]["rats"]["brown"]
    if browns:
        bites = [state["rat_types"]["brown"]["bite"]] * browns
        w = common_bite_wounds(bites, d)
        out.add("bite", f"{browns} brown rat(s) bite as {state['ratcatcher']['name']} leaves {zone}: "
                f"bite {sum(bites)} vs defence {d} → {'a wound' if w else 'no wound'}",
                zone=zone, kind="common", bite=sum(bites), defence=d, wounds=w)
        wound_ratcatcher(state, w, out, "brown rats' bite")
    pecs = [p for p in state["peculiar"] if p["zone"] == zone]
    if pecs:
        bites = [state["peculiar_cards"][p["id"]]["bite"] for p in pecs]
        w = peculiar_bite_wounds(bites, d, state["options"].get("peculiar_bites") == "each")
        out.add("bite", f"Peculiar Rat(s) {', '.join(p['id'] for p in pecs)} bite as the Ratcatcher leaves: "
                f"bites {listed(bites)} vs defence {d} → {'a wound' if w else 'no wound'}",
                zone=zone, kind="peculiar", bites=bites, defence=d, wounds=w)
        wound_ratcatcher(state, w, out, "Peculiar bite")


def pick_up(state: dict, zone: str, out: Outcome) -> None:
    """Tokens in a zone the Ratcatcher enters: health tokens are kept for ``heal``;
    a potion is a token of the ability of its colour (ruling R7), taken if there is room."""
    z = state["zones"][zone]
    rc = state["ratcatcher"]
    colours = {a["colour"]: a["id"] for a in rc["board"]["abilities"] if a.get("colour")}
    for pile in ("tokens", "found"):
        keep = []
        for tok in z[pile]:
            if tok == "health":
                rc["health_tokens"] += 1
                out.add("pickup", f"picks up a health token in {zone}", zone=zone, token=tok)
            elif tok.startswith("potion-") and tok[7:] in colours:
                ab = colours[tok[7:]]
                if give_tokens(state, ab, 1, Outcome(), "potion"):
                    out.add("pickup", f"picks up a {tok[7:]} potion: +1 {ab} token", zone=zone, token=tok)
                else:
                    keep.append(tok)
            else:
                keep.append(tok)
        z[pile] = keep


def move(state: dict, path: list[str]) -> Outcome:
    """1.2: one movement point per zone, one step at a time along ``path``."""
    out = _start(state)
    state = out.state
    if not path:
        raise UsageError("move needs at least one zone, e.g. 'claw move 0.b'")
    adj = neighbours(state)
    rc = state["ratcatcher"]
    for step in path:
        here = rc["zone"]
        if step not in state["zones"]:
            raise IllegalAction(f"no such zone in the city: {quoted(step)}")
        if step not in adj.get(here, []):
            raise IllegalAction(f"{step} is not adjacent to {here} (adjacent: {', '.join(adj.get(here, []))}):"
                                f" {quoted(step)}")
        if rc["movement"] < 1:
            raise IllegalAction(f"no movement points left to enter {quoted(step)}")
        leaving_bites(state, here, out)
        if rc["wounds"] <= 0:
            # the bite was fatal: the game ends at the end of this turn (ruling R12)
            out.add("fallen", f"{rc['name']} falls in {here}; the rest of the move is not taken",
                    zone=here)
            break
        rc["movement"] -= 1
        rc["zone"] = step
        out.add("move", f"{rc['name']} moves {here} → {step} ({rc['movement']} movement left)",
                frm=here, to=step, movement=rc["movement"])
        pick_up(state, step, out)
    return out


# ---- traps ------------------------------------------------------------------------------

def _board_entry(state: dict, key: str, wanted: str) -> dict:
    """The Ratcatcher board's ``key`` entry (``traps``, ``abilities``) with id ``wanted``;
    refuses an unknown id, listing the ones the board has."""
    entries = state["ratcatcher"]["board"][key]
    for entry in entries:
        if entry["id"] == wanted:
            return entry
    have = ", ".join(e["id"] for e in entries) or "none"
    what = {"traps": "trap", "abilities": "ability"}.get(key, key)
    raise IllegalAction(f"{state['ratcatcher']['name']} has no such {what} ({key}: {have}): {quoted(wanted)}")


def trap_def(state: dict, trap: str) -> dict:
    """The board's trap ``trap``; refuses an unknown id."""
    return _board_entry(state, "traps", trap)


def reach_zones(state: dict) -> list[str]:
    """The Ratcatcher's zone and the zones next to it: where a trap (1.2) or an ability's
    token (1.4) may go."""
    here = state["ratcatcher"]["zone"]
    return [here, *neighbours(state).get(here, [])]


def trap_zones(state: dict) -> list[str]:
    """The zones a trap may be deployed in now: within reach and holding no trap (1.2)."""
    return [z for z in reach_zones(state) if z not in state["traps"]]


def deploy_trap(state: dict, trap: str, zone: str | None = None) -> Outcome:
    """1.2 *Deploy a Trap*: pay its movement cost; current or adjacent zone; one per zone."""
    out = _start(state)
    state = out.state
    rc = state["ratcatcher"]
    t = trap_def(state, trap)
    zone = zone or rc["zone"]
    if zone not in reach_zones(state):
        raise IllegalAction(f"a trap goes in the current zone {rc['zone']} or an adjacent one: {quoted(zone)}")
    if zone in state["traps"]:
        raise IllegalAction(f"{zone} already holds a trap ({state['traps'][zone]})")
    if rc["traps"] < 1:
        raise IllegalAction(f"no trap tokens left this turn: {quoted(trap)}")
    if rc["movement"] < t["cost"]:
        raise IllegalAction(f"{t['name']} costs {t['cost']} movement, {rc['movement']} left: {quoted(trap)}")
    rc["movement"] -= t["cost"]
    rc["traps"] -= 1
    state["traps"][zone] = trap
    out.add("trap", f"{t['name']} set in {zone} for {t['cost']} movement ({rc['traps']} trap(s) left)",
            trap=trap, zone=zone, cost=t["cost"])
    return out


# ---- 1.3 attack -------------------------------------------------------------------------

def zone_targets(state: dict, zone: str) -> list[Target]:
    """What hits can be allocated to in ``zone``: each common rat, Peculiar Rat, the Nemesis."""
    out = []
    for c in COLOURS:
        for _ in range(state["zones"][zone]["rats"][c]):
            out.append(Target(c, c, state["rat_types"][c]["defence"]))
    for p in state["peculiar"]:
        if p["zone"] == zone:
            out.append(Target("peculiar", p["id"], state["peculiar_cards"][p["id"]].get("defence", 0)))
    nem = state["nemesis"]
    if nem.get("zone") == zone:
        out.append(Target("nemesis", "nemesis", nemesis_defence(state), nem["wounds"]))
    return out


def apply_attack(state: dict, zone: str, rolls: list[int], accuracy: int, plan, out: Outcome, source: str):
    """Resolve rolled dice against the figures in ``zone`` and apply captures/wounds."""
    result = resolve_attack(rolls, accuracy, zone_targets(state, zone), plan)
    out.add("attack", f"{source}: rolls {listed(rolls)} at accuracy {accuracy}+ → {result.hits} hit(s), "
            f"{result.mortal} mortal wound(s), {result.misses} miss(es)",
            rolls=rolls, accuracy=accuracy, hits=result.hits, mortal=result.mortal, zone=zone)
    for a in result.allocations:
        t = a.target
        if t.kind == "nemesis":
            nem = state["nemesis"]
            dealt = min(a.wounds, nem["wounds"])
            nem["wounds"] -= dealt
            text = (f"{a.hits} hit(s) + {a.mortal} mortal on the Nemesis (defence {t.defence}) → "
                    f"{dealt} wound(s), {nem['wounds']} left")
            out.add("nemesis-wound", text, hits=a.hits, mortal=a.mortal, wounds=dealt, left=nem["wounds"])
            if nem["wounds"] <= 0:
                destroy_nemesis(state, out)
        elif a.captured:
            how = "a mortal wound" if a.mortal else f"{a.hits} hit(s) beating defence {t.defence}"
            if t.kind == "peculiar":
                state["peculiar"] = [p for p in state["peculiar"] if p["id"] != t.id]
                state["ratcatcher"]["rewards"].append(t.id)
                out.add("capture", f"Peculiar Rat {t.id} captured by {how}: its reward card is kept",
                        kind="peculiar", id=t.id)
            else:
                state["zones"][zone]["rats"][t.kind] -= 1
                state["tallyman"]["rats"][t.kind] += 1
                out.add("capture", f"a {t.kind} rat is captured by {how} and goes to the Tallyman",
                        kind=t.kind)
        elif a.hits or a.mortal:
            out.add("no-capture", f"{a.hits} hit(s) on the {t.label} do not beat defence {t.defence}",
                    kind=t.kind, hits=a.hits)
    if result.wasted_hits or result.wasted_mortal:
        n = result.wasted_hits + result.wasted_mortal
        left = zone_targets(state, zone) if plan else []
        if left:  # the --assign list ran out, not the zone: say who was left standing
            counts: dict[str, int] = {}
            for t in left:
                counts[t.label] = counts.get(t.label, 0) + 1
            here = ", ".join(f"{k} {label}" for label, k in counts.items())
            out.add("wasted", f"{n} hit(s) left over and lost: --assign names none of the rats still here "
                                 f"({here}); name them in --assign to use every hit")
        else:
            out.add("wasted", f"{n} hit(s) find no target")
    if result.alternatives:
        out.add("choice", "allocation alternatives: " + "; ".join(result.alternatives) +
                " (choose with --assign)", alternatives=result.alternatives)
    return result


def attack(state: dict, dice, count: int | None = None, plan=None) -> Outcome:
    """1.3: roll ``count`` of the remaining attack dice at the current zone."""
    out = _start(state)
    state = out.state
    rc = state["ratcatcher"]
    count = rc["attack_dice"] if count is None else count
    if count < 1:
        raise IllegalAction(f"an attack rolls at least one die: {quoted(count)}")
    if count > rc["attack_dice"]:
        raise IllegalAction(f"only {rc['attack_dice']} attack dice left: {quoted(count)}")
    zone = rc["zone"]
    if not any_rat_in(state, zone):
        raise IllegalAction(f"no rat to attack in {zone}")
    rolls = [dice.die(6) for _ in range(count)]
    rc["attack_dice"] -= count
    apply_attack(state, zone, rolls, effective_accuracy(state), plan, out, rc["name"])
    return out


# ---- 1.4 abilities ----------------------------------------------------------------------

def ability_def(state: dict, ability: str) -> dict:
    """The board's ability ``ability``; refuses an unknown id."""
    return _board_entry(state, "abilities", ability)


def usable_abilities(state: dict) -> list[str]:
    """The abilities the Ratcatcher may use now (1.4): unlocked, with a token left."""
    return [a for a, ab in state["ratcatcher"]["abilities"].items() if ab["unlocked"] and ab["tokens"] >= 1]


def use_ability(state: dict, ability: str, zone: str | None = None) -> Outcome:
    """1.4: spend a token; its effect lasts this turn; a placed token stays until clean-up."""
    out = _start(state)
    state = out.state
    rc = state["ratcatcher"]
    a = ability_def(state, ability)
    ab = rc["abilities"][ability]
    if not ab["unlocked"]:
        raise IllegalAction(f"{a['name']} is locked: assign a cheese to it when gathering: {quoted(ability)}")
    if ab["tokens"] < 1:
        raise IllegalAction(f"no {a['name']} tokens left: {quoted(ability)}")
    if zone is not None and not a.get("effect", {}).get("place"):
        raise UsageError(f"{a['name']} places no token, so it takes no zone: {quoted(zone)}")
    ab["tokens"] -= 1
    eff = a.get("effect", {})
    rc["attack_dice"] += eff.get("attack", 0)
    rc["movement"] += eff.get("movement", 0)
    rc["defence_bonus"] = rc.get("defence_bonus", 0) + eff.get("defence", 0)
    if eff.get("accuracy"):
        rc["accuracy_bonus"] = rc.get("accuracy_bonus", 0) + eff["accuracy"]
    if eff.get("heal"):
        apply_reward(state, {"heal": eff["heal"]}, out, a["name"])
    text = f"{a['name']}: {a.get('text', describe(eff))}"
    if eff.get("place"):
        zone = zone or rc["zone"]
        if zone not in reach_zones(state):
            raise IllegalAction(f"the token goes in the current or an adjacent zone: {quoted(zone)}")
        state["placed"].append({"ability": ability, "zone": zone})
        text += f" (token placed in {zone})"
    out.add("ability", text, ability=ability, tokens=ab["tokens"])
    # 1.4: "A Special token is picked up if your Ratcatcher is within the same zone and has
    # room": spending one makes room, so a potion of its colour here is taken now
    pick_up(state, rc["zone"], out)
    return out


# ---- 1.5 gather cheese ------------------------------------------------------------------

def cheese_slots(state: dict) -> list[str]:
    """Where a gathered cheese may go, default first: unfinished upgrades in board
    order, then abilities (unlock or refill)."""
    rc = state["ratcatcher"]
    out = [u["id"] for u in rc["board"]["upgrades"] if u["id"] not in rc["unlocked"]]
    out += [a["id"] for a in rc["board"]["abilities"]
            if not rc["abilities"][a["id"]]["unlocked"] or rc["abilities"][a["id"]]["tokens"] < a["tokens"]]
    return out


def apply_upgrade(state: dict, upgrade: dict, out: Outcome) -> None:
    """*Attribute Upgrades*: a filled upgrade raises its stat (or trap) now and for good. In place."""
    rc = state["ratcatcher"]
    eff = upgrade["effect"]
    for k, v in eff.items():
        if k in rc["stats"]:
            rc["stats"][k] += v
    # an accuracy upgrade lowers the number needed; a d6 cannot need less than 1
    rc["stats"]["accuracy"] = max(1, rc["stats"]["accuracy"])
    # "Any unlocks, upgrades or recoups trigger immediately" (1.5): the pools grow now.
    rc["attack_dice"] += eff.get("attack", 0)
    rc["movement"] += eff.get("movement", 0)
    rc["traps"] += eff.get("trap_volume", 0)
    rc["wounds"] += eff.get("wounds", 0)
    if "trap" in eff:
        for t in rc["board"]["traps"]:
            if t["id"] == eff["trap"]["id"]:
                t["attack"] += eff["trap"].get("attack", 0)
                t["cost"] = max(0, t["cost"] - eff["trap"].get("cheaper", 0))
    rc["unlocked"].append(upgrade["id"])
    out.add("upgrade", f"upgrade {upgrade['name']} unlocked", upgrade=upgrade["id"], effect=eff)


def gather(state: dict, slot: str | None = None) -> Outcome:
    """1.5: take the cheese from a rat-free zone and place it on an upgrade or ability."""
    out = _start(state)
    state = out.state
    rc = state["ratcatcher"]
    zone = rc["zone"]
    if not state["zones"][zone]["cheese"]:
        raise IllegalAction(f"no Magic Cheese in {zone}")
    if any_rat_in(state, zone):
        raise IllegalAction(f"rats guard the cheese in {zone}: capture them first")
    options = cheese_slots(state)
    if slot is None:
        slot = options[0] if options else None
        if len(options) > 1:
            out.add("choice", f"cheese goes to {slot}; alternatives: {', '.join(options[1:])}",
                    chosen=slot, alternatives=options[1:])
    elif slot not in options:
        raise IllegalAction(f"not an open upgrade or ability slot (open: {', '.join(options) or 'none'}): "
                            f"{quoted(slot)}")
    state["zones"][zone]["cheese"] -= 1
    rc["cheese"] += 1
    out.add("gather", f"{rc['name']} gathers the Magic Cheese in {zone} ({rc['cheese']} gathered, "
            f"{city_cheese(state)} left in the city)", zone=zone, gathered=rc["cheese"])
    upgrades = {u["id"]: u for u in rc["board"]["upgrades"]}
    if slot in upgrades:
        rc["upgrades"][slot] += 1
        u = upgrades[slot]
        out.add("cheese-slot", f"cheese on {u['name']} ({rc['upgrades'][slot]}/{u['cost']})", slot=slot)
        if rc["upgrades"][slot] >= u["cost"]:
            apply_upgrade(state, u, out)
    elif slot is not None:
        ab = rc["abilities"][slot]
        was = ab["unlocked"]
        ab["unlocked"], ab["tokens"] = True, ab["max"]
        out.add("cheese-slot", f"{slot} {'refilled' if was else 'unlocked'}: {ab['tokens']} token(s)", slot=slot)
    return out


# ---- 1.6 Tallyman and Peculiar rewards --------------------------------------------------

def trade(state: dict, which: str, choice: int | None = None) -> Outcome:
    """1.6: return rats from the Tallyman for a listed reward (``which`` = 1-based
    index), or claim a held Peculiar Rat card's reward (``which`` = its id)."""
    out = _start(state)
    state = out.state
    rc = state["ratcatcher"]
    if which in rc["rewards"]:
        card = state["peculiar_cards"][which]
        rewards = card["rewards"]
        i = (choice or 1) - 1
        if not 0 <= i < len(rewards):
            raise IllegalAction(f"{card['name']} offers rewards 1..{len(rewards)}: {quoted(choice)}")
        if len(rewards) > 1 and choice is None:
            out.add("choice", "reward 1 taken; alternatives: " +
                    "; ".join(describe(r) for r in rewards[1:]), alternatives=[describe(r) for r in rewards[1:]])
        refuse_wasted_heal(state, rewards[i], f"{card['name']}'s reward")
        rc["rewards"].remove(which)
        apply_reward(state, rewards[i], out, f"{card['name']}'s card")
        return out
    table = state["tallyman"]["rewards"]
    if not which.isdigit() or not 1 <= int(which) <= len(table):
        held = ", ".join(rc["rewards"]) or "none held"
        raise IllegalAction(f"not a Tallyman reward 1..{len(table)} nor a held Peculiar card ({held}): {quoted(which)}")
    entry = table[int(which) - 1]
    tally = state["tallyman"]["rats"]
    have = sum(tally.values())
    if have < entry["rats"]:
        raise IllegalAction(f"the Tallyman holds {have} rat(s); this reward needs {entry['rats']}: {quoted(which)}")
    refuse_wasted_heal(state, entry["reward"], f"the Tallyman's reward {which}")
    need = entry["rats"]
    # Ruling R10: rats go back from the largest colour pile first.
    while need:
        c = max(COLOURS, key=lambda c: (tally[c], -COLOURS.index(c)))
        tally[c] -= 1
        state["sack"][c] += 1
        need -= 1
    out.add("trade", f"{entry['rats']} rat(s) return to the sack for the Tallyman's reward", rats=entry["rats"])
    apply_reward(state, entry["reward"], out, "Tallyman")
    return out


def heal(state: dict) -> Outcome:
    """*Wounds*: a collected health token moves the wound token up one, never above the max."""
    out = _start(state)
    state = out.state
    rc = state["ratcatcher"]
    if rc["health_tokens"] < 1:
        raise IllegalAction("no health token collected: pick one up in the city or trade with the Tallyman")
    if rc["wounds"] >= rc["stats"]["wounds"]:
        raise IllegalAction(f"wounds already at the maximum ({rc['wounds']}/{rc['stats']['wounds']})")
    rc["health_tokens"] -= 1
    rc["wounds"] += 1
    out.add("heal", f"a health token: wounds {rc['wounds'] - 1} → {rc['wounds']} (max {rc['stats']['wounds']})",
            wounds=rc["wounds"])
    return out


def explore_now(state: dict, dice, connectors: list[str]) -> Outcome:
    """The turn's 1.3 *Place New Locations*, taken now (lets the player pick connectors);
    only when the city holds fewer than two Magic Cheese, once a turn (ruling R23: the
    end of the turn then explores no more)."""
    from claw.core.ratcatcher.townships import check_connectors

    out = _start(state)
    state = out.state
    check_connectors(state, connectors)
    have = city_cheese(state)
    if have >= state["rules"]["min_city_cheese"]:
        raise IllegalAction(f"explore only when fewer than {state['rules']['min_city_cheese']} cheese are in the"
                            f" city (there are {have})")
    if state.get("explored_round") == state["round"]:
        raise IllegalAction(f"this turn's explore (1.3) was already taken in round {state['round']}")
    state["explored_round"] = state["round"]
    connectors = list(connectors)
    _explore(state, dice, out, connectors)
    if connectors:
        out.add("unused", f"connector(s) {', '.join(connectors)} not used: no more townships were placed",
                connectors=connectors)
    return out

