"""The effect vocabulary boards give claw (ruling R17a, docs/rules/ratcatcher.md).

The rulebook prints no trap ability, ability token or Nemesis special: the boards do.
A board entry's ``effect:`` says, in a small fixed vocabulary, what claw applies; its
``text`` (or the Nemesis's ``special``) is shown, and anything the vocabulary cannot say
stays text for the table. The keys, by where they stand:

ability (spent, lasts until the next recoup): ``attack`` +N dice, ``movement`` +N,
``defence`` +N, ``accuracy`` ±N (added to the number a die needs: -1 hits one lower),
``heal`` N wounds, ``place`` (a token goes in the current or an adjacent zone);
placed token (its zone, until clean-up): ``stop`` (common rats there skip their 2.1
move), ``lure`` (common rats move toward it instead of their target), ``wound: N`` (the
Nemesis ending 2.1 there takes N wounds, whatever its Defence);
trap (when it triggers in 2.2): ``wound: N`` (N wounds to a Nemesis in its zone,
whatever its Defence), besides the trap's own ``attack`` dice and ``accuracy``;
Nemesis (while on the board): ``regenerate``, ``movement``, ``summon`` (R17), ``attack``
+N bite dice, ``accuracy`` ±N, ``defence`` +N, ``wound: N`` (a bite that wounds deals N
more), ``cheese: N`` (a bite that wounds also advances the Rat Tracker N spaces, as if
the rats had eaten N cheese).
"""

from __future__ import annotations

from claw.core.outcome import Outcome

ABILITY_KEYS = ("attack", "movement", "defence", "accuracy", "heal", "place", "stop", "lure", "wound")
TRAP_KEYS = ("wound",)
NEMESIS_KEYS = ("regenerate", "movement", "summon", "attack", "accuracy", "defence", "wound", "cheese")


def clamp_accuracy(n: int) -> int:
    """A d6 roll needs 1..6."""
    return max(1, min(6, n))


def accuracy(state: dict) -> int:
    """The Ratcatcher's accuracy now: the board's value and this round's ability change."""
    rc = state["ratcatcher"]
    return clamp_accuracy(rc["stats"]["accuracy"] + rc.get("accuracy_bonus", 0))


def nemesis_effect(state: dict, key: str) -> int:
    return int(state["nemesis"].get("effect", {}).get(key, 0) or 0)


def nemesis_bite(state: dict) -> tuple[int, int]:
    """Bite dice and accuracy of the Nemesis, its special's ``attack``/``accuracy`` added."""
    s = state["nemesis"]["stats"]
    dice = s["bite"] + nemesis_effect(state, "attack")
    return dice, clamp_accuracy(s["accuracy"] + nemesis_effect(state, "accuracy"))


def nemesis_defence(state: dict) -> int:
    return state["nemesis"]["stats"]["defence"] + nemesis_effect(state, "defence")


def _placed(state: dict, key: str) -> list[tuple[str, dict, str]]:
    """(zone, effect, name) of every placed token whose ability has ``key``, in placing order."""
    boards = {a["id"]: a for a in state["ratcatcher"]["board"]["abilities"]}
    out = []
    for p in state.get("placed", []):
        a = boards.get(p["ability"], {})
        eff = a.get("effect", {})
        if eff.get(key):
            out.append((p["zone"], eff, a.get("name", p["ability"])))
    return out


def stopped_zones(state: dict) -> dict[str, str]:
    """Zones whose common rats skip their move this turn (a placed ``stop`` token): zone → token name."""
    return {zone: name for zone, _, name in _placed(state, "stop")}


def lure(state: dict) -> tuple[str, str] | None:
    """The zone (and token name) common rats move toward instead of their target: the
    first ``lure`` token placed this turn."""
    found = _placed(state, "lure")
    return (found[0][0], found[0][2]) if found else None


def token_wounds(state: dict, out: Outcome) -> None:
    """After 2.1: a Nemesis standing on a placed ``wound`` token's zone takes its wounds. In place."""
    nem = state["nemesis"]
    for zone, eff, name in _placed(state, "wound"):
        if nem.get("zone") == zone and not nem.get("slain"):
            wound_nemesis(state, int(eff["wound"]), out, f"{name} in {zone}")


def wound_nemesis(state: dict, n: int, out: Outcome, why: str) -> None:
    """``n`` wounds on the Nemesis whatever its Defence; at 0 it is destroyed. In place."""
    nem = state["nemesis"]
    dealt = min(n, nem["wounds"])
    if dealt <= 0:
        return
    nem["wounds"] -= dealt
    out.add("nemesis-wound", f"{why}: the Nemesis takes {dealt} wound(s), {nem['wounds']} left",
            wounds=dealt, left=nem["wounds"])
    if nem["wounds"] <= 0:
        destroy_nemesis(state, out)


def destroy_nemesis(state: dict, out: Outcome) -> None:
    """*Wounding a Nemesis*: at 0 wounds it is destroyed and leaves the board (the game is
    won at the next win/loss check). In place."""
    nem = state["nemesis"]
    nem["slain"], nem["zone"] = True, None
    out.add("nemesis-slain", f"{nem['name']} is destroyed!")
