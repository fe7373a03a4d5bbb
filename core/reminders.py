"""Round reminders written in a scenario file (issue 23 item 9): ``reminders: [{round: 4,
when: start, text: ...}, {every: 2, from: 3, text: ...}]``, carried into the state by
`claw new`, said by `scenario-step` when a round starts or ends, and listed for the round
in hand (``due_reminders``, the status line's question).

A reminder is a note for the table, not a rule: claw says it and does nothing else.

Each game's round is read by a *clock* that puts a state on one line of ticks, three
per round: ``3r`` before round ``r`` has started (msm: its initiative not yet rolled),
``3r + 1`` while it runs, and the next round's ``3(r + 1)`` once it is over. A step from
one state to another passes the start of round ``r`` when it crosses ``3r + 1`` and its
end when it crosses ``3r + 2``.
"""

from __future__ import annotations

from claw.core.findings import error
from claw.core.outcome import Outcome

START, END = "start", "end"
GAMES = ("msm", "ratcatcher")   # the games whose scenario files take reminders


def _msm_clock(state: dict) -> int:
    rnd = state.get("round") or {}
    return 3 * rnd.get("number", 1) + (0 if state.get("phase", "initiative") == "initiative" else 1)


def _ratcatcher_clock(state: dict) -> int:
    # a Ratcatcher round starts with the Ratcatcher's turn; the rats' turn ends it and
    # starts the next at once (core/ratcatcher/turn.py)
    return 3 * state.get("round", 1) + 1


CLOCKS = {"msm": _msm_clock, "ratcatcher": _ratcatcher_clock}


def normalised(reminders: list[dict]) -> list[dict]:
    """The reminders as the state keeps them: ``when`` given (``start`` by default), and
    ``from`` given for a repeating one (its ``every`` by default: every 2 → rounds 2, 4, …)."""
    out = []
    for r in reminders:
        item = {"when": r.get("when", START), "text": r["text"]}
        if "round" in r:
            item["round"] = r["round"]
        else:
            item["every"] = r["every"]
            item["from"] = r.get("from", r["every"])
        out.append(item)
    return out


def applies(reminder: dict, round_number: int) -> bool:
    """Whether ``reminder`` is for round ``round_number``."""
    if "round" in reminder:
        return round_number == reminder["round"]
    first = reminder.get("from", reminder["every"])
    return round_number >= first and (round_number - first) % reminder["every"] == 0


def _events(reminders: list[dict], round_number: int, when: str) -> list[dict]:
    return [{"type": "reminder", "text": f"Reminder, {when} of round {round_number}: {r['text']}",
             "round": round_number, "when": when, "reminder": r["text"]}
            for r in reminders if r.get("when", START) == when and applies(r, round_number)]


def passed(game: str, before: dict | None, after: dict) -> Outcome:
    """The reminders a step from ``before`` to ``after`` passes (``before`` None: the game
    has just been set up), as ``reminder`` events in the order the rounds go; no state."""
    reminders = after.get("reminders") or []
    clock = CLOCKS.get(game)
    out = Outcome()
    if not reminders or clock is None:
        return out
    lo = clock(before) if before is not None else 0
    hi = clock(after)
    for rnd in range(max(1, lo // 3), hi // 3 + 1):
        for when, tick in ((START, 3 * rnd + 1), (END, 3 * rnd + 2)):
            if lo < tick <= hi:
                out.events += _events(reminders, rnd, when)
    return out


def due_reminders(game: str, state: dict) -> list[dict]:
    """The reminders of the round in hand (what a status line shows): each as ``{"round",
    "when", "text"}``, the start ones first. Empty when the game keeps none."""
    clock = CLOCKS.get(game)
    reminders = state.get("reminders") or []
    if clock is None or not reminders or state.get("outcome"):
        return []
    rnd = clock(state) // 3
    return [{"round": rnd, "when": when, "text": r["text"]}
            for when in (START, END) for r in reminders if r.get("when", START) == when and applies(r, rnd)]


def track_problems(reminders: list[dict] | None, last_round: int, code: str) -> list:
    """Reminders for a round past the end of a round track of ``last_round`` rounds (a
    repeating one that starts past it), each an error with ``code``."""
    out = []
    for i, r in enumerate(reminders or []):
        key = "round" if "round" in r else "from"
        first = r.get(key, r.get("every"))
        if isinstance(first, int) and first > last_round:
            what = "is for round" if key == "round" else "starts in round"
            out.append(error(("reminders", i, key if key in r else "every"),
                             f"reminder {what} {first}, but the round track has {last_round} rounds", code))
    return out
