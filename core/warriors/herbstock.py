"""The party's herb stock (Knacks, Herb Lore: fresh herbs stay good for a week, dried
herbs for two; a third Herb Lore pick doubles both). Kept only once a cat gathers herbs
(`claw gather`); without a stock, `claw heal --herbs` trusts the GM that the herbs are at hand."""

from __future__ import annotations

from claw.core.errors import IllegalAction

FRESH_DAYS = 7
DRIED_DAYS = 14


def keep_days(keeper: dict | None, dried: bool) -> int:
    """Days a herb stays good: a week fresh, two weeks dried; doubled when its keeper
    has taken Herb Lore three times or more."""
    days = DRIED_DAYS if dried else FRESH_DAYS
    if keeper is not None and keeper.get("knacks", {}).get("herb-lore", 0) >= 3:
        days *= 2
    return days


def good(entry: dict, cats: dict, day: int) -> bool:
    """Still good on ``day``: gathered on day G and kept K days, it is good through day G+K-1."""
    return day < entry["day"] + keep_days(cats.get(entry["keeper"]), entry["dried"])


def gather(stock: list, herb: str, keeper: str, day: int, dried: bool = False, count: int = 1) -> list:
    """A new stock with ``count`` more of ``herb`` gathered today by ``keeper``."""
    return [*stock, *({"herb": herb, "day": day, "dried": dried, "keeper": keeper} for _ in range(count))]


def spend(stock: list, herbs: list[str], cats: dict, day: int, rules) -> list:
    """A new stock with one good portion of each herb taken (the oldest first); refuses
    (exit 4) when a herb is missing or has gone bad, naming which."""
    left = list(stock)
    missing = []
    for h in herbs:
        ok = sorted((i for i, e in enumerate(left) if e["herb"] == h and good(e, cats, day)),
                    key=lambda i: left[i]["day"])
        if not ok:
            stale = any(e["herb"] == h for e in left)
            missing.append(rules.herbs[h]["name"] + (" (gone bad)" if stale else ""))
            continue
        left.pop(ok[0])
    if missing:
        raise IllegalAction("the herb stock has no good " + ", ".join(missing))
    return left
