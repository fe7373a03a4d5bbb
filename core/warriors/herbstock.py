"""The party's herb stock (Knacks, Herb Lore: fresh herbs stay good for a week, dried
herbs for two; a third Herb Lore pick doubles both). Kept only once a cat gathers herbs
(`claw gather`); without a stock, `claw heal --herbs` trusts the GM that the herbs are at hand."""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.outcome import Outcome, begin

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


def portions(state: dict, keeper: str | None = None) -> list[dict]:
    """The herb stock grouped for `claw show` (of one ``keeper`` when named): ``{"herb",
    "dried", "through" (the last good day), "good" (still good today), "count"}``, in
    the order first gathered."""
    cats, day = state["cats"], state["day"]
    groups: dict = {}
    for e in state.get("herbs") or []:
        if keeper is not None and e["keeper"] != keeper:
            continue
        through = e["day"] + keep_days(cats.get(e["keeper"]), e["dried"]) - 1
        key = (e["herb"], e["dried"], through)
        if key not in groups:
            groups[key] = {"herb": e["herb"], "dried": e["dried"], "through": through, "good": through >= day,
                           "count": 0}
        groups[key]["count"] += 1
    return list(groups.values())


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


def gather_herbs(state: dict, rules, cat_id: str, herbs: list[str], count: int = 1, dried: bool = False) -> Outcome:
    """A cat gathers ``count`` portions of each herb into the party's stock today (Knacks:
    Herb Lore, "fresh herbs stay good for a week; dried herbs … two weeks"); a cat that is
    not up and about cannot. ``info``: ``keep`` (the days the herbs stay good)."""
    out = begin(state)
    s = out.state
    cat = s["cats"][cat_id]
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']} and cannot gather herbs: {cat['id']}")
    if count < 1:
        from claw.core.errors import UsageError
        raise UsageError("--count is at least 1")
    day = s["day"]
    stock = s.get("herbs", [])
    for h in herbs:
        stock = gather(stock, h, cat_id, day, dried, count)
    s["herbs"] = stock
    keep = keep_days(cat, dried)
    out.info["keep"] = keep
    out.add("gather", f"{cat['name']} gathers {', '.join(rules.herbs[h]['name'] for h in herbs)}"
            + (f" x{count}" if count > 1 else "") + f" ({'dried' if dried else 'fresh'}, good through day "
            f"{day + keep - 1})", cat=cat_id, herbs=herbs, count=count, dried=dried, day=day, keep=keep)
    return out
