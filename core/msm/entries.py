"""Rulebook entries ("Read Entry", "Entries"): apply the effects claw can apply and
list the steps the players do by hand. The entries and their effects are data
(``data/msm/entries.yaml``)."""

from __future__ import annotations

import copy

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.msm.attack import MAX_SCRATCH  # the Scratch Rule's team maximum, 3
from claw.core.msm.playstate import cat, event
from claw.core.outcome import Outcome, begin


def find_entry(entries: dict, number: int) -> dict:
    for entry in entries["entries"]:
        if entry["number"] == number:
            return entry
    known = ", ".join(str(e["number"]) for e in entries["entries"])
    raise UsageError(f"no entry #{number} in the rulebook (entries: {known})")


def named_entries(state: dict) -> list[int]:
    """The entries the state's scenario names (its file's ``entries:``): reading one of
    them applies it; any other entry is only looked up unless the table says --apply."""
    return list((state.get("scenario") or {}).get("entries") or [])


def applied_entries(state: dict) -> list[int]:
    """The entries applied so far in this scenario, in the order they were applied."""
    return list(state.get("entries_read") or [])


def apply_entry(state: dict, entries: dict, number: int, hero: str | None = None) -> Outcome:
    """Read entry ``number``: its summary, then each effect (``hero`` receives items and
    ends its activation; default: the active cat). The state records the entry as applied
    (an entry's effects happen once: a second time is refused)."""
    entry = find_entry(entries, number)
    if number in applied_entries(state):
        raise IllegalAction(f"entry #{number} is already applied in this scenario (claw show lists it)")
    out = begin(state)
    st = out.state
    st["entries_read"] = applied_entries(st) + [number]
    events = out.events   # the outcome's own list: appended to below
    events.append(event("entry", f"Entry #{number}: {entry['summary']}", entry=number))
    who = hero or st.get("active")
    for eff in entry["effects"]:
        kind = eff["type"]
        if kind == "manual":
            events.append(event("entry-manual", f"By hand: {eff['text']}", entry=number))
        elif kind == "spawns-off":
            st["spawns_off"] = number  # which entry did it: `claw show` says so
            events.append(event("spawns-off", "All spawn points are now inactive.", entry=number))
        elif kind == "scratch":
            present = [h for h in eff.get("unless_heroes", []) if h in st["figures"]]
            if present:
                events.append(event("entry-skip", f"No scratch tokens: {', '.join(present)} plays.", entry=number))
                continue
            have = st.get("scratch_tokens", 0)
            st["scratch_tokens"] = min(MAX_SCRATCH, have + eff["count"])
            events.append(event("scratch-take", f"The team receives {eff['count']} scratch token(s):"
                                f" {have} → {st['scratch_tokens']} (maximum {MAX_SCRATCH}).",
                                tokens=st["scratch_tokens"]))
        elif kind == "gain-item":
            if not who:
                raise UsageError(f"entry #{number} gives an item: say which cat receives it (--hero CAT)")
            cid, fig = cat(st, who)
            fig.setdefault("loot", []).append(copy.deepcopy(eff["item"]))
            events.append(event("gain-item", f"{cid} receives a {eff['item']['name']}.", figure=cid,
                                item=eff["item"]["id"]))
        elif kind == "end-activation":
            if not who:
                raise UsageError(f"entry #{number} ends a cat's turn: say which cat (--hero CAT)")
            cid, fig = cat(st, who)
            if st.get("active") == cid or fig.get("ap"):
                from claw.core.msm.rounds import end_activation

                events += end_activation(st, cid)
                fig["activated"] = True
        else:  # pragma: no cover - the schema admits no other type
            raise IllegalAction(f"unknown entry effect {quoted(kind)}")
    return out
