"""Rewards from the Tallyman and from captured Peculiar Rat cards (1.6, *Peculiar Rats*).

A reward is a dict of gains: ``heal`` (wounds back, never above the maximum),
``health_tokens`` (held for ``claw heal``), ``attack`` / ``movement`` / ``traps``
(added to this turn's pools), ``tokens`` ({ability id: n}, capped at the ability's
maximum; the excess goes back to the Reserve).
"""

from __future__ import annotations

from claw.core.errors import IllegalAction, quoted
from claw.core.outcome import Outcome


def describe(reward: dict) -> str:
    """A reward in words (its own ``text`` if it has one)."""
    if reward.get("text"):
        return reward["text"]
    parts = []
    for key in ("heal", "health_tokens", "attack", "movement", "traps"):
        if reward.get(key):
            parts.append(f"+{reward[key]} {key.replace('_', ' ')}")
    for ab, n in reward.get("tokens", {}).items():
        parts.append(f"+{n} {ab} token(s)")
    return ", ".join(parts) or "nothing"


def wasted_heal(state: dict, reward: dict) -> int:
    """How much of a reward's ``heal`` finds no room below the wound maximum now."""
    rc = state["ratcatcher"]
    return max(0, reward.get("heal", 0) - max(0, rc["stats"]["wounds"] - rc["wounds"]))


def only_heal(reward: dict) -> bool:
    """The reward gives wounds back and nothing else."""
    return bool(reward.get("heal")) and not any(reward.get(k) for k in ("health_tokens", "attack", "movement",
                                                                          "traps", "tokens"))


def refuse_wasted_heal(state: dict, reward: dict, what: str) -> None:
    """A reward that only heals, taken at full wounds, would be lost: refused like
    ``claw heal`` at the maximum (ruling R30), so the rats stay on the Tallyman."""
    if only_heal(reward) and wasted_heal(state, reward) >= reward["heal"]:
        rc = state["ratcatcher"]
        raise IllegalAction(f"wounds already at the maximum ({rc['wounds']}/{rc['stats']['wounds']}): "
                            f"{what} ({describe(reward)}) would be wasted")


def apply_reward(state: dict, reward: dict, out: Outcome, source: str) -> None:
    """Give the Ratcatcher a Tallyman or Peculiar reward (module docstring). In place.
    A heal beyond the maximum is lost, and an event says so."""
    rc = state["ratcatcher"]
    if reward.get("heal"):
        before, lost = rc["wounds"], wasted_heal(state, reward)
        rc["wounds"] = min(rc["stats"]["wounds"], rc["wounds"] + reward["heal"])
        out.add("heal", f"{source}: wounds {before} → {rc['wounds']} (max {rc['stats']['wounds']})",
                before=before, after=rc["wounds"])
        if lost:
            out.add("heal-wasted", f"{source}: {lost} of the +{reward['heal']} heal is lost "
                    f"(wounds at the maximum, {rc['stats']['wounds']})", lost=lost)
    if reward.get("health_tokens"):
        rc["health_tokens"] += reward["health_tokens"]
    for key, pool in (("attack", "attack_dice"), ("movement", "movement"), ("traps", "traps")):
        if reward.get(key):
            rc[pool] += reward[key]
    for ab, n in reward.get("tokens", {}).items():
        give_tokens(state, ab, n, out, source)
    out.add("reward", f"{source}: {describe(reward)}", reward=reward, source=source)


def give_tokens(state: dict, ability: str, n: int, out: Outcome, source: str) -> int:
    """Add up to ``n`` tokens of an ability, never above its maximum; returns how many."""
    rc = state["ratcatcher"]
    ab = rc["abilities"].get(ability)
    if ab is None:
        out.add("tokens-lost", f"{source}: {rc['name']} has no ability {quoted(ability)}; tokens go to the Reserve")
        return 0
    room = ab["max"] - ab["tokens"] if ab["unlocked"] else 0  # ruling R8: locked holds none
    got = max(0, min(n, room))
    ab["tokens"] += got
    if got < n:
        out.add("tokens-excess", f"{source}: {n - got} {ability} token(s) over capacity return to the Reserve")
    return got
