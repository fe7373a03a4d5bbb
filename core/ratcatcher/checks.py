"""Rule-level checks for Ratcatcher files (``claw validate``), after the schema passed.

``check(kind, doc, rules)`` returns ``[(path, message)]``; ``path`` is a tuple of keys
and indices into the document so the CLI can point at a line and column.
"""

from __future__ import annotations

from collections import Counter

from claw.core.errors import quoted
from claw.core.findings import collect, error
from claw.core.graph import reach


def check(kind: str, doc: dict, rules: dict, *, tolerant: bool = False) -> list:
    """Rule-level problems of a file of ``kind`` (``claw validate``), as Findings. With
    ``tolerant`` (the schema refused parts of it) checks that trip over those are skipped."""
    fn = CHECKS.get(kind)
    return fn(doc, rules, tolerant=tolerant) if fn else []


def _dupes(items, key, path, what):
    out = []
    seen = set()
    for i, item in enumerate(items):
        k = item[key]
        if k in seen:
            out.append(error(path + (i, key), f"duplicate {what} {quoted(k)}", "RC101"))
        seen.add(k)
    return out


def check_townships(doc: dict, rules: dict, at: tuple = (), *, tolerant: bool = False) -> list:
    """Townships deck: unique ids, #00 with one start zone, adjacency and connectors resolve, every zone reachable."""
    cards = doc["cards"]
    start = rules["start_card"]

    def deck():
        out = _dupes(cards, "number", at + ("cards",), "township number")
        if not any(c["number"] == start for c in cards):
            out.append(error(at + ("cards",), f"no township #{start:02d}: the city starts from it", "RC110"))
        return out

    parts = [deck] + [lambda i=i, card=card: _township(card, at + ("cards", i), start)
                      for i, card in enumerate(cards)]
    return collect(parts, tolerant=tolerant)


def _township(card: dict, p: tuple, start: int) -> list:
    """One township card: its zones, adjacency, connectors, start zone and reach."""
    out = []
    zones = {z["id"] for z in card["zones"]}
    out += _dupes(card["zones"], "id", p + ("zones",), "zone id")
    out += _dupes(card["connectors"], "id", p + ("connectors",), "connector id")
    starts = []
    adj: dict[str, set[str]] = {z["id"]: set() for z in card["zones"]}
    for j, z in enumerate(card["zones"]):
        for k, other in enumerate(z.get("adjacent", [])):
            if other not in zones:
                out.append(error(p + ("zones", j, "adjacent", k),
                                 f"zone {z['id']} lists an adjacent zone the card lacks: {quoted(other)}", "RC111",
                                 choices=(other, sorted(zones), "zones")))
            elif other == z["id"]:
                out.append(error(p + ("zones", j, "adjacent", k),
                                 f"zone {z['id']} is listed as adjacent to itself", "RC112"))
            else:
                adj[z["id"]].add(other)
                adj[other].add(z["id"])
        slots = z.get("slots", [])
        for k, s in enumerate(slots):
            if s == "start":
                starts.append((j, k))
        if "nest" in slots and "spawn" in slots:
            out.append(error(p + ("zones", j, "slots"),
                             f"zone {z['id']} is both a Rat's Nest and a spawn point", "RC113"))
    for j, c in enumerate(card["connectors"]):
        if c["zone"] not in zones:
            out.append(error(p + ("connectors", j, "zone"),
                             f"connector {c['id']} sits on a zone the card lacks: {quoted(c['zone'])}",
                             "RC114", choices=(c["zone"], sorted(zones), "zones")))
    if card["number"] == start:
        if not starts:
            out.append(error(p + ("zones",), f"township #{start:02d} needs a start zone (slot 'start')", "RC115"))
        for j, k in starts[1:]:
            out.append(error(p + ("zones", j, "slots", k),
                             f"township #{start:02d} has more than one start zone", "RC116"))
    else:
        for j, k in starts:
            out.append(error(p + ("zones", j, "slots", k), f"only township #{start:02d} has a start zone", "RC117"))
    # every zone must be reachable from a connector, or rats and the Ratcatcher
    # could never get there
    seeds = [c["zone"] for c in card["connectors"] if c["zone"] in zones]
    seen = reach(seeds, adj.__getitem__)
    for j, z in enumerate(card["zones"]):
        if z["id"] not in seen and seeds:
            out.append(error(p + ("zones", j, "id"),
                             f"zone {z['id']} of #{card['number']:02d} cannot be reached from any connector", "RC118"))
    return out


def check_character(doc: dict, rules: dict, at: tuple = (), *, tolerant: bool = False) -> list:
    """Ratcatcher board: ids unique, one ability per token colour, upgrades name real traps,
    start wounds within the track, a trap volume only with traps."""
    out = []
    out += _dupes(doc["traps"], "id", at + ("traps",), "trap id")
    abilities = doc.get("abilities", [])
    out += _dupes(abilities, "id", at + ("abilities",), "ability id")
    colours = Counter(a["colour"] for a in abilities if a.get("colour"))
    for i, a in enumerate(abilities):
        if a.get("colour") and colours[a["colour"]] > 1:
            out.append(error(at + ("abilities", i, "colour"),
                             f"two abilities share the token colour {quoted(a['colour'])}", "RC120"))
    ups = doc.get("upgrades", [])
    out += _dupes(ups, "id", at + ("upgrades",), "upgrade id")
    traps = {t["id"] for t in doc["traps"]}
    for i, u in enumerate(ups):
        t = u["effect"].get("trap")
        if t and t["id"] not in traps:
            out.append(error(at + ("upgrades", i, "effect", "trap", "id"),
                             f"upgrade names a trap the board lacks: {quoted(t['id'])}", "RC121",
                             choices=(t["id"], sorted(traps), "traps")))
    if doc.get("start_wounds", doc["wounds"]) > doc["wounds"]:
        out.append(error(at + ("start_wounds",),
                         f"start_wounds {doc['start_wounds']} is above the wound track's {doc['wounds']}", "RC122"))
    if doc["trap_volume"] and not doc["traps"]:
        out.append(error(at + ("trap_volume",), "a trap volume but no trap to deploy", "RC123"))
    return out


def check_nemesis(doc: dict, rules: dict, at: tuple = (), *, tolerant: bool = False) -> list:
    """Nemesis board: the Rat Tracker's length and its single Spawn Nemesis space."""
    out = []
    track = doc["tracker"]
    if len(track) != rules["lose_cheese"]:
        out.append(error(at + ("tracker",), f"the Rat Tracker has {len(track)} spaces; the rats win at "
                    f"{rules['lose_cheese']} cheese, so it needs exactly {rules['lose_cheese']}", "RC130"))
    spawns = [i for i, s in enumerate(track) if s.get("spawn_nemesis")]
    if not spawns:
        out.append(error(at + ("tracker",), "no 'Spawn Nemesis' space on the Rat Tracker", "RC131"))
    for i in spawns[1:]:
        out.append(error(at + ("tracker", i, "spawn_nemesis"), "a second 'Spawn Nemesis' space", "RC132"))
    return out


def check_peculiar(doc: dict, rules: dict, at: tuple = (), *, tolerant: bool = False) -> list:
    """Peculiar Rat deck: unique card ids."""
    return _dupes(doc["cards"], "id", at + ("cards",), "Peculiar Rat id")


def check_scenario(doc: dict, rules: dict, at: tuple = (), *, tolerant: bool = False) -> list:
    """Scenario: the sack holds the rulebook's 64 rats; inline parts are checked by their own kind."""
    def sack():
        total = sum(doc["rats"][c]["count"] for c in ("brown", "black", "white"))
        if total != rules["sack_size"]:
            return [error(at + ("rats",), f"the Rat Sack holds {rules['sack_size']} tokens; brown + black + white = "
                          f"{total}", "RC140")]
        return []

    inline = {"character": check_character, "nemesis": check_nemesis,
              "townships": check_townships, "peculiar": check_peculiar}
    parts = [sack] + [lambda key=key, fn=fn: fn(doc[key], rules, at + (key,), tolerant=tolerant)
                      for key, fn in inline.items() if isinstance(doc.get(key), dict)]
    char = doc.get("character")
    if isinstance(char, dict):
        parts.append(lambda: cross_check(doc, char, None, None, _inline(doc, "peculiar")))
    return collect(parts + [lambda: _peculiar_named(doc, at)], tolerant=tolerant)


def _inline(doc: dict, key: str) -> dict | None:
    return doc[key] if isinstance(doc.get(key), dict) else None


def _peculiar_named(doc: dict, at: tuple) -> list:
    """A "?" token that spawns a Peculiar Rat needs a Peculiar deck to draw from."""
    if doc.get("question_tokens", {}).get("peculiar") and not doc.get("peculiar"):
        return [error(at + ("question_tokens", "peculiar"),
                      "\"?\" tokens spawn Peculiar Rats but the scenario names no Peculiar deck", "RC144")]
    return []


def character_used(scenario: dict, path: tuple, character: dict) -> list:
    """``claw validate``: a scenario against the character file it names (Tallyman rewards,
    potion colours, an inline Peculiar deck's rewards), the checks ``claw new`` makes."""
    return cross_check(scenario, character, None, None, _inline(scenario, "peculiar"))


def cross_check(scenario: dict, character: dict | None, nemesis, townships: dict | None,
                peculiar: dict | None) -> list[tuple[tuple, str]]:
    """Consistency between a scenario and the content it names (run by ``claw new``)."""
    out: list[tuple[tuple, str]] = []
    if character is not None:
        abilities = {a["id"] for a in character.get("abilities", [])}
        colours = {a.get("colour") for a in character.get("abilities", [])}
        for i, t in enumerate(scenario.get("tallyman", [])):
            for ab in t["reward"].get("tokens", {}):
                if ab not in abilities:
                    out.append(error(("tallyman", i, "reward", "tokens", ab),
                                     f"Tallyman reward names an ability {character['name']} lacks: "
                                     f"{quoted(ab)}", "RC141",
                                     choices=(ab, sorted(abilities), "abilities")))
        for tok in scenario.get("question_tokens", {}):
            if tok.startswith("potion-") and tok[7:] not in colours:
                out.append(error(("question_tokens", tok),
                                 f"no ability of {character['name']} has the colour of {quoted(tok)}", "RC142"))
        if peculiar is not None:
            for i, card in enumerate(peculiar["cards"]):
                for j, r in enumerate(card["rewards"]):
                    for ab in r.get("tokens", {}):
                        if ab not in abilities:
                            out.append(error(("peculiar", "cards", i, "rewards", j),
                                             f"{card['name']}'s reward names an ability {character['name']} "
                                             f"lacks: {quoted(ab)}", "RC143",
                                             choices=(ab, sorted(abilities), "abilities")))
    if townships is not None and scenario.get("question_tokens", {}).get("peculiar") and peculiar is None:
        out.append(error(("question_tokens", "peculiar"),
                         "\"?\" tokens spawn Peculiar Rats but the scenario names no Peculiar deck", "RC144"))
    return out


def check_rules(doc: dict, rules: dict, at: tuple = (), *, tolerant: bool = False) -> list:
    """The rules data file: the three rat colours, once each."""
    out = []
    if sorted(doc["colours"]) != ["black", "brown", "white"]:
        out.append(error(at + ("colours",), "the colours are brown, black and white, once each", "RC150"))
    return out


CHECKS = {
    "townships": check_townships,
    "character": check_character,
    "nemesis": check_nemesis,
    "peculiar": check_peculiar,
    "scenario": check_scenario,
    "rules": check_rules,
}
