"""Reading figures out of the msm state (``state["figures"]``: id -> figure dict).

Which figures block lines and movement ("Terrain": every figure except roaches is
blocking terrain; "Unrevealed Rat Markers": a face-down marker has no powers, so it
does not stack and blocks like any other figure).
"""

from __future__ import annotations

from claw.core.msm.squares import Square, parse_square

CAT, RAT = "cat", "rat"
ROACH = "roach"


def square_of(fig: dict) -> Square:
    return parse_square(fig["square"])


def is_cat(fig: dict) -> bool:
    return fig.get("side") == CAT


def is_rat(fig: dict) -> bool:
    return fig.get("side") == RAT


def acts_as_roach(fig: dict) -> bool:
    """A revealed roach: it stacks and does not block. A face-down marker has no powers."""
    return is_rat(fig) and fig.get("type") == ROACH and fig.get("revealed", True)


def on_map(figures: dict):
    """(id, figure, square) for every figure with a square."""
    for fid, fig in figures.items():
        if fig.get("square"):
            yield fid, fig, square_of(fig)


def occupants(figures: dict) -> dict[Square, list[str]]:
    """Square -> ids of every figure on it."""
    out: dict[Square, list[str]] = {}
    for fid, _fig, sq in on_map(figures):
        out.setdefault(sq, []).append(fid)
    return out


def blocking_squares(figures: dict) -> dict[Square, str]:
    """Square -> id of a figure there that is blocking terrain (not a roach)."""
    out: dict[Square, str] = {}
    for fid, fig, sq in on_map(figures):
        if not acts_as_roach(fig):
            out.setdefault(sq, fid)
    return out


def roach_squares(figures: dict) -> dict[Square, str]:
    """Square -> id of a revealed roach there (they hinder under ``--roaches hinder``)."""
    out: dict[Square, str] = {}
    for fid, fig, sq in on_map(figures):
        if acts_as_roach(fig):
            out.setdefault(sq, fid)
    return out


def find(figures: dict, ref: str) -> tuple[str, dict] | None:
    """A figure by id (case-insensitive), or None."""
    if ref in figures:
        return ref, figures[ref]
    low = ref.lower()
    for fid, fig in figures.items():
        if fid.lower() == low:
            return fid, fig
    return None
