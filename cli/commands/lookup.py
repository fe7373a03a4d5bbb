"""`claw lookup TABLE [NAME]`: read a table the rulebook prints, without a game state.

The tables are the game data files (data/<game>/); a row is found by id, name, alias,
entry number or die roll, or by a part of its name; a miss says "did you mean".
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from claw.core.errors import quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

Table = tuple[str, str, tuple[str, ...], str]


@functools.cache
def tables() -> dict[str, Table]:
    """table → (game, data file, the keys holding its rows, what it is): every game's
    ``LOOKUP`` (claw.cli.games.<game>.hooks), in the order of the games."""
    from claw.cli.framework.adapter import GAMES, game_hooks

    return {table: (game, *row) for game in GAMES for table, row in game_hooks(game).lookup.items()}


def _aliases() -> dict[str, str]:
    from claw.cli.framework.adapter import GAMES, game_hooks

    return {alias: table for game in GAMES for alias, table in game_hooks(game).lookup_aliases.items()}


TITLE_KEYS = ("id", "name", "aliases", "summary", "text", "number", "moon", "face", "level", "rolls")
SKIP = {"source", "kind", "game", "chapter"}

HELP = ("Read a table the rulebook prints, without a game: TABLE is bestiary, entries, tavern-events, knacks, "
        "prey, herbs, diseases, age-table … (without TABLE, the list); NAME finds rows by id, name, number or "
        "roll, or by part of the name.")


def complete_table(ctx, incomplete: str) -> list[str]:
    """The tables (of the game given with --game, or the game in hand), for shell completion."""
    game = _game_of(ctx)
    return [t for t, (g, *_) in tables().items() if game in (None, g) and t.startswith(incomplete.lower())]


def complete_name(ctx, incomplete: str) -> list[str]:
    """`lookup TABLE <TAB>`: the ids of the table's rows (`lookup prey` the prey)."""
    table = (ctx.params or {}).get("table")
    key = _aliases().get((table or "").lower(), (table or "").lower())
    if key not in tables() or (ctx.params or {}).get("name"):
        return []
    ids = [str(row.get("id", row.get("number", ""))) for row in rows(key)]
    return [i for i in ids if i and i.casefold().startswith(incomplete.casefold())]


def _game_of(ctx) -> str | None:
    from claw.cli.shell.completion import _state

    return (ctx.params or {}).get("game") or _state(ctx)[0]


def run(table: str | None, name: str, game: str | None, json_out: bool, output) -> int:
    from claw.core.errors import UsageError

    if game is not None:
        from claw.cli.framework.adapter import game_hooks

        game_hooks(game)  # an unknown game: exit 2
    if table is None:
        listing = [(t, g, what) for t, (g, _, _, what) in tables().items() if game in (None, g)]
        if json_out:
            output.emit_json([{"table": t, "game": g, "what": w} for t, g, w in listing])
        else:
            output.emit("\n".join(f"{t:<14} {g:<11} {w}" for t, g, w in listing))
        return 0
    known, aliases = tables(), _aliases()
    key = aliases.get(table.lower(), table.lower())
    if game:  # a name another game's table also uses (msm's skills are cat-skills)
        from claw.cli.framework.adapter import game_hooks

        key = game_hooks(game).lookup_game_aliases.get(key, key)
    if key not in known:
        from claw.cli.render.suggest import hint

        raise UsageError(f"no table {quoted(table)}; " + (hint(table, list(known) + list(aliases), what="tables",
                                                         show_all=40) or "claw lookup lists them"))
    owner = known[key][0]
    if game is not None and game != owner:
        raise UsageError(f"{key} is a table of {owner}, not {game} (claw lookup --game {game} lists its tables)")
    found = find(key, name)
    if json_out:
        output.emit_json({"table": key, "game": owner, "rows": found})
    else:
        output.emit("\n".join(render(key, row, brief=not name and len(found) > 1) for row in found))
    return 0


def rows(table: str) -> list[dict]:
    """The table's rows as dicts (a dict keyed by id becomes rows with that ``id``)."""
    from claw.cli.formats.content import load_data

    game, path, keys, _ = tables()[table]
    doc = load_data(path)
    if not keys:  # a flat table of numbers: one row per entry
        return [{"id": k, "value": v} for k, v in doc.items() if k not in SKIP]
    out = []
    for k in keys:
        part = doc.get(k, [])
        if isinstance(part, dict):
            out += [{"id": rid, **(v if isinstance(v, dict) else {"text": v})} for rid, v in part.items()]
        else:
            out += list(part)
    return out


def _keys(row: dict) -> list[str]:
    names = [str(row[k]) for k in ("id", "name", "number", "moon", "face", "level") if k in row]
    names += [str(a) for a in row.get("aliases", [])]
    names += [str(r) for r in row.get("rolls", [])]
    return names


def find(table: str, name: str) -> list[dict]:
    """Rows whose id, name, alias, number or roll is ``name``; else those containing it."""
    from claw.core.errors import UsageError

    every = rows(table)
    if not name:
        return every
    word = name.strip().lstrip("#").casefold()
    exact = [r for r in every if word in (k.casefold() for k in _keys(r))]
    if exact:
        return exact
    if len(word) >= 3:
        partial = [r for r in every if any(word in k.casefold() for k in _keys(r))]
        # then anywhere in the row: `claw lookup herbs greencough` finds what treats it
        partial = partial or [r for r in every if word in json.dumps(r, ensure_ascii=False).casefold()]
        if partial:
            return partial
    from claw.cli.render.suggest import hint

    choices = {k.casefold(): k for r in every for k in reversed(_keys(r)[:2])}  # the id when name ~ id
    near = hint(name, list(choices.values()), what=table, show_all=30)
    raise UsageError(f"no {table} row {quoted(name)}" + (f"; {near}" if near else ""))


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k} {_value(x)}" for k, x in v.items() if x not in (None, [], {}))
    if isinstance(v, list):
        if v and all(isinstance(x, list) for x in v):
            return " or ".join(" + ".join(map(str, x)) for x in v)
        return "; ".join(_value(x) for x in v) if any(isinstance(x, dict) for x in v) else ", ".join(map(str, v))
    return str(v)


def _item(x: dict) -> str:
    """A nested row: its name or title first, its summary last."""
    head = x.get("title") or x.get("name") or x.get("id") or x.get("type") or ""
    rest = _value({k: v for k, v in x.items() if k not in ("title", "name", "id", "type", "summary", "text")})
    return " — ".join(p for p in (str(head), rest, x.get("summary") or x.get("text") or "") if p)


def title(row: dict) -> str:
    label = row.get("name") or row.get("id") or ""
    for k in ("number", "moon", "face", "level"):
        if k in row:
            word = "entry" if k == "number" else k
            label = f"{word} {row[k]}" + (f": {label}" if label and label != row.get(k) else "")
    if "rolls" in row:
        label = f"{'-'.join(map(str, (row['rolls'][0], row['rolls'][-1])))}: {label}"
    if row.get("id") and row.get("name") and row["id"] != row["name"]:
        label += f" ({row['id']})"
    return str(label)


def render(table: str, row: dict, *, brief: bool = False) -> str:
    head = title(row)
    text = row.get("summary") or row.get("text")
    if not tables()[table][2]:  # a flat table of numbers (rows())
        return f"{row['id']}: {_value(row['value'])}"
    if brief:
        short = text or _value({k: v for k, v in row.items() if k not in TITLE_KEYS})
        return f"{head} — {short}" if short else head
    lines = [head + (f": {text}" if text else "")]
    for k, v in row.items():
        if k in TITLE_KEYS or v in (None, [], {}):
            continue
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            lines.append(f"  {k.replace('_', ' ')}:")  # one line per item (attacks, tile rules)
            lines += [f"    - {_item(x)}" for x in v]
        else:
            lines.append(f"  {k.replace('_', ' ')}: {_value(v)}")
    return "\n".join(lines)


def answer_row(call: Call, table: str, name: str) -> None:
    """A stateless answer from a table for a game command (`claw entry 4 --game msm`)."""
    found = find(table, name)
    call.answer("\n".join(render(table, r) for r in found), {"table": table, "rows": found})
