"""Attack dice, hit allocation, bites, and exact odds (rulebook 1.3, 2.3, *Nemesis Rats*).

A die at or above the accuracy is a hit; a 6 is a *mortal wound*: it hits whatever the
accuracy and wounds regardless of Defence. Ruling R3 (docs/rules/ratcatcher.md): a 6 is
counted as a mortal wound only, not also as an ordinary hit toward beating Defence.
"""

from __future__ import annotations

from math import comb

from claw.core.errors import quoted

MORTAL = 6
# Equal-cost rats are taken in this order by the default allocation (ruling R4).
KIND_ORDER = {"nemesis": 0, "peculiar": 1, "black": 2, "brown": 3, "white": 4}


class Target:
    """One thing in the target zone that hits can be allocated to.

    ``kind``: brown / black / white / peculiar / nemesis; ``id``: the colour for common
    rats, the card id for a Peculiar Rat, "nemesis"; common and Peculiar rats have one
    wound. (Plain classes, not dataclasses: they cost import time on every command.)
    """

    __slots__ = ("kind", "id", "defence", "wounds")

    def __init__(self, kind: str, id: str, defence: int, wounds: int = 1) -> None:
        self.kind, self.id, self.defence, self.wounds = kind, id, defence, wounds

    def __repr__(self) -> str:
        return f"Target({self.kind!r}, {self.id!r}, {self.defence}, {self.wounds})"

    @property
    def label(self) -> str:
        return self.id if self.kind in ("peculiar", "nemesis") else f"{self.kind} rat"


class Allocation:
    """Hits given to one target: ``hits`` ordinary hits and ``mortal`` 6s."""

    __slots__ = ("target", "hits", "mortal")

    def __init__(self, target: Target, hits: int = 0, mortal: int = 0) -> None:
        self.target, self.hits, self.mortal = target, hits, mortal

    @property
    def wounds(self) -> int:
        return max(0, self.hits - self.target.defence) + self.mortal

    @property
    def captured(self) -> bool:
        return self.wounds >= self.target.wounds


class AttackResult:
    """An attack's rolls, accuracy, allocations, and the hits that found no target."""
    __slots__ = ("rolls", "accuracy", "allocations", "wasted_hits", "wasted_mortal", "alternatives")

    def __init__(self, rolls, accuracy, allocations=None, wasted_hits=0, wasted_mortal=0, alternatives=None):
        self.rolls, self.accuracy = rolls, accuracy
        self.allocations = allocations or []
        self.wasted_hits, self.wasted_mortal = wasted_hits, wasted_mortal
        self.alternatives = alternatives or []

    @property
    def hits(self) -> int:
        return sum(1 for r in self.rolls if self.accuracy <= r < MORTAL)

    @property
    def mortal(self) -> int:
        return sum(1 for r in self.rolls if r >= MORTAL)

    @property
    def misses(self) -> int:
        return len(self.rolls) - self.hits - self.mortal


def count_hits(rolls: list[int], accuracy: int) -> tuple[int, int]:
    """(ordinary hits, mortal wounds) of a roll."""
    mortal = sum(1 for r in rolls if r >= MORTAL)
    hits = sum(1 for r in rolls if accuracy <= r < MORTAL)
    return hits, mortal


def _cost(t: Target) -> int:
    return t.defence + 1


def default_allocation(targets: list[Target], hits: int, mortal: int) -> tuple[list[Allocation], int, int, list[str]]:
    """Allocate to capture the most rats (ruling R4).

    If everything together would slay the Nemesis, it all goes there (that wins the
    game). Otherwise 6s go to the toughest rats, ordinary hits to the cheapest ones, and
    whatever is left wounds the Nemesis if present. Returns (allocations, wasted hits,
    wasted mortal, alternatives).
    """
    nemesis = next((t for t in targets if t.kind == "nemesis"), None)
    rats = [t for t in targets if t.kind != "nemesis"]
    if nemesis is not None:
        whole = Allocation(nemesis, hits, mortal)
        if whole.captured:
            others = [t.label for t in rats]
            alts = [f"capture rats instead ({', '.join(others)})"] if others else []
            return [whole], 0, 0, alts
    allocs: list[Allocation] = []
    order = sorted(rats, key=lambda t: (-t.defence, KIND_ORDER[t.kind]))
    taken: set[int] = set()
    for t in order:
        if mortal == 0:
            break
        if t.defence == 0 and hits > 0:
            break  # a 6 on a defence-0 rat is no better than an ordinary hit
        allocs.append(Allocation(t, 0, 1))
        taken.add(id(t))
        mortal -= 1
    cheap = sorted((t for t in rats if id(t) not in taken), key=lambda t: (t.defence, KIND_ORDER[t.kind]))
    left_over: list[Target] = []
    for t in cheap:
        if hits >= _cost(t):
            allocs.append(Allocation(t, _cost(t), 0))
            hits -= _cost(t)
        elif mortal:
            allocs.append(Allocation(t, 0, 1))
            mortal -= 1
        else:
            left_over.append(t)
    alternatives = _alternatives(allocs, left_over)
    if nemesis is not None and (hits or mortal):
        allocs.append(Allocation(nemesis, hits, mortal))
        hits = mortal = 0
    return allocs, hits, mortal, alternatives


def _alternatives(allocs: list[Allocation], left: list[Target]) -> list[str]:
    """Name equal-cost swaps the player could have chosen instead."""
    out = []
    for t in left:
        for a in allocs:
            if a.target.kind != t.kind and a.target.defence == t.defence:
                out.append(f"{t.label} instead of {a.target.label}")
                break
    return sorted(set(out))


def parse_assign(text: str) -> list[tuple[str, int | None]]:
    """``"nemesis,brown:2,white"`` → [("nemesis", None), ("brown", 2), ("white", None)]."""
    from claw.core.errors import UsageError

    out: list[tuple[str, int | None]] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, _, n = item.partition(":")
        if n:
            if not n.isdigit() or int(n) < 1 or int(n) > 100:
                raise UsageError(f"--assign hit count must be a whole number 1..100: {quoted(item)}")
            out.append((name, int(n)))
        else:
            out.append((name, None))
    if not out:
        raise UsageError(f"--assign names no target: {quoted(text)}")
    return out


def chosen_allocation(targets: list[Target], hits: int, mortal: int, plan: list[tuple[str, int | None]]):
    """Allocate in the player's order (ruling R4a).

    ``brown`` (a kind or id without a count) means every such rat in the zone, one after
    another while hits last, each given what captures it (a 6 if its Defence is above 0,
    else Defence+1 hits); a name given bare more than once (``brown,brown``) means one
    rat each time; the Nemesis without a count gets everything left. ``brown:2`` puts 2
    hits on one brown rat (ordinary hits before 6s); ``brown:1,brown:1`` puts one hit on
    each of two."""
    from claw.core.errors import IllegalAction

    pool = list(targets)
    allocs: list[Allocation] = []
    bare = [name for name, n in plan if n is None]
    for name, n in plan:
        matches = [x for x in pool if x.id == name or x.kind == name]
        if not matches:
            have = ", ".join(sorted({x.id for x in pool})) or "nothing"
            raise IllegalAction(f"no such target left in the zone (there is: {have}): {quoted(name)}")
        if n is not None or matches[0].kind == "nemesis" or bare.count(name) > 1:
            matches = matches[:1]
        for i, t in enumerate(matches):
            if i and not (hits or mortal):
                break
            pool.remove(t)
            if n is not None:
                h = min(n, hits)
                m = min(n - h, mortal)
            elif t.kind == "nemesis":
                h, m = hits, mortal
            elif t.defence > 0 and mortal:
                h, m = 0, 1
            elif hits >= _cost(t):
                h, m = _cost(t), 0
            elif mortal:
                h, m = 0, 1
            else:
                h, m = hits, 0
            hits -= h
            mortal -= m
            allocs.append(Allocation(t, h, m))
    return allocs, hits, mortal, []


def resolve_attack(rolls: list[int], accuracy: int, targets: list[Target], plan=None) -> AttackResult:
    """Count hits and allocate them: the player's ``plan`` (``parse_assign``) or the default (ruling R4)."""
    hits, mortal = count_hits(rolls, accuracy)
    if plan:
        allocs, wh, wm, alts = chosen_allocation(targets, hits, mortal, plan)
    else:
        allocs, wh, wm, alts = default_allocation(targets, hits, mortal)
    return AttackResult(rolls, accuracy, allocs, wh, wm, alts)


# ---- bites (2.3) -------------------------------------------------------------------

def common_bite_wounds(bites: list[int], defence: int) -> int:
    """Common rats: the summed Bite beats Defence → one wound, never more."""
    return 1 if sum(bites) > defence else 0


def peculiar_bite_wounds(bites: list[int], defence: int, each: bool = False) -> int:
    """Peculiar rats: one wound if any single Bite beats Defence (not added up); with
    ``each`` (ruling R24's option) one wound per Peculiar Rat whose Bite beats it."""
    beats = sum(1 for b in bites if b > defence)
    return beats if each else min(1, beats)


def nemesis_bite_wounds(rolls: list[int], accuracy: int, defence: int) -> int:
    """Nemesis: each hit beyond Defence wounds; each 6 wounds regardless (ruling R3)."""
    hits, mortal = count_hits(rolls, accuracy)
    return max(0, hits - defence) + mortal


# ---- exact odds (stateless helper) -----------------------------------------------------

def outcome_distribution(dice: int, accuracy: int) -> dict:
    """P(ordinary hits = h, mortal = m) for ``dice`` d6 at ``accuracy`` (multinomial)."""
    from fractions import Fraction  # imported here: fractions costs ~15 ms at start-up

    accuracy = max(1, min(accuracy, MORTAL))
    p_m = Fraction(1, 6)
    p_h = Fraction(MORTAL - accuracy, 6)
    p_x = 1 - p_m - p_h
    out: dict = {}
    for m in range(dice + 1):
        for h in range(dice - m + 1):
            x = dice - m - h
            ways = comb(dice, m) * comb(dice - m, h)
            p = ways * p_m**m * p_h**h * p_x**x
            if p:
                out[(h, m)] = p
    return out


def capture_odds(dice: int, accuracy: int, defence: int, rats: int = 1) -> dict:
    """Exact chances for an attack on ``rats`` identical rats of ``defence``."""
    from fractions import Fraction

    dist = outcome_distribution(dice, accuracy)
    captures: dict = {}
    for (h, m), p in dist.items():
        c = min(rats, m + h // (defence + 1))
        captures[c] = captures.get(c, Fraction(0)) + p
    at_least_one = sum((p for c, p in captures.items() if c >= 1), Fraction(0))
    mortal_any = sum((p for (h, m), p in dist.items() if m >= 1), Fraction(0))
    expected = sum((c * p for c, p in captures.items()), Fraction(0))
    return {
        "capture": at_least_one,
        "mortal": mortal_any,
        "captures": dict(sorted(captures.items())),
        "expected_captures": expected,
    }


def zone_odds(dice: int, accuracy: int, targets: list[Target]) -> dict:
    """Exact chances for an attack on a real zone, allocated by the default (ruling R4):
    how many rats are captured, and the chance the Nemesis (if there) is destroyed."""
    from fractions import Fraction

    captures: dict = {}
    slay = Fraction(0)
    for (h, m), p in outcome_distribution(dice, accuracy).items():
        allocs, _, _, _ = default_allocation(targets, h, m)
        c = sum(1 for a in allocs if a.captured and a.target.kind != "nemesis")
        captures[c] = captures.get(c, Fraction(0)) + p
        if any(a.captured for a in allocs if a.target.kind == "nemesis"):
            slay += p
    return {
        "capture": sum((p for c, p in captures.items() if c >= 1), Fraction(0)),
        "mortal": 1 - Fraction(5, 6) ** dice,
        "captures": dict(sorted(captures.items())),
        "expected_captures": sum((c * p for c, p in captures.items()), Fraction(0)),
        "slay_nemesis": slay,
    }
