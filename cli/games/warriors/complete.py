"""Tab completion in the situation, for Warriors: the ``among`` hooks of the specs
(claw.cli.framework.spec.Arg), asking core what the command would allow; None when the
state cannot tell. Loaded only when completing."""

from __future__ import annotations


def _cat(state: dict, word: str) -> str | None:
    return next((c for c in state.get("cats", {}) if c.casefold() == word.casefold()), None)


def knacks(state: dict, words: list[str]) -> list[str] | None:
    """`knack CAT <TAB>`: the knacks that cat knows and may use on its own (core's choosable)."""
    from claw.cli.games.warriors.data import rules
    from claw.core.warriors.knacks import choosable

    cid = _cat(state, words[0]) if words else None
    return choosable(state["cats"][cid], rules()) if cid else None


def known_knacks(state: dict, words: list[str]) -> list[str] | None:
    """`--knack <TAB>` after a CAT: the knacks that cat knows."""
    cid = _cat(state, words[0]) if words else None
    return [k for k, lvl in state["cats"][cid]["knacks"].items() if lvl] if cid else None


def targets(state: dict, words: list[str]) -> list[str] | None:
    """`attack ATTACKER <TAB>`: the cats it may attack (core's targets)."""
    from claw.core.warriors.fight import targets as may_attack

    cid = _cat(state, words[0]) if words else None
    return may_attack(state, cid) if cid else None


def growth_knacks(state: dict, words: list[str]) -> list[str] | None:
    """`grow CAT --knack <TAB>`: the knacks that cat may choose now (core's knack_choices)."""
    from claw.cli.games.warriors.data import rules
    from claw.core.warriors.sunrise import knack_choices

    cid = _cat(state, words[0]) if words else None
    return knack_choices(state["cats"][cid], rules()) if cid else None


def joiners(state: dict, words: list[str]) -> list[str]:
    """`fight --join <TAB>`: the cats that may join the fight in progress (core's joiners)."""
    from claw.core.warriors.fight import joiners as may_join

    return may_join(state)
