"""Argument kinds: what a positional argument names (a figure, a square, a card, a zone,
a herb …), the names it can take in a game state, and the one check and "did you mean"
for all of them. Completion asks the same place for its candidates.

Commands declare their positionals in the specs (``Arg(name, kind)``). Before a handler
runs, dispatch parses the words here (:func:`parse_args`): each becomes a value of its kind
(a canonical id, a square, a number, a list of herbs) or the one error for its kind, with
the offending word and "did you mean" (exit 2; exit 4 where a name is the rules' business,
such as a card not in play). The handler reads the values with ``call.arg(NAME)`` and still
decides what the rules allow. A state too broken to name anything is left to the handler
(exit 3).
"""

from __future__ import annotations

from typing import Any

from claw.cli.framework.adapter import GAMES, GameHooks, game_hooks
from claw.cli.framework.spec import Arg, Command
from claw.core.errors import ClawError, IllegalAction, UsageError, quoted


def _hooks(game: str | None) -> GameHooks | None:
    """The game's kinds (claw.cli.games.<game>.hooks), or None for no game claw knows."""
    return game_hooks(game) if game in GAMES else None


def _data(path: str, key: str) -> list[str]:
    from claw.cli.formats.content import load_data

    return [row["id"] for row in load_data(path)[key]]


def _aliases(path: str, key: str) -> dict[str, str]:
    from claw.cli.formats.content import load_data

    return {alias: row["id"] for row in load_data(path)[key] for alias in row.get("aliases", ())}


def square_names(state: dict) -> list[str]:
    """Every square of the state's map by name (A1, B1, …)."""
    from claw.core.msm.squares import square_name

    rows = state.get("map", {}).get("rows", [])
    width = max((len(r) for r in rows), default=0)
    return [square_name((x, y)) for y in range(len(rows)) for x in range(width)]


# Each game's hooks module says which kinds it has and where their names come from:
# KINDS (kind → the names in a state), COMPLETE_KINDS (completion only: sets too large or
# too loose to refuse a word by), IN_PLAY, TABLE_KINDS (names from a data table).
LABELS = {"figure": "figure", "cat": "cat", "rat": "rat", "mouse": "mouse", "minion": "minion",
          "minion-kind": "minion kind", "room": "room", "card": "card", "zone": "zone", "trap": "trap",
          "ability": "ability", "slot": "upgrade or ability", "herb": "herb", "knack": "knack", "prey": "prey"}


def names(kind: str, game: str, state: dict | None, *, complete: bool = False) -> list[str] | None:
    """The names ``kind`` can take in this game's state, or None when unknown."""
    hooks = _hooks(game)
    if hooks is None:
        return None
    if kind in hooks.table_kinds:
        return _data(*hooks.table_kinds[kind])  # tables, not state
    if state is None and not complete:
        return None
    chooser = hooks.kinds.get(kind) or (hooks.complete_kinds.get(kind) if complete else None)
    return chooser({} if state is None else state) if chooser else None  # completing stateless: fixed names only


def place(spec_args: tuple[Arg, ...], given: int) -> list[Arg | None]:
    """Which declared argument each of ``given`` words fills: required ones always,
    optional ones left to right while words are spare, a ``many`` one takes the rest."""
    required = sum(1 for a in spec_args if not a.optional)
    spare = given - required
    out: list[Arg | None] = []
    for arg in spec_args:
        if len(out) >= given:
            break
        if arg.optional:
            if spare <= 0:
                continue
            spare -= 1
        if arg.many:
            out += [arg] * (given - len(out))
            break
        out.append(arg)
    return out + [None] * (given - len(out))


# -- parsing ------------------------------------------------------------------------------

# kinds that name one side of a game's figures: any figure parses (the handler says "not a
# cat", a rule, exit 4) but suggestions come from the kind's own names first
WIDER = {"cat": "figure", "rat": "figure", "place": "figure"}


def _table_key(word: str) -> str:
    """How the data tables read a typed name (any case, spaces, underscores or slashes)."""
    return word.strip().lower().replace(" ", "-").replace("_", "-").replace("/", "-")


def _known(kind: str, game: str, state: dict | None) -> list[str] | None:
    """The names a word of ``kind`` may take, or None when there is no finite set to check
    (no state, a kind without names in this game, a state too broken to read names from)."""
    try:
        return names(kind, game, state)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None  # a broken state: the handler's own check reports it (exit 3)


def _refusal(game: str, kind: str, word: str, known: list[str], own: list[str], wider: str | None) -> ClawError:
    """The kind's one error: the word, then the nearest of the kind's own names (``own``),
    else of all it may name (``known``: any figure for a cat), else the names to choose from."""
    from claw.cli.render.suggest import closest, hint, phrase

    near = closest(word, own)
    if not near and wider:
        near = closest(word, known)
        kind = wider if near else kind  # "no figure 'rat-11'; did you mean rat-1?"
    label = LABELS.get(kind, kind)
    hooks = _hooks(game)
    in_play = hooks is not None and kind in hooks.in_play  # the thing may exist but is not in play: a rule
    if hooks is not None and kind in hooks.table_kinds:
        head = f"unknown {label}: {quoted(word)}"
    elif in_play:
        head = f"no {label} {quoted(word)} in play"
    else:
        head = f"no {label} {quoted(word)} in this game"
    said = phrase(near) if near else hint(word, own, what=_plural(label))
    error = IllegalAction if in_play else UsageError
    return error(head + (f"; {said}" if said else ""))


def _plural(label: str) -> str:
    return {"prey": "prey", "upgrade or ability": "upgrades and abilities", "ability": "abilities",
            "mouse": "mice"}.get(label, label + "s")


def parse_name(kind: str, game: str, state: dict | None, word: str) -> str:
    """One name of ``kind``: its canonical spelling, or the kind's error. Without a set of
    names to check against (stateless, or a broken state) the word comes back stripped."""
    text = word.strip()
    hooks = _hooks(game)
    if hooks is not None and kind in hooks.table_kinds:
        path, key = hooks.table_kinds[kind]
        ids = _data(path, key)
        typed = _table_key(text)
        found = typed if typed in ids else _aliases(path, key).get(typed)
        if found is None:
            raise _refusal(game, kind, text, ids, ids, None)
        return found
    wider = WIDER.get(kind)
    known = _known(wider or kind, game, state)
    if known is None:
        return text
    by_fold = {k.casefold(): k for k in known}
    if text.casefold() in by_fold:
        return by_fold[text.casefold()]
    own = (_known(kind, game, state) if wider and kind != "place" else None) or known
    raise _refusal(game, kind if kind != "place" else "figure", text, known, own, wider)


def _map_size(state: dict | None) -> tuple[int, int] | None:
    try:
        rows = state["map"]["rows"]  # type: ignore[index]
        return max(len(r) for r in rows), len(rows)
    except (KeyError, TypeError, ValueError):
        return None


def parse_square(word: str, state: dict | None) -> tuple[int, int]:
    """A square name (``C7``) → (x, y), inside the state's map when there is one."""
    from claw.core.msm.squares import parse_square as parse
    from claw.core.msm.squares import square_name

    try:
        square = parse(word)
    except UsageError as exc:  # a misspelt square (B1O): the map's nearest names
        near = _near_square(word, state)
        raise UsageError(f"{exc}; {near}" if near else str(exc)) from None
    size = _map_size(state)
    if size and not (0 <= square[0] < size[0] and 0 <= square[1] < size[1]):
        raise UsageError(f"{word.strip()} is off the map ({size[0]}x{size[1]}, A1 to "
                         f"{square_name((size[0] - 1, size[1] - 1))})")
    return square


def parse_place(game: str, state: dict | None, word: str) -> str | tuple[int, int]:
    """A figure id (its canonical id) or a square name (as (x, y))."""
    from claw.core.msm.squares import is_square_name

    known = _known("figure", game, state) or []
    by_fold = {k.casefold(): k for k in known}
    if word.strip().casefold() in by_fold:
        return by_fold[word.strip().casefold()]
    if is_square_name(word):
        return parse_square(word, state)
    from claw.cli.render.suggest import closest, hint

    said = _near_square(word, state) if not closest(word.strip(), known) else ""
    said = said or (hint(word.strip(), known, what="figures") if known else "")
    raise UsageError(f"not a figure id or a square name: {quoted(word.strip())}" + (f"; {said}" if said else ""))


def _near_square(word: str, state: dict | None) -> str:
    """"did you mean B10?" for a word that is no square name, from the state's map."""
    from claw.cli.render.suggest import hint

    return hint(word.strip(), square_names(state), show_all=0) if state is not None and _map_size(state) else ""


def parse_number(name: str, word: str) -> int:
    try:
        return int(word.strip())
    except ValueError:
        raise UsageError(f"{name} must be a whole number: {quoted(word)}") from None


def parse_word(arg: Arg, game: str, state: dict | None, word: str) -> Any:
    """One word as a value of its argument's kind, or the kind's one error."""
    if arg.kind == "any":
        return word
    if arg.kind == "number":
        return parse_number(arg.name, word)
    if arg.kind == "square":
        return parse_square(word, state)
    if arg.kind == "place":
        return parse_place(game, state, word)
    if arg.kind == "herb":
        herbs = [parse_name("herb", game, state, part) for part in word.split(",") if part.strip()]
        if not herbs:
            raise UsageError(f"{arg.name} names at least one herb: {quoted(word)}")
        return herbs
    return parse_name(arg.kind, game, state, word)


def _usage(command: str, spec: Command) -> str:
    return f"claw {command} {spec.usage}".rstrip()


def parse_args(command: str, spec: Command, game: str, state: dict | None, words: list[str]) -> dict[str, Any]:
    """The command's positionals by name (``CAT``): each word parsed by its kind; an optional
    one not given is None, a ``many`` one a list. Too many words, or a required one missing
    from a state command, is a usage error naming the usage (stateless forms take their
    numbers from options instead, so they may leave positionals out)."""
    slots = place(tuple(spec.args), len(words))
    extra = [w for a, w in zip(slots, words, strict=True) if a is None]
    if extra:
        raise UsageError(f"too many arguments for `{_usage(command, spec)}`: {' '.join(extra)}")
    missing = [a.name for a in spec.args if not a.optional and a not in slots]
    if missing and state is not None:
        raise UsageError(f"`claw {command}` needs {' and '.join(missing)}: usage: {_usage(command, spec)}")
    values: dict[str, Any] = {a.name: ([] if a.many else None) for a in spec.args}
    for arg, word in zip(slots, words, strict=True):
        assert arg is not None
        value = parse_word(arg, game, state, word)
        if arg.many:
            values[arg.name].append(value)
        else:
            values[arg.name] = value
    return values
