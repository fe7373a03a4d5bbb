"""Text drawing of a Ratcatcher state for `claw show` (styled on a colour terminal, plain otherwise)."""

from __future__ import annotations

from claw.cli.render.text import Styled, join, styled

RAT_STYLE = {"brown": "yellow", "black": "bold", "white": "white"}


def render(state: dict) -> list[str | Styled]:
    from claw.core.ratcatcher.city import active_cards, card_of, city_cheese, linked_cards, neighbours

    adj = neighbours(state)
    active = active_cards(state)
    rc = state["ratcatcher"]
    nem = state["nemesis"]
    traps = state["traps"]
    out: list[str | Styled] = []
    phase = state["phase"]
    turn = {"over": "game over", "rats": "rats' turn, at the spawn phase (2.5)"}.get(phase, f"{phase}'s turn")
    head = styled("bold", "The Ratcatcher") + f" — {state.get('scenario', '')} — round {state['round']}, {turn}"
    if state.get("outcome"):
        o = state["outcome"]
        head += " — " + styled("bold magenta", o["result"].upper()) + f": {o['reason']}"
    out.append(head)
    out.append(f"City: {len(state['city'])} township(s), {city_cheese(state)} Magic Cheese, "
               f"{len(state['deck'])} card(s) in the township deck")
    for num in state["city"]:
        card = state["cards"][num]
        joined = ", ".join(f"#{int(c):02d}" for c in sorted(linked_cards(state, num), key=int)) or "none"
        flag = styled("green", "active") if num in active else styled("dim", "inactive")
        out.append("")
        out.append(styled("bold blue", f"#{int(num):02d} {card.get('name', '')}")
                   + f" (expansion {card['expansion']}, " + flag + f"; joined to {joined})")
        for z in card["zones"]:
            zid = f"{num}.{z['id']}"
            zone = state["zones"][zid]
            bits: list[str | Styled] = []
            if rc["zone"] == zid:
                bits.append(styled("bold cyan", rc["name"]))
            if nem.get("zone") == zid:
                bits.append(styled("bold red", nem["name"]))
            for p in state["peculiar"]:
                if p["zone"] == zid:
                    bits.append(styled("magenta", state["peculiar_cards"][p["id"]]["name"]))
            rats = join(" ", (styled(RAT_STYLE[c], f"{n} {c}") for c, n in zone["rats"].items() if n))
            if rats:
                bits.append("rats: " + rats)
            if zone["cheese"]:
                bits.append(styled("yellow", f"cheese ×{zone['cheese']}"))
            if zone["nest"]:
                bits.append("nest")
            if zid in traps:
                bits.append(f"trap: {traps[zid]}")
            toks = zone["tokens"] + zone["found"]
            if toks:
                bits.append("tokens: " + ", ".join(toks))
            placed = [p["ability"] for p in state["placed"] if p["zone"] == zid]
            if placed:
                bits.append("placed: " + ", ".join(placed))
            near = ", ".join(n if card_of(n) == num else f"{n}*" for n in adj.get(zid, []))
            out.append(f"  {zid:<6} ↔ {near:<22} " + join(" | ", bits))
    out.append("")
    out.append("(* = a zone on another township, reached through a connector)")
    s = rc["stats"]
    out.append(styled("bold cyan", rc["name"]) + f": wounds {rc['wounds']}/{s['wounds']}, attack dice "
               f"{rc['attack_dice']}/{s['attack']}, movement {rc['movement']}/{s['movement']}, "
               f"accuracy {s['accuracy']}+, defence {s['defence']}"
               + (f"+{rc['defence_bonus']}" if rc.get("defence_bonus") else "")
               + f", traps {rc['traps']}/{s['trap_volume']}, "
               f"cheese gathered {rc['cheese']}/{state['rules']['win_cheese']}, "
               f"health tokens {rc['health_tokens']}")
    from claw.core.ratcatcher.holdings import holdings

    held = holdings(state)  # what the Ratcatcher holds: potions (ability tokens), upgrade slots
    if held["potions"]:
        out.append("  potions (special abilities): " + ", ".join(
            f"{p['id']}" + (f" ({p['colour']})" if p["colour"] else "")
            + (f" {p['tokens']}/{p['max']}" if p["unlocked"] else " locked") for p in held["potions"]))
    if held["upgrades"]:
        out.append("  upgrades: " + ", ".join(
            f"{u['id']} " + ("unlocked" if u["unlocked"] else f"{u['cheese']}/{u['cost']}") for u in held["upgrades"]))
    out.append("  traps: " + ", ".join(f"{t['id']} (cost {t['cost']}, {t['attack']} dice)"
                                       for t in rc["board"]["traps"]))
    if rc["rewards"]:
        out.append("  Peculiar reward cards held: " + ", ".join(rc["rewards"]))
    ns = nem["stats"]
    where = nem["zone"] or ("slain" if nem["slain"] else "not yet spawned")
    out.append(styled("bold red", nem["name"]) + f": {where}; wounds {nem['wounds']}/{ns['wounds']}, "
               f"bite {ns['bite']} dice at {ns['accuracy']}+, defence {ns['defence']}, spawn {ns.get('spawn', 0)}, "
               f"target {nem['target']}")
    if nem.get("special") or nem.get("effect"):
        applied = ", ".join(f"{k} {v}" for k, v in sorted(nem.get("effect", {}).items()) if v)
        out.append(f"  special: {nem.get('special', '')}" + (f" (applied by claw: {applied})" if applied else ""))
    track = nem["tracker"]
    marks: list[str | Styled] = []
    for i, space in enumerate(track, start=1):
        label = ("N" if space.get("spawn_nemesis") else "P" if space.get("spawn_peculiar")
                 else "+" if space.get("mutation") else ".")
        marks.append(styled("reverse", label) if i == state["tracker"] else label)
    out.append(f"Rat Tracker {state['tracker']}/{state['rules']['lose_cheese']}: " + join(" ", marks)
               + "  (N spawn Nemesis, P Peculiar Rat, + mutation)")
    sack = state["sack"]
    tally = state["tallyman"]["rats"]
    out.append(f"Rat Sack: {sum(sack.values())} ({sack['brown']} brown, {sack['black']} black, {sack['white']} white); "
               f"Tallyman: {sum(tally.values())} "
               f"({tally['brown']} brown, {tally['black']} black, {tally['white']} white)")
    if state["tallyman"]["rewards"]:
        from claw.core.ratcatcher.rewards import describe

        out.append("  Tallyman rewards: " + "; ".join(
            f"{i}) {r['rats']} rats: {describe(r['reward'])}" for i, r in enumerate(state["tallyman"]["rewards"], 1)))
    return out


def figure_sheet(state: dict, fid: str) -> list[str]:
    """`claw show ID`: the Ratcatcher (scores, potions, upgrades, tokens, reward cards, traps),
    the Nemesis or a Peculiar Rat, in full."""
    from claw.core.ratcatcher.holdings import holdings
    from claw.core.ratcatcher.rewards import describe

    rc, nem = state["ratcatcher"], state["nemesis"]
    if fid == rc["id"]:
        s = rc["stats"]
        held = holdings(state)
        lines = [f"{rc['name']} ({fid}), in zone {rc['zone']}",
                 f"  wounds {rc['wounds']}/{s['wounds']}, attack dice {rc['attack_dice']}/{s['attack']}, "
                 f"movement {rc['movement']}/{s['movement']}, accuracy {s['accuracy']}+, defence {s['defence']}"
                 + (f"+{rc['defence_bonus']}" if rc.get("defence_bonus") else "")
                 + f", traps {rc['traps']}/{s['trap_volume']}",
                 f"  Magic Cheese gathered {rc['cheese']}/{state['rules']['win_cheese']}, "
                 f"health tokens {held['health_tokens']}", "  potions:"]
        for p in held["potions"]:
            have = f"{p['tokens']}/{p['max']}" if p["unlocked"] else "locked"
            lines.append(f"    {p['name']} ({p['id']}, {p['colour'] or 'no'} potion): {have}"
                         + (f" — {p['text']}" if p["text"] else ""))
        lines.append("  upgrades:")
        for u in held["upgrades"]:
            lines.append(f"    {u['name']} ({u['id']}): " + ("unlocked" if u["unlocked"]
                                                             else f"{u['cheese']}/{u['cost']} cheese"))
        lines.append("  Peculiar reward cards: " + ("; ".join(
            f"{c['name']} ({c['id']}: " + " or ".join(describe(r) for r in c["rewards"]) + ")"
            for c in held["reward_cards"]) or "none"))
        lines.append("  traps: " + ", ".join(f"{t['name']} ({t['id']}, cost {t['cost']}, {t['attack']} dice)"
                                             for t in rc["board"]["traps"]))
        return lines
    if fid == nem["id"]:
        ns = nem["stats"]
        where = nem["zone"] or ("slain" if nem["slain"] else "not yet spawned")
        return ([f"{nem['name']} ({fid}), the Nemesis: {where}",
                 f"  wounds {nem['wounds']}/{ns['wounds']}, bite {ns['bite']} dice at {ns['accuracy']}+, "
                 f"defence {ns['defence']}, spawn {ns.get('spawn', 0)}, target {nem['target']}"]
                + ([f"  special: {nem['special']}"] if nem.get("special") else []))
    card = state["peculiar_cards"][fid]
    zone = next((p["zone"] for p in state["peculiar"] if p["id"] == fid), None)
    return [f"{card['name']} ({fid}), a Peculiar Rat " + (f"in zone {zone}" if zone else "not on the board"),
            f"  movement {card.get('movement', '?')}, bite {card.get('bite', '?')}, "
            f"defence {card.get('defence', '?')}, target {card.get('target', '?')}",
            "  reward when captured: " + " or ".join(describe(r) for r in card.get("rewards", []))]
