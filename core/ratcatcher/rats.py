"""The rats' turn (rulebook 2.1–2.6) and the clean-up (3.0), on active townships only."""

from __future__ import annotations

from claw.core.outcome import Outcome
from claw.core.ratcatcher.city import (
    COLOURS,
    active_cards,
    card_of,
    city_cheese,
    distances,
    neighbours,
    zone_sort_key,
)
from claw.core.ratcatcher.combat import common_bite_wounds, nemesis_bite_wounds, peculiar_bite_wounds
from claw.core.ratcatcher.effects import accuracy as effective_accuracy
from claw.core.ratcatcher.effects import (
    lure,
    nemesis_bite,
    nemesis_effect,
    stopped_zones,
    token_wounds,
    wound_nemesis,
)
from claw.core.ratcatcher.events import listed
from claw.core.ratcatcher.player import apply_attack, defence, trap_def, wound_ratcatcher
from claw.core.ratcatcher.sack import SackEmpty, ensure_rats, place_rats, return_zone_rats, sack_total
from claw.core.ratcatcher.townships import spawn_peculiar

# ---- 2.1 movement -----------------------------------------------------------------------

def top_townships(state: dict) -> set[str]:
    """2.1 *Tie Breakers*: "the Township with the highest indicated number". Ruling R2:
    the highest card number (default), or with ``options.tie_township: indicator`` every
    township sharing the highest expansion indicator."""
    if state["options"].get("tie_township", "number") == "indicator":
        top = max(state["cards"][c]["expansion"] for c in state["city"])
        return {c for c in state["city"] if state["cards"][c]["expansion"] == top}
    return {max(state["city"], key=int)}


class Mover:
    """Shortest-path steering with the rulebook's tie-breaks (ruling R2).

    Destination: the nearest target zone; ties → the one nearest the Ratcatcher; ties →
    the one nearest the top township (``top_townships``); still tied → the first in
    zone order (reported). Path: among next zones on a shortest path, one the player
    named with ``prefer``, else the one nearest the top township, then zone order; the
    others are reported as alternatives.
    """

    def __init__(self, state: dict, prefer: list[str] | None = None):
        self.state = state
        self.adj = neighbours(state)
        self.prefer = set(prefer or [])
        self._dist: dict[str, dict[str, int]] = {}
        self.rc_dist = self.dist(state["ratcatcher"]["zone"])
        top = top_townships(state)
        top_zones = [z for z in self.adj if card_of(z) in top]
        self.top_dist = {z: min((self.dist(t).get(z, 10**6) for t in top_zones), default=0) for z in self.adj}

    def dist(self, zone: str) -> dict[str, int]:
        if zone not in self._dist:
            self._dist[zone] = distances(self.adj, zone)
        return self._dist[zone]

    def destination(self, start: str, targets: list[str]) -> tuple[str | None, list[str]]:
        d = self.dist(start)
        reachable = [t for t in targets if t in d]
        if not reachable:
            return None, []
        def key(t):
            return (d[t], self.rc_dist.get(t, 10**6), self.top_dist.get(t, 10**6), zone_sort_key(t))
        ranked = sorted(reachable, key=key)
        best = ranked[0]
        ties = [t for t in ranked[1:] if key(t)[:3] == key(best)[:3]]
        picked = [t for t in [best] + ties if t in self.prefer]
        if picked and picked[0] != best:
            ties = [best] + [t for t in ties if t != picked[0]]
            best = picked[0]
        return best, ties

    def step(self, here: str, dest: str) -> tuple[str, list[str]]:
        dd = self.dist(dest)
        options = [n for n in self.adj[here] if dd.get(n, 10**6) == dd[here] - 1]
        chosen = [n for n in options if n in self.prefer]
        # 2.1: rats move toward the zone that brings them closest to the top township
        best = chosen[0] if chosen else min(options, key=lambda z: (self.top_dist.get(z, 10**6), zone_sort_key(z)))
        return best, [o for o in options if o != best]

    def walk(self, start: str, targets: list[str], steps: int, out: Outcome, who: str) -> str:
        dest, ties = self.destination(start, targets)
        if dest is None or steps <= 0 or dest == start:
            return start
        if ties:
            out.add("choice", f"{who}: destination {dest} chosen among equals {', '.join(ties)}",
                    chosen=dest, alternatives=ties)
        here = start
        for _ in range(steps):
            if here == dest:
                break
            nxt, alts = self.step(here, dest)
            if alts:
                out.add("choice", f"{who}: path via {nxt}; equal paths via {', '.join(alts)} "
                        "(choose with --prefer)", chosen=nxt, alternatives=alts)
            here = nxt
        return here


def regenerate(state: dict, out: Outcome) -> None:
    """The Nemesis's special ability, ``effect.regenerate``: wounds back at the start of
    the rats' turn while it is on the board, never above its (mutated) maximum."""
    nem = state["nemesis"]
    n = nem.get("effect", {}).get("regenerate", 0)
    if not n or not nem.get("zone") or nem["slain"]:
        return
    before = nem["wounds"]
    nem["wounds"] = min(nem["stats"]["wounds"], before + n)
    if nem["wounds"] > before:
        out.add("nemesis-heal", f"{nem['name']} regenerates: wounds {before} → {nem['wounds']} "
                f"(max {nem['stats']['wounds']})", before=before, after=nem["wounds"])


def summon(state: dict, dice, out: Outcome) -> None:
    """The Nemesis's special ability, ``effect.summon``: at the end of 2.1, rats drawn
    from the sack into its zone (a spawn: black rats bring one more, recovery applies)."""
    nem = state["nemesis"]
    n = nem.get("effect", {}).get("summon", 0)
    if not n:
        return
    ensure_rats(state, n, out)
    try:
        for _ in range(n):
            place_rats(state, nem["zone"], dice, out, f"{nem['name']} summons")
    except SackEmpty:
        out.add("spawn-stop", f"{nem['name']} summons no more: no rat can be recovered")


def cheese_zones(state: dict) -> list[str]:
    """Zones holding at least one Magic Cheese."""
    return [z for z, v in state["zones"].items() if v["cheese"]]


def target_zones(state: dict, target: str) -> list[str]:
    """Where a rat with ``target`` (``ratcatcher`` or ``cheese``) heads."""
    return [state["ratcatcher"]["zone"]] if target == "ratcatcher" else cheese_zones(state)


def move_rats(state: dict, dice, out: Outcome, prefer=None) -> None:
    """2.1: Nemesis (d6 zones), Peculiar (card movement), then common rats (ruling R1:
    ``options.rat_speed`` zones, default 1), all toward their targets."""
    active = active_cards(state)
    mover = Mover(state, prefer)
    nem = state["nemesis"]
    if nem.get("zone") and card_of(nem["zone"]) in active:
        roll = dice.die(nem["stats"].get("movement_die", 6))
        extra = nem.get("effect", {}).get("movement", 0)
        frm = nem["zone"]
        nem["zone"] = mover.walk(frm, target_zones(state, nem["target"]), roll + extra, out, nem["name"])
        plus = f" +{extra} (special ability)" if extra else ""
        where = f"{frm} → {nem['zone']}" if nem["zone"] != frm else f"stays in {frm} (at its target)"
        out.add("rat-move", f"{nem['name']} rolls {roll}{plus} for movement: {where}",
                who="nemesis", roll=roll, extra=extra, frm=frm, to=nem["zone"])
    for p in state["peculiar"]:
        if card_of(p["zone"]) not in active:
            continue
        card = state["peculiar_cards"][p["id"]]
        frm = p["zone"]
        p["zone"] = mover.walk(frm, target_zones(state, card["target"]), card["movement"], out, card["name"])
        if p["zone"] != frm:
            out.add("rat-move", f"{card['name']} moves {frm} → {p['zone']}", who=p["id"], frm=frm, to=p["zone"])
    speed = state["options"].get("rat_speed", 1)
    rc_zone = [state["ratcatcher"]["zone"]]
    cheese = cheese_zones(state)
    moves = []
    stopped, lured = stopped_zones(state), lure(state)
    for zid in sorted(state["zones"], key=zone_sort_key):
        if card_of(zid) not in active:
            continue
        z = state["zones"][zid]
        if zid in stopped and sum(z["rats"].values()):
            out.add("rat-stays", f"{stopped[zid]} in {zid}: the common rats there skip their move", zone=zid)
            continue
        for colour in COLOURS:
            n = z["rats"][colour]
            if not n:
                continue
            if lured and not (colour != "brown" and z["cheese"]):
                to = mover.walk(zid, [lured[0]], speed, out, f"{colour} rats in {zid} (lured by {lured[1]})")
            elif colour == "brown":
                to = mover.walk(zid, rc_zone, speed, out, f"brown rats in {zid}")
            elif z["cheese"]:
                continue  # 2.1: black and white rats on a cheese stay put
            else:
                to = mover.walk(zid, cheese, speed, out, f"{colour} rats in {zid}")
            if to != zid:
                moves.append((zid, to, colour, n))
    for frm, to, colour, n in moves:  # all common rats move from where they started
        state["zones"][frm]["rats"][colour] -= n
        state["zones"][to]["rats"][colour] += n
        out.add("rat-move", f"{n} {colour} rat(s) {frm} → {to}", who=colour, frm=frm, to=to, count=n)
    token_wounds(state, out)
    if nem.get("zone") and card_of(nem["zone"]) in active:
        summon(state, dice, out)  # after every rat has moved: the summoned rats move next turn


# ---- 2.2 traps --------------------------------------------------------------------------

def trigger_traps(state: dict, dice, out: Outcome) -> None:
    """2.2: a trap with a rat in its zone attacks (dice from the Reserve); every trap
    then returns to the Reserve, triggered or not."""
    from claw.core.ratcatcher.city import any_rat_in

    for zone in sorted(state["traps"], key=zone_sort_key):
        trap = trap_def(state, state["traps"][zone])
        if any_rat_in(state, zone):
            rolls = [dice.die(6) for _ in range(trap["attack"])]
            acc = trap.get("accuracy", effective_accuracy(state))
            apply_attack(state, zone, rolls, acc, None, out, f"{trap['name']} in {zone}")
            hurt = trap.get("effect", {}).get("wound", 0)
            if hurt and state["nemesis"].get("zone") == zone:
                wound_nemesis(state, hurt, out, f"{trap['name']} in {zone}")
        else:
            out.add("trap-idle", f"{trap['name']} in {zone} finds no rat", zone=zone)
    state["traps"] = {}


# ---- 2.3 bites --------------------------------------------------------------------------

def bites(state: dict, dice, out: Outcome) -> None:
    """2.3: the Nemesis, Peculiar and common bites on the Ratcatcher's zone, in that order. In place."""
    rc = state["ratcatcher"]
    zone = rc["zone"]
    d = defence(state)
    nem = state["nemesis"]
    if nem.get("zone") == zone:
        count, acc = nemesis_bite(state)
        rolls = [dice.die(6) for _ in range(count)]
        w = nemesis_bite_wounds(rolls, acc, d)
        out.add("bite", f"{nem['name']} bites: {listed(rolls)} at {acc}+ vs defence {d} → {w} wound(s)",
                kind="nemesis", rolls=rolls, wounds=w)
        extra = nemesis_effect(state, "wound") if w else 0
        wound_ratcatcher(state, w + extra, out, "Nemesis bite" + (f" (+{extra}, special ability)" if extra else ""))
        eaten = nemesis_effect(state, "cheese") if w else 0
        for _ in range(eaten):
            state["tracker"] += 1
            out.add("consume", f"{nem['name']}'s special ability: a wounding bite counts as a cheese eaten;"
                    f" the Rat Tracker moves to {state['tracker']}", tracker=state["tracker"])
            advance_tracker(state, zone, out)
    pecs = [p for p in state["peculiar"] if p["zone"] == zone]
    if pecs:
        b = [state["peculiar_cards"][p["id"]]["bite"] for p in pecs]
        w = peculiar_bite_wounds(b, d, state["options"].get("peculiar_bites") == "each")
        out.add("bite", f"Peculiar bite(s) {listed(b)} vs defence {d} → "
                f"{'no wound' if not w else 'a wound' if w == 1 else f'{w} wounds'}",
                kind="peculiar", bites=b, wounds=w)
        wound_ratcatcher(state, w, out, "Peculiar bite")
    rats = state["zones"][zone]["rats"]
    if sum(rats.values()):
        b = [state["rat_types"][c]["bite"] for c in COLOURS for _ in range(rats[c])]
        w = common_bite_wounds(b, d)
        out.add("bite", f"{len(b)} common rat(s) bite for {sum(b)} vs defence {d} → "
                f"{'a wound' if w else 'no wound'}", kind="common", bite=sum(b), wounds=w)
        wound_ratcatcher(state, w, out, "common rats' bite")


# ---- 2.4 consume ------------------------------------------------------------------------

def consume(state: dict, dice, out: Outcome) -> None:
    """2.4: 5+ rats (Nemesis 5, Peculiar 3, black/white 1, brown 0 — or 1 with
    ``options.browns_count_to_consume``, ruling R22) on a cheese eat it; the tracker
    advances per cheese with its effects; black and white rats there go back to the sack."""
    w = state["rules"]["consume_weight"]
    for zone in sorted(cheese_zones(state), key=zone_sort_key):
        z = state["zones"][zone]
        eaters = z["rats"]["black"] + z["rats"]["white"]
        if state["options"].get("browns_count_to_consume"):  # ruling R22, the other reading
            eaters += z["rats"]["brown"]
        count = eaters * w["common"]
        count += w["peculiar"] * sum(1 for p in state["peculiar"] if p["zone"] == zone)
        count += w["nemesis"] * (state["nemesis"].get("zone") == zone)
        if count < state["rules"]["consume_threshold"]:
            continue
        while z["cheese"]:
            z["cheese"] -= 1
            state["tracker"] += 1
            out.add("consume", f"the rats in {zone} (counting {count}) eat a Magic Cheese: "
                    f"Rat Tracker {state['tracker']}", zone=zone, count=count, tracker=state["tracker"])
            advance_tracker(state, zone, out, dice)
        n = return_zone_rats(state, zone, ("black", "white"))
        out.add("consume-return", f"{n} black/white rat(s) in {zone} return to the sack", zone=zone, returned=n)


def advance_tracker(state: dict, zone: str, out: Outcome, dice=None) -> None:
    """*Rat Tracker*: apply the space just reached (mutations, Peculiar spawns, Spawn Nemesis). In place."""
    nem = state["nemesis"]
    track = nem["tracker"]
    if state["tracker"] > len(track):
        return
    space = track[state["tracker"] - 1]
    for stat, by in space.get("mutation", {}).items():
        nem["stats"][stat] = nem["stats"].get(stat, 0) + by
        if stat == "wounds":
            nem["wounds"] += by
        out.add("mutation", f"mutation: Nemesis {stat} {by:+d} (now {nem['stats'][stat]})", stat=stat, by=by)
    for _ in range(space.get("spawn_peculiar", 0)):
        spawn_peculiar(state, zone, out, dice)
    if space.get("spawn_nemesis") and not nem["spawned"]:
        nem["pending"] = True


# ---- 2.5 / 2.6 spawn --------------------------------------------------------------------

def spawn_nemesis(state: dict, out: Outcome, prefer=None) -> None:
    """2.5: the Nemesis appears on a Rat's Nest of the Ratcatcher's township (ruling R6:
    the nest nearest the Ratcatcher; none there → the nearest nest in the city; none at
    all → the Ratcatcher's zone)."""
    nem = state["nemesis"]
    if not nem.pop("pending", False) or nem["spawned"]:
        return
    rc_zone = state["ratcatcher"]["zone"]
    d = distances(neighbours(state), rc_zone)
    nests = [z for z, v in state["zones"].items() if v["nest"]]
    own = [z for z in nests if card_of(z) == card_of(rc_zone)]
    pool = own or nests
    chosen = [z for z in own if z in set(prefer or [])]
    spot = chosen[0] if chosen else (min(pool, key=lambda z: (d.get(z, 10**6), zone_sort_key(z))) if pool else rc_zone)
    alts = [z for z in own if z != spot]
    nem["zone"], nem["spawned"] = spot, True
    out.add("nemesis-spawn", f"{nem['name']} spawns on the Rat's Nest in {spot}", zone=spot, alternatives=alts)


def spawn_jobs(state: dict) -> list[tuple[str, str]]:
    """2.6: (zone, why) for each rat to draw: a Rat's Nest or a black rat on an active
    township (ruling R21: those standing when the phase begins), the Nemesis's spawn value.
    Ruling R25: with ``options.spawn_nests: city`` the nests of every township in the city."""
    active = active_cards(state)
    ordered = sorted(state["zones"], key=zone_sort_key)
    zones = [z for z in ordered if card_of(z) in active]
    nests = ordered if state["options"].get("spawn_nests") == "city" else zones
    jobs = [(z, "Rat's Nest") for z in nests if state["zones"][z]["nest"]]
    for z in zones:
        jobs += [(z, "black rat")] * state["zones"][z]["rats"]["black"]
    nem = state["nemesis"]
    if nem.get("zone"):
        jobs += [(nem["zone"], "Nemesis spawn")] * nem["stats"].get("spawn", 0)
    return jobs


def spawn_phase(state: dict, dice, out: Outcome, reward: int | None = None) -> None:
    """2.6: one rat per Rat's Nest and per black rat on active townships, the
    Nemesis's spawn value at its zone; placed black rats bring one more each.

    *Run Out of Rats?*: when the sack holds fewer rats than the phase needs, the recovery
    steps run first (ruling R11); recovery may send black rats back, so the draws are
    counted again after it."""
    jobs = spawn_jobs(state)
    if sack_total(state) < len(jobs):
        ensure_rats(state, len(jobs), out, reward)
        jobs = spawn_jobs(state)
    try:
        for zid, why in jobs:
            place_rats(state, zid, dice, out, why, reward=reward)
    except SackEmpty:
        out.add("spawn-stop", "spawning stops: no rat can be recovered")


# ---- 3.0 clean-up -----------------------------------------------------------------------

def clean_up(state: dict, out: Outcome) -> None:
    """3.0: rats and special tokens leave inactive townships; placed tokens and traps are removed. In place."""
    active = active_cards(state)
    n = 0
    for zid, z in state["zones"].items():
        if card_of(zid) not in active:
            n += return_zone_rats(state, zid)
            z["tokens"] = []  # special tokens; revealed "?" tokens ("found") stay
    placed = len(state["placed"])
    state["placed"] = []
    state["traps"] = {}
    out.add("clean-up", f"clean-up: {n} rat(s) from inactive townships return to the sack; "
            f"{placed} placed special token(s) removed; traps return to the board", returned=n)


def below_cheese(state: dict) -> bool:
    """*Place New Locations*: fewer than two Magic Cheese in the city."""
    return city_cheese(state) < state["rules"]["min_city_cheese"]
