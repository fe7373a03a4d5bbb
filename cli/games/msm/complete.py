"""Tab completion in the situation, for The Cats of Mont Saint-Michel: the ``among`` hooks
of the specs (claw.cli.framework.spec.Arg). Each takes the state and the positionals typed
so far and asks core the question the command itself would ask (`claw moves`' squares,
the figures an attack may reach); None when it cannot tell. Loaded only when completing."""

from __future__ import annotations

from claw.cli.games.msm.common import _data


def _figure(state: dict, word: str) -> tuple[str, dict] | None:
    """The figure a typed word names (any case), or None."""
    figures = state.get("figures", {})
    fid = next((f for f in figures if f.casefold() == word.casefold()), None)
    return (fid, figures[fid]) if fid is not None else None


def _board(state: dict):
    from claw.core.msm.setup import board_from_state

    return board_from_state(state)


def _bestiary(fig: dict) -> dict:
    return {} if fig.get("side") == "cat" else _data("bestiary.yaml")  # cats need no bestiary


def destinations(state: dict, words: list[str]) -> list[str] | None:
    """`move CAT <TAB>`: exactly the squares `claw moves CAT` lists (core's moves_now)."""
    from claw.core.msm.movement import moves_now
    from claw.core.msm.squares import square_name

    found = _figure(state, words[0]) if words else None
    if found is None:
        return None
    fid, fig = found
    if fig.get("side") != "cat" or not fig.get("square"):
        return []
    opts, _ = moves_now(_board(state), state, fid)
    squares = {sq for mode in opts.values() for sq in mode}
    return [square_name(sq) for sq in sorted(squares, key=lambda s: (s[1], s[0]))]


def targets(state: dict, words: list[str]) -> list[str] | None:
    """`attack ATTACKER <TAB>`: the figures it may attack from where it stands (core's targets)."""
    from claw.core.msm.attack import targets as may_attack

    found = _figure(state, words[0]) if words else None
    if found is None:
        return None
    return may_attack(state, _board(state), _bestiary(found[1]), found[0])


def weapons(state: dict, words: list[str]) -> list[str] | None:
    """`attack ATTACKER TARGET --weapon <TAB>`: the attacker's own weapons (or a rat's attacks)."""
    from claw.core.msm.attack import weapons_of

    found = _figure(state, words[0]) if words else None
    if found is None:
        return None
    return [w.id for w in weapons_of(state, _bestiary(found[1]), found[0])]


def cards_of(state: dict, words: list[str]) -> list[str] | None:
    """`equip CAT <TAB>`, `trade CAT <TAB>`: the cards that cat holds (weapons, armour, loot)."""
    found = _figure(state, words[0]) if words else None
    if found is None:
        return None
    fig = found[1]
    held = [*(fig.get("weapons") or []), *([fig["armour"]] if isinstance(fig.get("armour"), dict) else []),
            *(fig.get("loot") or [])]
    return [c["id"] for c in held if isinstance(c, dict)]


def spawn_letters(state: dict) -> list[str]:
    """`spawn <TAB>`: the map's spawn letters (core's spawn_letters)."""
    from claw.core.msm.spawn import spawn_letters as letters

    return letters(_board(state)) if state.get("map") else []


def entries(state: dict) -> list[str]:
    """`entry <TAB>`: the rulebook's entry numbers."""
    return [str(row["number"]) for row in _data("entries.yaml")["entries"]]


def tavern_actions(state: dict) -> list[str]:
    """`tavern <TAB>`: the Taverne's actions."""
    from claw.cli.games.msm.tavern import ACTIONS

    return list(ACTIONS)


# tavern ACTION's words after it: what each position names (claw.cli.games.msm.tavern)
_TAVERN_WORDS = {"heal": ("hero",), "buy": ("hero", "shop"), "sell": ("hero", "held"),
                 "trade": ("hero", "held", "hero"), "level": ("hero",), "recruit": ("hero", "new")}


def tavern_words(state: dict, words: list[str]) -> list[str] | None:
    """`tavern ACTION <TAB>`: the heroes, the cards a hero holds, the shop's cards, the
    heroes one may recruit, as that action's next word needs."""
    if not words:
        return None
    layout = _TAVERN_WORDS.get(words[0].lower(), ())
    at = len(words) - 1
    if at >= len(layout):
        return []
    camp = state.get("campaign") or {}
    heroes = camp.get("heroes") or {f: fig for f, fig in state.get("figures", {}).items() if fig.get("side") == "cat"}
    want = layout[at]
    if want == "hero":
        return list(heroes)
    if want == "held":
        hero = heroes.get(words[1].lower()) or {}
        return [c["id"] for slot in ("weapons", "loot") for c in hero.get(slot) or [] if isinstance(c, dict)]
    if want == "shop":
        shop = (camp.get("taverne") or {}).get("shop") or []
        return [c["id"] if isinstance(c, dict) else str(c) for c in shop]
    return [hero for hero in _data("heroes.yaml")["heroes"] if hero not in heroes]


def loot_squares(state: dict, words: list[str]) -> list[str] | None:
    """`search CAT <TAB>`: the loot squares that cat stands on or next to (core's loot_squares_near)."""
    from claw.core.msm.loot import loot_squares_near

    found = _figure(state, words[0]) if words else None
    return loot_squares_near(state, _board(state), found[0]) if found else None


def lying(state: dict, words: list[str]) -> list[str] | None:
    """`pickup CAT <TAB>`: the cards lying in that cat's big square (core's lying_here)."""
    from claw.core.msm.loot import lying_here

    found = _figure(state, words[0]) if words else None
    return [card["id"] for _, card in lying_here(state, _board(state), found[0])] if found else None


def partners(state: dict, words: list[str]) -> list[str] | None:
    """`trade CAT CARD <TAB>`: the cats in that cat's big square (core's trade_partners); at
    the Taverne (no map) every other hero."""
    from claw.core.msm.loot import trade_partners

    found = _figure(state, words[0]) if words else None
    if found is None:
        return None
    if not state.get("map") or state.get("campaign"):
        return [f for f, fig in state.get("figures", {}).items() if fig.get("side") == "cat" and f != found[0]]
    return trade_partners(state, _board(state), found[0])
