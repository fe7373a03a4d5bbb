"""Attack dice, modifiers and results ("Cat Attack", "Attack Modifiers",
"Attack Results", "Rat Attack" in the Cats of Mont Saint-Michel rulebook).

This module works from numbers only: how many d12, the stun and wound values and
the modifiers. Applying a result to figures on a board lives in ``attack.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from claw.core.errors import UsageError
from claw.core.outcome import Outcome

DIE = 12
MAX_ATTACK_DICE = 20
MISS, STUN, WOUND, NATURAL_ONE = "miss", "stun", "wound", "natural-1"

# Fixed modifiers from the "Attack Modifiers" table.
STUNNED_RAT = 3
HINDERING = -2
VULNERABLE_CAT = 2


@dataclass(frozen=True)
class Modifier:
    """One attack modifier, kept separate so the explanation can show each."""

    label: str
    value: int
    rule: str = "Attack Modifiers"

    def text(self) -> str:
        return f"{self.value:+d} {self.label}"


@dataclass(frozen=True)
class Profile:
    """What an attack needs: dice, thresholds, range (None when unknown)."""

    dice: int
    stun: int
    wound: int
    name: str = "attack"
    range: int | None = None

    def __post_init__(self) -> None:
        check_profile(self.dice, self.stun, self.wound)


def check_profile(dice: int, stun: int, wound: int) -> None:
    if not 1 <= dice <= MAX_ATTACK_DICE:
        raise UsageError(f"attack dice must be 1..{MAX_ATTACK_DICE}: {dice}")
    for name, value in (("stun", stun), ("wound", wound)):
        if not 1 <= value <= 99:
            raise UsageError(f"{name} value must be 1..99: {value}")


@dataclass
class DieResult:
    natural: int
    total: int
    outcome: str  # miss | stun | wound | natural-1
    rerolled_from: int | None = None
    automatic: bool = False  # made a success by a St. Gertrude medallion


@dataclass
class AttackRoll:
    profile: Profile
    modifiers: list[Modifier]
    dice: list[DieResult] = field(default_factory=list)

    @property
    def modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def wounds(self) -> int:
        return sum(1 for d in self.dice if d.outcome == WOUND)

    @property
    def stuns(self) -> bool:
        """A stun or a wound on any die stuns the target ("Attack Results")."""
        return any(d.outcome in (STUN, WOUND) for d in self.dice)

    @property
    def naturals(self) -> list[int]:
        return [d.natural for d in self.dice]

    @property
    def ones(self) -> int:
        return sum(1 for d in self.dice if d.natural == 1)

    def to_json(self) -> dict:
        return {
            "attack": self.profile.name,
            "stun": self.profile.stun,
            "wound": self.profile.wound,
            "modifiers": [{"label": m.label, "value": m.value} for m in self.modifiers],
            "modifier": self.modifier,
            "dice": [
                {"natural": d.natural, "total": d.total, "outcome": d.outcome}
                | ({"rerolled_from": d.rerolled_from} if d.rerolled_from else {})
                | ({"automatic": True} if d.automatic else {})
                for d in self.dice
            ],
            "stunned": self.stuns,
            "wounds": self.wounds,
        }


def judge_die(natural: int, modifier: int, stun: int, wound: int) -> str:
    """Outcome of one attack die: a natural 1 always misses; otherwise the
    modified result is compared with the wound value, then the stun value."""
    if natural == 1:
        return NATURAL_ONE
    total = natural + modifier
    if total >= wound:
        return WOUND
    if total >= stun:
        return STUN
    return MISS


def roll_attack(profile: Profile, modifiers: list[Modifier], dice, label: str = "d12 attack die") -> AttackRoll:
    """Roll one d12 per attack die and judge each ("Rolling Attack Dice")."""
    roll = AttackRoll(profile, list(modifiers))
    for i in range(profile.dice):
        natural = dice.draw(1, DIE, f"{label} #{i + 1}" if profile.dice > 1 else label)
        roll.dice.append(_die(natural, roll.modifier, profile))
    return roll


def reroll_die(roll: AttackRoll, index: int, dice, label: str = "scratch reroll d12") -> DieResult:
    """Reroll die ``index`` (0-based) of ``roll``, as a spent scratch token allows."""
    if not 0 <= index < len(roll.dice):
        raise UsageError(f"no attack die number {index + 1} to reroll")
    old = roll.dice[index]
    natural = dice.draw(1, DIE, label)
    new = _die(natural, roll.modifier, roll.profile)
    new.rerolled_from = old.natural
    roll.dice[index] = new
    return new


def _die(natural: int, modifier: int, profile: Profile) -> DieResult:
    outcome = judge_die(natural, modifier, profile.stun, profile.wound)
    return DieResult(natural, natural + modifier, outcome)


def roll_text(roll: AttackRoll) -> str:
    """One line: thresholds, every modifier, every die and its outcome."""
    p = roll.profile
    mods = ", ".join(m.text() for m in roll.modifiers) or "none"
    words = {NATURAL_ONE: "natural 1, a miss", MISS: "miss", STUN: "stun", WOUND: "wound and stun"}
    dice = "; ".join(f"{d.natural}" + (f" (reroll of {d.rerolled_from})" if d.rerolled_from else "")
                     + (f" {roll.modifier:+d} = {d.total}" if roll.modifier and d.natural != 1 else "")
                     + (" made an automatic success by a medallion" if d.automatic else "")
                     + f": {words[d.outcome]}" for d in roll.dice)
    return (f"{p.name}: {p.dice}d12, stun {p.stun}+, wound {p.wound}+; modifiers: {mods}. "
            f"Rolled {dice}.")


def attack_result(roll: AttackRoll, dice, *, reroll: list[int] | tuple[int, ...] = (), reroll_ones: bool = False,
                  roach: bool = False, health: int | None = None) -> Outcome:
    """An attack from numbers, with no board ("Attack Results"): the dice the players
    reroll (Scratch Rule: ``reroll``, 0-based, then every natural 1 with ``reroll_ones``),
    then the verdict. A stunned roach is removed (to the rat discard pile); with
    ``health``, wounds at least that many lives eliminate the target.

    No state (``state`` None); one ``attack`` event, the roll and its "Result: …";
    ``info``: ``roll``, ``result`` (the roll as JSON, with ``removed`` for a roach or
    ``eliminated`` given a health) and ``verdict`` (the result in words)."""
    for idx in reroll:
        reroll_die(roll, idx, dice)
    if reroll_ones:
        for i, d in enumerate(list(roll.dice)):
            if d.natural == 1:
                reroll_die(roll, i, dice)
    result = roll.to_json()
    verdict = f"{roll.wounds} wound(s) and a stun" if roll.wounds else "a stun" if roll.stuns else "no effect"
    hit = bool(roll.wounds or roll.stuns)
    if roach:
        # "Roach markers are removed from the map … if they are stunned": any stun, a wound stuns too
        result["removed"] = hit
        if hit:
            verdict += ": the roach is stunned, so it is removed (to the rat discard pile)"
    elif health is not None:
        result["eliminated"] = roll.wounds >= health
        if roll.wounds >= health:
            verdict += f": eliminated ({health} {'life' if health == 1 else 'lives'})"
    out = Outcome(None, roll=roll, result=result, verdict=verdict)
    out.add("attack", roll_text(roll) + f" Result: {verdict}.", **result)
    return out


def make_automatic(roll: AttackRoll, index: int = 0) -> DieResult:
    """A St. Gertrude medallion: one die counts as a success (the best result, a wound)."""
    d = roll.dice[index]
    d.outcome, d.automatic = WOUND, True
    return d


# --- exact odds ---------------------------------------------------------------


def die_chances(modifier: int, stun: int, wound: int) -> dict[str, Fraction]:
    """Chance that one d12 misses, stuns only, or wounds (wound stuns too)."""
    counts = {MISS: 0, STUN: 0, WOUND: 0}
    for natural in range(1, DIE + 1):
        outcome = judge_die(natural, modifier, stun, wound)
        counts[MISS if outcome == NATURAL_ONE else outcome] += 1
    return {k: Fraction(v, DIE) for k, v in counts.items()}


def wound_distribution(dice: int, p_wound: Fraction) -> dict[int, Fraction]:
    """Binomial distribution of the number of wounds over ``dice`` dice."""
    from math import comb

    q = 1 - p_wound
    return {k: comb(dice, k) * p_wound**k * q ** (dice - k) for k in range(dice + 1)}


@dataclass(frozen=True)
class Odds:
    stun: Fraction          # the target ends up stunned or worse (any stun or wound)
    wound: Fraction         # at least one wound
    eliminate: Fraction     # health reaches 0, or a roach is stunned
    per_die: dict[str, Fraction]
    wounds: dict[int, Fraction]

    def to_json(self) -> dict:
        def f(x: Fraction) -> dict:
            return {"fraction": f"{x.numerator}/{x.denominator}", "percent": round(float(x) * 100, 2)}

        return {
            "stun": f(self.stun),
            "wound": f(self.wound),
            "eliminate": f(self.eliminate),
            "per_die": {k: f(v) for k, v in self.per_die.items()},
            "wounds": {str(k): f(v) for k, v in self.wounds.items()},
        }


def attack_odds(profile: Profile, modifier: int, health: int = 1, roach: bool = False) -> Odds:
    """Exact chances of an attack ("Attack Results"): a stun, at least one wound,
    and elimination of a target with ``health`` lives left (a roach goes on a stun)."""
    per = die_chances(modifier, profile.stun, profile.wound)
    miss_all = per[MISS] ** profile.dice
    dist = wound_distribution(profile.dice, per[WOUND])
    p_stun = 1 - miss_all
    p_wound = 1 - dist[0]
    p_elim = p_stun if roach else sum((p for k, p in dist.items() if k >= health), Fraction(0))
    return Odds(p_stun, p_wound, p_elim, per, dist)
