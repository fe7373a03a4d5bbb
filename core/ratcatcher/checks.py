"""Rule-level checks for Ratcatcher files (``claw validate``), after the schema passed.

``check(kind, doc, rules)`` returns ``[(path, message)]``; ``path`` is a tuple of keys
and indices into the document so the CLI can point at a line and column.
"""

from __future__ import annotations

from collections import Counter, deque


def check(kind: str, doc: dict, rules: dict) -> list[tuple[tuple, str]]:
    """Rule-level problems of a schema-valid file of ``kind`` (``claw validate``)."""
    fn = CHECKS.get(kind)
    return fn(doc, rules) if fn else []


def _dupes(items, key, path, what):
    out = []
    seen = set()
    for i, item in enumerate(items):
        k = item[key]
        if k in seen:
            out.append((path + (i, key), f"duplicate {what} {k!r}"))
        seen.add(k)
    return out


def check_townships(doc: dict, rules: dict, at: tuple = ()) -> list:
    """Townships deck: unique ids, #00 with one start zone, adjacency and connectors resolve, every zone reachable."""
    out = []
    cards = doc["cards"]
    out += _dupes(cards, "number", at + ("cards",), "township number")
    start = rules["start_card"]
    if not any(c["number"] == start for c in cards):
        out.append((at + ("cards",), f"no township #{start:02d}: the city starts from it"))
    for i, card in enumerate(cards):
        p = at + ("cards", i)
        zones = {z["id"] for z in card["zones"]}
        out += _dupes(card["zones"], "id", p + ("zones",), "zone id")
        out += _dupes(card["connectors"], "id", p + ("connectors",), "connector id")
        starts = []
        adj: dict[str, set[str]] = {z["id"]: set() for z in card["zones"]}
        for j, z in enumerate(card["zones"]):
            for k, other in enumerate(z.get("adjacent", [])):
                if other not in zones:
                    out.append((p + ("zones", j, "adjacent", k),
                                f"zone {z['id']} lists an adjacent zone the card lacks: {other!r}"))
                elif other == z["id"]:
                    out.append((p + ("zones", j, "adjacent", k), f"zone {z['id']} is listed as adjacent to itself"))
                else:
                    adj[z["id"]].add(other)
                    adj[other].add(z["id"])
            slots = z.get("slots", [])
            for k, s in enumerate(slots):
                if s == "start":
                    starts.append((j, k))
            if "nest" in slots and "spawn" in slots:
                out.append((p + ("zones", j, "slots"), f"zone {z['id']} is both a Rat's Nest and a spawn point"))
        for j, c in enumerate(card["connectors"]):
            if c["zone"] not in zones:
                out.append((p + ("connectors", j, "zone"),
                            f"connector {c['id']} sits on a zone the card lacks: {c['zone']!r}"))
        if card["number"] == start:
            if not starts:
                out.append((p + ("zones",), f"township #{start:02d} needs a start zone (slot 'start')"))
            for j, k in starts[1:]:
                out.append((p + ("zones", j, "slots", k), f"township #{start:02d} has more than one start zone"))
        else:
            for j, k in starts:
                out.append((p + ("zones", j, "slots", k), f"only township #{start:02d} has a start zone"))
        # every zone must be reachable from a connector, or rats and the Ratcatcher
        # could never get there
        seeds = [c["zone"] for c in card["connectors"] if c["zone"] in zones]
        seen = set(seeds)
        queue = deque(seeds)
        while queue:
            for n in adj[queue.popleft()]:
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        for j, z in enumerate(card["zones"]):
            if z["id"] not in seen and seeds:
                out.append((p + ("zones", j, "id"),
                            f"zone {z['id']} of #{card['number']:02d} cannot be reached from any connector"))
    return out


def check_character(doc: dict, rules: dict, at: tuple = ()) -> list:
    """Ratcatcher board: ids unique, one ability per token colour, upgrades name real traps,
    start wounds within the track, a trap volume only with traps."""
    out = []
    out += _dupes(doc["traps"], "id", at + ("traps",), "trap id")
    abilities = doc.get("abilities", [])
    out += _dupes(abilities, "id", at + ("abilities",), "ability id")
    colours = Counter(a["colour"] for a in abilities if a.get("colour"))
    for i, a in enumerate(abilities):
        if a.get("colour") and colours[a["colour"]] > 1:
            out.append((at + ("abilities", i, "colour"), f"two abilities share the token colour {a['colour']!r}"))
    ups = doc.get("upgrades", [])
    out += _dupes(ups, "id", at + ("upgrades",), "upgrade id")
    traps = {t["id"] for t in doc["traps"]}
    for i, u in enumerate(ups):
        t = u["effect"].get("trap")
        if t and t["id"] not in traps:
            out.append((at + ("upgrades", i, "effect", "trap", "id"),
                        f"upgrade names a trap the board lacks: {t['id']!r}"))
    if doc.get("start_wounds", doc["wounds"]) > doc["wounds"]:
        out.append((at + ("start_wounds",),
                    f"start_wounds {doc['start_wounds']} is above the wound track's {doc['wounds']}"))
    if doc["trap_volume"] and not doc["traps"]:
        out.append((at + ("trap_volume",), "a trap volume but no trap to deploy"))
    return out


def check_nemesis(doc: dict, rules: dict, at: tuple = ()) -> list:
    """Nemesis board: the Rat Tracker's length and its single Spawn Nemesis space."""
    out = []
    track = doc["tracker"]
    if len(track) != rules["lose_cheese"]:
        out.append((at + ("tracker",), f"the Rat Tracker has {len(track)} spaces; the rats win at "
                    f"{rules['lose_cheese']} cheese, so it needs exactly {rules['lose_cheese']}"))
    spawns = [i for i, s in enumerate(track) if s.get("spawn_nemesis")]
    if not spawns:
        out.append((at + ("tracker",), "no 'Spawn Nemesis' space on the Rat Tracker"))
    for i in spawns[1:]:
        out.append((at + ("tracker", i, "spawn_nemesis"), "a second 'Spawn Nemesis' space"))
    return out


def check_peculiar(doc: dict, rules: dict, at: tuple = ()) -> list:
    """Peculiar Rat deck: unique card ids."""
    return _dupes(doc["cards"], "id", at + ("cards",), "Peculiar Rat id")


def check_scenario(doc: dict, rules: dict, at: tuple = ()) -> list:
    """Scenario: the sack holds the rulebook's 64 rats; inline parts are checked by their own kind."""
    out = []
    total = sum(doc["rats"][c]["count"] for c in ("brown", "black", "white"))
    if total != rules["sack_size"]:
        out.append((at + ("rats",), f"the Rat Sack holds {rules['sack_size']} tokens; brown + black + white = {total}"))
    inline = {"character": check_character, "nemesis": check_nemesis,
              "townships": check_townships, "peculiar": check_peculiar}
    for key, fn in inline.items():
        if isinstance(doc.get(key), dict):
            out += fn(doc[key], rules, at + (key,))
    char = doc.get("character")
    if isinstance(char, dict):
        out += cross_check(doc, char, None, None, None)
    return out


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
                    out.append((("tallyman", i, "reward", "tokens", ab),
                                f"Tallyman reward names an ability {character['name']} lacks: {ab!r}"))
        for tok in scenario.get("question_tokens", {}):
            if tok.startswith("potion-") and tok[7:] not in colours:
                out.append((("question_tokens", tok), f"no ability of {character['name']} has the colour of {tok!r}"))
        if peculiar is not None:
            for i, card in enumerate(peculiar["cards"]):
                for j, r in enumerate(card["rewards"]):
                    for ab in r.get("tokens", {}):
                        if ab not in abilities:
                            out.append((("peculiar", "cards", i, "rewards", j),
                                        f"{card['name']}'s reward names an ability {character['name']} lacks: {ab!r}"))
    if townships is not None and scenario.get("question_tokens", {}).get("peculiar") and peculiar is None:
        out.append((("question_tokens", "peculiar"),
                    "\"?\" tokens spawn Peculiar Rats but the scenario names no Peculiar deck"))
    return out


def check_rules(doc: dict, rules: dict, at: tuple = ()) -> list:
    """The rules data file: the three rat colours, once each."""
    out = []
    if sorted(doc["colours"]) != ["black", "brown", "white"]:
        out.append((at + ("colours",), "the colours are brown, black and white, once each"))
    return out


CHECKS = {
    "townships": check_townships,
    "character": check_character,
    "nemesis": check_nemesis,
    "peculiar": check_peculiar,
    "scenario": check_scenario,
    "rules": check_rules,
}
