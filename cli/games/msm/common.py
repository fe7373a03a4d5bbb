"""What the msm play handlers share: the bestiary and other tables, the checked board,
required positionals, and the ``--reroll``/``--choose`` parsers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _pct(x) -> str:
    return f"{x.numerator}/{x.denominator} ({float(x) * 100:.1f}%)"


def parse_indices(text: str | None) -> list[int]:
    if not text:
        return []
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) < 1:
            raise UsageError(f"--reroll wants die numbers from 1, like 1,2: {quoted(text)}")
        out.append(int(part) - 1)
    return out


def _data(name: str):
    from claw.cli.formats.content import load_data

    return load_data(f"msm/{name}")


def _board(call: Call):
    """The state's board, after checking its figures (board rules, and every rat type
    in the bestiary: an unknown type can only come from an edited file, exit 3)."""
    from claw.core.msm.playstate import check_rat_types
    from claw.core.msm.setup import board_from_state

    board = board_from_state(call.need_state())
    check_rat_types(call.need_state(), _data("bestiary.yaml"))
    return board


def _need(call: Call, *names: str) -> list:
    """The parsed positionals ``names`` (claw.cli.framework.kinds), each required here."""
    values = [call.arg(n) for n in names]
    if any(v is None for v in values):
        raise UsageError(f"usage: claw {call.command} {' '.join(names)}")
    return values


def parse_choices(text) -> dict:
    """``rat-3=C7,first=rat-5`` → {"rat-3": ["C7"], "first": ["rat-5"]}. ``text`` may be a
    list (``--choose`` given several times): every occurrence counts."""
    out: dict = {}
    parts = [p for t in ([text] if isinstance(text, str) else (text or [])) for p in t.split(",")]
    for part in parts:
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"--choose wants KEY=VALUE items (rat-3=C7, rat-3=nera, first=rat-5): {quoted(part)}")
        key, value = key.strip().lower(), value.strip()
        from claw.core.msm.squares import is_square_name

        value = value.upper() if key != "first" and is_square_name(value) else value.lower()
        values = out.setdefault(key, [])
        if value not in values:
            values.append(value)
    return out
