"""Table corrections (`claw adjust`): set what the table says is true, as plain data edits.

A game declares what can be corrected as data (its adapter's ``ADJUST``):

    {"targets": [{"where": "figures", "kind": "dict", "keys": {...}}, ...],
     "game": {...keys of the `game` target...},
     "cards": ["loot.deck", ...]}          # where a card put in a hand comes from

``kind`` is ``dict`` (records keyed by id), ``list`` (records with an ``id``) or
``single`` (one record, found by ``names`` or its own ``id``). A key maps to a dotted
path inside the record, or to ``{"path": ..., ...}`` with:

- ``"pool": "sack.brown"``: a counted token taken from / given back to that pile, so a
  correction never makes or loses tokens;
- ``"order": true``: a deck whose order may change but not its cards;
- ``"cards": true``: card records (or one card), typed by id, exchanged with ``cards``;
- ``"type": "int" | "str" | "bool"``: how to read a value when the current one is null;
- ``"null": true``: ``none`` clears the value (a mouse out of every room);
- ``"records": {"day": "day"}``: a list of records typed by id; a new one gets those fields
  from the state (a disease caught today), a kept one keeps its own.

Values are read like the current value: a number, yes/no, text, ``none``, or a comma
list. Everything here is pure; the CLI checks the result against the game's schema
and state checks before anything is written, and runs the game's ``"check"`` (values play
never reaches) and ``"after"`` (what the values trigger in play) hooks, named in ``ADJUST``
and typed by the registry (``claw.cli.framework.adapter``).
"""

from __future__ import annotations

import copy
from typing import Any

from claw.core.draws import card_name
from claw.core.errors import IllegalAction, UnknownName, UsageError, quoted

NULLS = ("none", "null", "-")
TRUE, FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")


def _get(node: Any, path: str) -> Any:
    for step in path.split("."):
        if isinstance(node, dict) and step in node:
            node = node[step]
        else:
            raise KeyError(path)
    return node


def _set(node: dict, path: str, value: Any) -> None:
    *head, last = path.split(".")
    for step in head:
        node = node[step]
    node[last] = value


def find_target(state: dict, spec: dict, target: str) -> tuple[str, dict, dict]:
    """(id, record, keys) of ``target``: ``game`` or a figure/zone id (exit 2 when unknown)."""
    if target == "game":
        return "game", state, spec.get("game", {})
    known = []
    for place in spec.get("targets", []):
        try:
            holder = _get(state, place["where"])
        except KeyError:
            continue
        kind = place.get("kind", "dict")
        if kind == "dict":
            ids = list(holder)
            if target in holder:
                return target, holder[target], place["keys"]
        elif kind == "list":
            ids = [r["id"] for r in holder]
            for record in holder:
                if record["id"] == target:
                    return target, record, place["keys"]
        else:  # single
            ids = list(place.get("names", [])) + ([holder["id"]] if holder.get("id") else [])
            if target in ids:
                return target, holder, place["keys"]
        known += ids
    raise UnknownName(f"no figure, zone or record {quoted(target)} to adjust (ids: {', '.join(known)}; or game)",
                      target, [*known, "game"])


def _key_spec(keys: dict, key: str, target: str) -> dict:
    spec = keys.get(key)
    if spec is None:
        raise UnknownName(f"{target} has no adjustable {quoted(key)} (keys: {', '.join(keys) or 'none'})", key,
                          list(keys))
    return {"path": spec} if isinstance(spec, str) else spec


def _scalar(text: str, like: Any, kind: str | None, what: str, nullable: bool = False) -> Any:
    if text.lower() in NULLS and (like is None or nullable):
        return None
    if kind == "bool" or isinstance(like, bool):
        if text.lower() in TRUE:
            return True
        if text.lower() in FALSE:
            return False
        raise UsageError(f"{what} is yes or no: {quoted(text)}")
    if kind == "int" or (kind is None and isinstance(like, int)):
        try:
            return int(text)
        except ValueError:
            raise UsageError(f"{what} is a whole number: {quoted(text)}") from None
    if kind is None and like is None:
        try:
            return int(text)
        except ValueError:
            return text
    return text


def _items(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _card_sources(state: dict, spec: dict) -> list[list]:
    out = []
    for path in spec.get("cards", []):
        try:
            out.append(_get(state, path))
        except KeyError:
            continue
    return out


def _exchange_cards(state: dict, game_spec: dict, old: list[dict], ids: list[str], what: str) -> list[dict]:
    """The cards named by ``ids``: kept from ``old`` or taken from the card piles; cards
    no longer named go back to the first pile (the deck) so none is made or lost."""
    piles = _card_sources(state, game_spec)
    spare = list(old)
    chosen = []
    for cid in ids:
        card = next((c for c in spare if card_name(c) == cid), None)
        if card is not None:
            spare.remove(card)
        else:
            pile = next((p for p in piles if any(card_name(c) == cid for c in p)), None)
            if pile is None:
                left = sorted({card_name(c) for p in piles for c in p})
                there = ", ".join(left) or "none"
                raise IllegalAction(f"{what}: no card {quoted(cid)} in the deck or discard (there: {there})")
            card = next(c for c in pile if card_name(c) == cid)
            pile.remove(card)
        chosen.append(card)
    if spare:
        if not piles:
            raise IllegalAction(f"{what}: nowhere to put back {', '.join(card_name(c) for c in spare)}")
        piles[0][:0] = spare
    return chosen


def _on_top(deck: list, ids: list[str], what: str) -> list:
    """A deck's order corrected: the named cards on top in that order, the rest after
    them as they were. A deck keeps its cards, so each name must be one still in it."""
    rest = list(deck)
    top = []
    for cid in ids:
        i = next((k for k, c in enumerate(rest) if card_name(c) == cid), None)
        if i is None:
            left = ", ".join(sorted({card_name(c) for c in rest})) or "nothing"
            raise IllegalAction(f"{what}: {quoted(cid)} is not (or no more) in this deck (left: {left})")
        top.append(rest.pop(i))
    return top + rest


def _records(state: dict, old: list[dict], ids: list[str], fields: dict[str, str]) -> list[dict]:
    """A list of records named by id (a cat's diseases): a record kept keeps its fields, a
    new one gets ``fields`` read from the state (``{"day": "day"}``: caught today)."""
    twice = sorted({rid for rid in ids if ids.count(rid) > 1})
    if twice:
        raise UsageError(f"a record can be named once: {', '.join(map(quoted, twice))}")
    kept = {r["id"]: r for r in old}
    return [kept.get(rid) or {"id": rid, **{f: _get(state, p) for f, p in fields.items()}} for rid in ids]


def shown(value: Any) -> Any:
    """A value as the log records it: cards by id."""
    if isinstance(value, dict) and "id" in value:
        return card_name(value)
    if isinstance(value, list):
        return [shown(v) for v in value]
    return value


def apply_adjustments(state: dict, spec: dict, target: str, pairs: list[tuple[str, str]]) -> tuple[dict, list[dict]]:
    """A corrected copy of ``state`` and the changes (target, key, old, new) made."""
    st = copy.deepcopy(state)
    tid, record, keys = find_target(st, spec, target)
    changes = []
    for key, text in pairs:
        kspec = _key_spec(keys, key, tid)
        path, what = kspec["path"], f"{tid} {key}"
        try:
            old = _get(record, path)
        except KeyError:
            raise UsageError(f"{tid} has no {key} in this game state") from None
        new: Any
        if kspec.get("order"):
            new = _on_top(old, _items(text), what)
        elif kspec.get("cards"):
            if isinstance(old, list):
                new = _exchange_cards(st, spec, old, _items(text), what)
            else:
                ids = [] if text.lower() in NULLS else [text]
                picked = _exchange_cards(st, spec, [old] if old else [], ids, what)
                new = picked[0] if picked else None
        elif kspec.get("records") is not None:
            new = _records(st, old, [] if text.lower() in NULLS else _items(text), kspec["records"])
        elif isinstance(old, list):
            like = old[0] if old else None
            new = [_scalar(t, like, kspec.get("type"), what) for t in _items(text)]
        elif isinstance(old, dict):
            raise UsageError(f"{what} is not a single value; adjust its parts")
        else:
            new = _scalar(text, old, kspec.get("type"), what, kspec.get("null", False))
        if "pool" in kspec:
            pool = _get(st, kspec["pool"])
            moved = new - old
            if moved > pool:
                raise IllegalAction(f"{what}: {new} needs {moved} more from {kspec['pool']}, which holds {pool}")
            _set(st, kspec["pool"], pool - moved)
        _set(record, path, new)
        changes.append({"target": tid, "key": key, "old": shown(old), "new": shown(new)})
    return st, changes
