"""Ranks (rulebook: Ranks, Clan Ranks, BloodClan Ranks, Tribe Ranks): which ranks a cat's
Clan has, the one-per-Clan limits across a party, and a Clan leader's lives."""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.warriors.rules import Rules

NO_RANK = "none"
OUTSIDERS = frozenset({"loners", "kittypets"})      # "rogues, loners, and kittypets have no ranks"
ONE_PER_CLAN = ("leader", "deputy", "bloodclan-leader")        # "only one leader / deputy per Clan"
MAX_ELITES = 5                                                 # "normally 3-5 elites in a Clan"
LEADER = "leader"
LIVES = 9                                                      # "normally granted nine lives"


def rank_problem(clan: str, rank: str, rules: Rules) -> str | None:
    """Why ``rank`` is not a rank a cat of ``clan`` can hold, or None (Ranks)."""
    if rank == NO_RANK or rank not in rules.ranks or clan not in rules.clans:
        return None
    name = rules.clans[clan]["name"]
    if clan in OUTSIDERS:
        return f"rogues, loners and kittypets have no ranks; a cat of the {name} has rank none, not {quoted(rank)}"
    group = rules.ranks[rank]["group"]
    # BloodClan's ranks "are rather loose": its own or the Clan ranks; the Tribe has its own
    allowed = {"bloodclan": ("bloodclan", "clan"), "tribe": ("tribe",)}.get(clan, ("clan",))
    if group not in allowed:
        return f"{quoted(rank)} is a {group} rank, not one of the {name}'s"
    return None


def party_problems(cats: list[dict], rules: Rules) -> list[tuple[str, str]]:
    """(cat id, message) for every Clan rank limit a party breaks: one leader and one
    deputy per Clan, at most five elites (Clan Ranks, BloodClan Ranks)."""
    out = []
    seen: dict[tuple[str, str], list[str]] = {}
    for c in cats:
        seen.setdefault((c["clan"], c.get("rank", NO_RANK)), []).append(c["id"])
    for (clan, rank), ids in seen.items():
        clan_name = rules.clans[clan]["name"] if clan in rules.clans else clan
        if rank in ONE_PER_CLAN and len(ids) > 1:
            out.append((ids[1], f"there is only one {rank} per Clan; {', '.join(ids)} are all {rank}s of the "
                                f"{clan_name}"))
        if rank in ("elite", "bloodclan-elite") and len(ids) > MAX_ELITES:
            out.append((ids[MAX_ELITES], f"a Clan has 3-5 elites; the {clan_name} would have {len(ids)}: "
                                         f"{', '.join(ids)}"))
    return out


def lives_problem(rank: str, lives) -> str | None:
    """Clan Ranks, Leader: only a Clan leader has lives, at most nine (fewer while the
    previous leader still lives: one off for each life that leader keeps)."""
    if lives is None:
        return None
    if rank != LEADER:
        return f"only a Clan leader is granted lives; this cat's rank is {rank}"
    if not 1 <= lives <= LIVES:
        return f"a leader has 1 to {LIVES} lives (9, less one for each life the previous leader keeps): {lives}"
    return None


def lose_life(cat: dict, why: str) -> tuple[dict, list[dict]] | None:
    """A leader with more than one life left loses a life instead of dying: it stays
    knocked out at 0 HP with one life fewer. None when the cat has no life to spare."""
    lives = cat.get("lives")
    if not lives or lives <= 1:
        return None
    new = dict(cat, lives=lives - 1, status="knocked-out", hp=0)
    return new, [{"type": "life-lost", "cat": cat["id"], "lives": lives - 1, "cause": why,
                  "text": f"{cat['name']} would die of {why} but loses one of a leader's lives instead "
                          f"({lives - 1} left): knocked out at 0 HP"}]
