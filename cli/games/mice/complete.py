"""Tab completion in the situation, for Mice and Mystics: the ``among`` hooks of the specs
(claw.cli.framework.spec.Arg). Loaded only when completing."""

from __future__ import annotations


def targets(state: dict, words: list[str]) -> list[str] | None:
    """`attack ATTACKER <TAB>`: the figures it may attack (core's targets)."""
    from claw.core.mice.combat import targets as may_attack

    return may_attack(state, words[0].lower()) if words else None
