"""Argument kinds: what a positional argument names (a figure, a square, a card, a zone,
a herb …), the names it can take in a game state, and the one check and "did you mean"
for all of them. Completion asks the same place for its candidates.

Commands declare their positionals in the specs (``Arg(name, kind)``). The handler still
decides what is legal (and its exit code); when it refuses a word, dispatch asks here
for the nearest names of that word's kind, so every command suggests the same way.
"""

from __future__ import annotations

from collections.abc import Callable

from claw.cli.spec import Arg, Command


def _msm_figures(state: dict, side: str | None = None) -> list[str]:
    return [fid for fid, f in state.get("figures", {}).items() if side is None or f.get("side") == side]


def _msm_cards(state: dict) -> list[str]:
    cards = []
    for fig in state.get("figures", {}).values():
        for slot in ("weapons", "loot"):
            cards += [c["id"] for c in fig.get(slot) or [] if isinstance(c, dict)]
        if isinstance(fig.get("armour"), dict):
            cards.append(fig["armour"]["id"])
    for lying in state.get("loot", {}).get("table", {}).values():
        cards += [c["id"] for c in lying if isinstance(c, dict)] if isinstance(lying, list) else []
    return cards


def _mice(state: dict) -> list[str]:
    return [m["id"] for m in state.get("mice", [])]


def _minions(state: dict) -> list[str]:
    return [m["id"] for m in state.get("minions", [])]


def _board(state: dict, part: str) -> list[str]:
    return [x["id"] for x in state.get("ratcatcher", {}).get("board", {}).get(part, [])]


def _data(path: str, key: str) -> list[str]:
    from claw.cli.content import load_data

    return [row["id"] for row in load_data(path)[key]]


def _squares(state: dict) -> list[str]:
    from claw.core.msm.squares import square_name

    rows = state.get("map", {}).get("rows", [])
    width = max((len(r) for r in rows), default=0)
    return [square_name((x, y)) for y in range(len(rows)) for x in range(width)]


# kind → game → names in the state (None: the kind has no finite set there)
Chooser = Callable[[dict], list[str]]
NAMES: dict[str, dict[str, Chooser]] = {
    "figure": {"msm": _msm_figures, "warriors": lambda s: list(s.get("cats", {})),
               "mice": lambda s: _mice(s) + _minions(s)},
    "cat": {"msm": lambda s: _msm_figures(s, "cat"), "warriors": lambda s: list(s.get("cats", {}))},
    "rat": {"msm": lambda s: _msm_figures(s, "rat")},
    "mouse": {"mice": _mice},
    "minion": {"mice": _minions},
    "minion-kind": {"mice": lambda s: list(s.get("bestiary", {}))},
    "room": {"mice": lambda s: list(s.get("rooms", {}))},
    "card": {"msm": _msm_cards},
    "zone": {"ratcatcher": lambda s: list(s.get("zones", {}))},
    "trap": {"ratcatcher": lambda s: _board(s, "traps")},
    "ability": {"ratcatcher": lambda s: _board(s, "abilities")},
    "slot": {"ratcatcher": lambda s: _board(s, "upgrades") + _board(s, "abilities")},
    "herb": {"warriors": lambda s: _data("warriors/herbs.json", "herbs")},
    "knack": {"warriors": lambda s: _data("warriors/knacks.json", "knacks")},
    "prey": {"warriors": lambda s: _data("warriors/prey.json", "prey")},
}
# completion only: sets too large or too loose to refuse a word by
COMPLETE_ONLY: dict[str, dict[str, Chooser]] = {
    "square": {"msm": _squares},
    "place": {"msm": lambda s: _msm_figures(s) + _squares(s)},
}
LABELS = {"figure": "figure", "cat": "cat", "rat": "rat", "mouse": "mouse", "minion": "minion",
          "minion-kind": "minion kind", "room": "room", "card": "card", "zone": "zone", "trap": "trap",
          "ability": "ability", "slot": "upgrade or ability", "herb": "herb", "knack": "knack", "prey": "prey"}


def names(kind: str, game: str, state: dict | None, *, complete: bool = False) -> list[str] | None:
    """The names ``kind`` can take in this game's state, or None when unknown."""
    if state is None:
        if kind in ("herb", "knack", "prey") and game == "warriors":
            return NAMES[kind][game]({})  # tables, not state
        return None
    chooser = NAMES.get(kind, {}).get(game) or (COMPLETE_ONLY.get(kind, {}).get(game) if complete else None)
    return chooser(state) if chooser else None


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


def _words(arg: Arg, value: str) -> list[str]:
    """The names inside one word: HERB[,HERB...] lists, KNACK:USES counts."""
    parts = value.split(",") if arg.kind in ("herb",) else [value]
    return [p.split(":")[0].strip() for p in parts if p.strip()]


def unknown_word(spec: Command, game: str, state: dict | None, args: list[str]) -> tuple[str, str] | None:
    """(word, "did you mean …?") for the first word that names nothing of its kind in this
    state but is near a name that does; None otherwise."""
    if not spec.args:
        return None
    from claw.cli.suggest import closest

    for arg, value in zip(place(tuple(spec.args), len(args)), args, strict=True):
        kind = "figure" if arg is not None and arg.kind == "place" else (arg.kind if arg else None)
        known = names(kind, game, state) if kind else None
        if not known:
            continue
        folded = {k.casefold() for k in known}
        for word in _words(arg, value) if arg is not None else []:
            near = closest(word, known) if word.casefold() not in folded else []
            if near:
                return word, "did you mean " + " or ".join(near) + "?"
    return None
