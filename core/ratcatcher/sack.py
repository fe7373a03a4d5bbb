"""The Rat Sack: drawing rats, black-rat chains, and the Rat Recovery Process.

A draw picks one of the tokens in the sack uniformly: ``dice.draw(1, total)`` and the
tokens are counted brown, then black, then white. So a physical ``--dice`` value names
"the k-th token" and a seed replays exactly. ``TypedDraws`` instead takes the colours
players pulled from a real sack (``--draws``).
"""

from __future__ import annotations

from claw.core.draws import take_colour
from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.outcome import Outcome
from claw.core.ratcatcher.city import COLOURS, active_cards, card_of, common_count
from claw.core.ratcatcher.rewards import apply_reward, describe


class SackEmpty(Exception):
    """Raised internally when a draw finds the sack empty even after recovery."""


def sack_total(state: dict) -> int:
    """Rat tokens in the sack."""
    return sum(state["sack"].values())


class TypedDraws:
    """A dice source whose rat-sack draws are the colours players pulled from a real
    sack (``--draws brown,black``), in order; every other draw goes to ``dice``."""

    def __init__(self, dice, colours: list[str]) -> None:
        self.dice, self.colours, self.used = dice, list(colours), 0
        self.table_draws = getattr(dice, "table_draws", None)  # --draw sack=… still applies

    def draw(self, low: int, high: int, label: str = "") -> int:
        return self.dice.draw(low, high, label)

    def die(self, sides: int) -> int:
        return self.dice.die(sides)

    def shuffle(self, items: list) -> list:
        return self.dice.shuffle(items)

    def next_colour(self, sack: dict) -> str:
        """The next typed colour, refused when none is left or the sack holds none of it."""
        if self.used >= len(self.colours):
            raise UsageError(f"not enough --draws: a rat was drawn from the sack after {self.used} given colour(s)")
        colour = self.colours[self.used]
        if not sack.get(colour):
            raise IllegalAction(f"the Rat Sack holds no {colour} rat (draw #{self.used + 1} of --draws): "
                                f"{quoted(colour)}")
        self.used += 1
        return colour

    @property
    def remaining(self) -> int:
        return len(self.colours) - self.used


def sack_ranges(sack: dict) -> str:
    """Which token numbers are which colour, for a player typing ``--dice``:
    ``"brown 1-23, black 24-35, white 36-62"``."""
    parts, first = [], 1
    for c in COLOURS:
        if sack[c]:
            parts.append(f"{c} {first}-{first + sack[c] - 1}")
            first += sack[c]
    return ", ".join(parts)


def draw_colour(state: dict, dice) -> str:
    """Draw one token from the sack (module docstring) and return its colour."""
    sack = state["sack"]
    typed = take_colour(dice, "sack", sack)
    if typed is not None:
        return typed
    if isinstance(dice, TypedDraws):
        colour = dice.next_colour(sack)
        sack[colour] -= 1
        return colour
    total = sum(sack.values())
    k = dice.draw(1, total, f"rat sack token (1..{total}: {sack_ranges(sack)})")
    for colour in COLOURS:
        if k <= sack[colour]:
            sack[colour] -= 1
            return colour
        k -= sack[colour]
    raise AssertionError("unreachable")


def place_rats(state: dict, zone: str, dice, out: Outcome, why: str, recover: bool = True,
               reward: int | None = None) -> list[str]:
    """Draw one rat into ``zone``; every black rat placed draws one more (Setup 5, 2.6).

    Returns the colours placed. Raises ``SackEmpty`` when the sack stays empty.
    """
    placed: list[str] = []
    pending = 1
    while pending:
        if sack_total(state) == 0 and not (recover and recover_rats(state, out, reward)):
            out.add("spawn-short", f"the Rat Sack is empty: no rat for {zone} ({why})", zone=zone)
            if placed:
                out.add("spawn", f"{why}: {', '.join(placed)} into {zone}", zone=zone, colours=placed)
            raise SackEmpty(zone)
        colour = draw_colour(state, dice)
        state["zones"][zone]["rats"][colour] += 1
        placed.append(colour)
        pending -= 1
        if colour == "black":
            pending += 1
    chain = " (black rats bring one more each)" if "black" in placed else ""
    out.add("spawn", f"{why}: {', '.join(placed)} into {zone}{chain}", zone=zone, colours=placed)
    return placed


def return_zone_rats(state: dict, zone: str, colours=COLOURS) -> int:
    """Put a zone's common rats of ``colours`` back in the sack; returns how many."""
    n = 0
    for c in colours:
        k = state["zones"][zone]["rats"][c]
        state["sack"][c] += k
        state["zones"][zone]["rats"][c] = 0
        n += k
    return n


def card_rats(state: dict, card: str) -> int:
    """Common rats on township ``card``."""
    return sum(common_count(z) for zid, z in state["zones"].items() if card_of(zid) == card)


def ensure_rats(state: dict, need: int, out: Outcome, choice: int | None = None) -> None:
    """*Run Out of Rats?* before a spawn of ``need`` draws: when the sack holds fewer,
    run the recovery steps until it holds enough (or every step is spent; the draws then
    take what there is). Black-rat chains cannot be foreseen: ``place_rats`` recovers
    again if one empties the sack."""
    if need > 0 and sack_total(state) < need:
        recover_rats(state, out, choice, need)


def recover_rats(state: dict, out: Outcome, choice: int | None = None, need: int = 1) -> bool:
    """*Run Out of Rats?*: apply the recovery steps in order, each in full, until the
    sack holds ``need`` rats ("until all Spawning can be fulfilled").

    ``choice`` is the player's force-tally reward (1-based), if affordable. Returns True
    when the sack holds ``need`` rats.
    """
    opts = state["options"]
    # Step 1: rats on townships that are not active go back.
    active = active_cards(state)
    n = sum(return_zone_rats(state, zid) for zid in state["zones"] if card_of(zid) not in active)
    out.add("recovery", f"recovery step 1: {n} rat(s) from inactive townships return to the sack",
            step=1, returned=n)
    if sack_total(state) >= need:
        return True
    # Step 2: force tally.
    tally = state["tallyman"]["rats"]
    n = sum(tally.values())
    for c in COLOURS:
        state["sack"][c] += tally[c]
        tally[c] = 0
    table = state["tallyman"]["rewards"]
    reward = best_affordable(table, n)
    if choice is not None and 1 <= choice <= len(table) and table[choice - 1]["rats"] <= n:
        reward = table[choice - 1]
    alts = [describe(r["reward"]) for r in table if r["rats"] <= n and r is not reward]
    out.add("recovery", f"recovery step 2: force tally returns {n} rat(s) from the Tallyman",
            step=2, returned=n, alternatives=alts)
    if reward is not None:
        apply_reward(state, reward["reward"], out, f"force tally reward ({reward['rats']} rats)")
    if sack_total(state) >= need:
        return True
    # Step 3: the least (or lowest-numbered, by option) populated township without the Ratcatcher.
    rc_card = card_of(state["ratcatcher"]["zone"])
    while sack_total(state) < need:
        populated = [c for c in state["city"] if c != rc_card and card_rats(state, c) > 0]
        if not populated:
            out.add("recovery", "recovery step 3: no other township holds rats", step=3, returned=0)
            return sack_total(state) >= need
        if opts.get("recovery_lowest", "fewest-rats") == "lowest-number":
            card = min(populated, key=int)
        else:
            card = min(populated, key=lambda c: (card_rats(state, c), int(c)))
        n = sum(return_zone_rats(state, zid) for zid in state["zones"] if card_of(zid) == card)
        out.add("recovery", f"recovery step 3: {n} rat(s) from township #{card} return to the sack",
                step=3, returned=n, card=card)
    return True


def best_affordable(rewards: list[dict], rats: int):
    """The default when the player claims one reward: the costliest they can pay for."""
    ok = [r for r in rewards if r["rats"] <= rats]
    return max(ok, key=lambda r: r["rats"]) if ok else None
