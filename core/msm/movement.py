"""Cat movement ("Moving Your Cat", "Yellow and Red Squares", "Vulnerable").

- prowl (1 AP): one small square, no diagonal; the only mode allowed while an enemy
  is in an adjacent small square;
- stride (1 AP): any empty small square of an orthogonally adjacent big square, or a
  diagonal small square;
- pounce (2 AP): any empty small square of a big square 1 or 2 big squares away
  counted without diagonals; the cat becomes Vulnerable and may make one RANGE 0
  attack at the end.

"Passing through" (our reading, docs/rules/msm.md Rulings): a stride or pounce is a
walk of orthogonal small steps that stays inside the big squares it crosses (the
cat's own, any big square in between, the destination's) and never enters a
blocking square, crosses a wall, or enters a square holding a figure other than a
roach. A diagonal stride squeezes past the shared corner through either of the two
orthogonal neighbours. The destination must hold no figure.

Whether a pounce may stay in the cat's own big square is an option (``pounce``):
``"stride-too"`` (default) lets it reach every square a stride reaches, as the
rulebook's movement example says ("Guy may Pounce into both red and dark green
squares", dark green being his stride squares), which adds the diagonal square of its
own big square; ``"leave"`` follows *Moving Your Cat* alone ("into any big square which
is up to 2 big squares away"): a pounce always leaves the cat's big square.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction, quoted
from claw.core.msm.board import Board
from claw.core.msm.figures import acts_as_roach, is_cat, is_rat, occupants, square_of
from claw.core.msm.squares import Square, diagonal_neighbours, orthogonal_neighbours, square_name
from claw.core.outcome import Outcome

PROWL, STRIDE, POUNCE = "prowl", "stride", "pounce"
MODES = (PROWL, STRIDE, POUNCE)
POUNCE_RULINGS = ("stride-too", "leave")  # the default first
COST = {PROWL: 1, STRIDE: 1, POUNCE: 2}


class _Area:
    """Occupancy around one moving cat."""

    def __init__(self, board: Board, figures: dict, cat_id: str) -> None:
        self.board = board
        self.cat_id = cat_id
        self.start = square_of(figures[cat_id])
        self.occupied = occupants(figures)
        self.figures = figures
        # squares holding a figure that stops the cat (anything but itself and roaches)
        self.stopped = {sq for sq, ids in self.occupied.items()
                        if not all(f == cat_id or acts_as_roach(figures[f]) for f in ids)}

    def empty(self, sq: Square) -> bool:
        here = [f for f in self.occupied.get(sq, []) if f != self.cat_id]
        return not here and self.board.in_bounds(sq) and not self.board.is_blocking(sq)

    def passable(self, sq: Square) -> bool:
        """Blocking terrain and every figure except roaches stop a cat."""
        if not self.board.in_bounds(sq) or self.board.is_blocking(sq):
            return False
        return sq not in self.stopped

    def walk(self, allowed: set) -> set[Square]:
        """Squares reachable from the start by orthogonal steps inside ``allowed`` big squares.

        The board's checks are written out here (``in_bounds``, ``big``, ``wall_between``,
        ``passable``): a turn's legal moves run this walk some twenty times."""
        board = self.board
        w, h = board.width, board.height
        ox, oy = board.offset
        walls, blocked, stopped = board.walls, board.blocked, self.stopped
        seen = {self.start}
        todo = [self.start]
        while todo:
            sq = todo.pop()
            x, y = sq
            for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                nx, ny = n
                if n in seen or not (0 <= nx < w and 0 <= ny < h) or ((nx + ox) // 2, (ny + oy) // 2) not in allowed:
                    continue
                if blocked[ny * w + nx] or n in stopped or (walls and frozenset((sq, n)) in walls):
                    continue
                seen.add(n)
                todo.append(n)
        return seen


def enemies_adjacent(board: Board, figures: dict, cat_id: str) -> list[str]:
    """Rat figures (markers included) in a small square adjacent to the cat."""
    start = square_of(figures[cat_id])
    around = set(orthogonal_neighbours(start))
    return sorted(fid for fid, f in figures.items()
                  if is_rat(f) and f.get("square") and square_of(f) in around)


def move_options(board: Board, figures: dict, cat_id: str, *, pounce_ruling: str = POUNCE_RULINGS[0],
                 modes: tuple[str, ...] = MODES) -> dict[str, list[Square]]:
    """Legal destinations per mode (empty lists for modes not allowed now).

    ``pounce_ruling="stride-too"``: a pounce also reaches every stride square (module notes).
    ``modes``: the modes wanted (the others are left empty): a pounce's walks through up
    to twelve big squares cost most of the time, and a caller that knows the mode, or
    never pounces, skips them.
    """
    area = _Area(board, figures, cat_id)
    start = area.start
    out: dict[str, list[Square]] = {PROWL: [], STRIDE: [], POUNCE: []}
    for n in orthogonal_neighbours(start):
        if board.in_bounds(n) and not board.wall_between(start, n) and area.empty(n):
            out[PROWL].append(n)
    if enemies_adjacent(board, figures, cat_id) or modes == (PROWL,):
        return out
    home = board.big(start)
    bx, by = home
    stride: set[Square] = set()
    for nb in ((bx, by - 1), (bx + 1, by), (bx, by + 1), (bx - 1, by)):
        if not board.big_exists(nb):
            continue
        reach = area.walk({home, nb})
        stride.update(sq for sq in board.big_members(nb) if sq in reach and area.empty(sq))
    for d in diagonal_neighbours(start):
        if not board.in_bounds(d) or not area.empty(d):
            continue
        for via in ((d[0], start[1]), (start[0], d[1])):
            if (area.passable(via) and not board.wall_between(start, via)
                    and not board.wall_between(via, d)):
                stride.add(d)
                break
    out[STRIDE] = sorted(stride, key=lambda s: (s[1], s[0])) if STRIDE in modes else []
    if POUNCE not in modes:
        return out
    pounce: set[Square] = set()
    for ox in range(-2, 3):
        for oy in range(-2, 3):
            dist = abs(ox) + abs(oy)
            if not 1 <= dist <= 2:
                continue
            target = (bx + ox, by + oy)
            if not board.big_exists(target):
                continue
            if dist == 1:
                routes = [{home, target}]
            elif ox == 0 or oy == 0:
                routes = [{home, (bx + ox // 2, by + oy // 2), target}]
            else:
                routes = [{home, (bx + ox, by), target}, {home, (bx, by + oy), target}]
            for route in routes:
                if not all(board.big_exists(b) for b in route):
                    continue
                reach = area.walk(route)
                pounce.update(sq for sq in board.big_members(target) if sq in reach and area.empty(sq))
    if pounce_ruling == "stride-too":
        pounce.update(stride)
    out[POUNCE] = sorted(pounce, key=lambda s: (s[1], s[0]))
    return out


def moves_now(board: Board, state: dict, cat_id: str) -> tuple[dict[str, list[Square]], list[str]]:
    """What `claw moves` lists: the legal destinations per mode with the state's pounce
    ruling, a mode the cat cannot pay for in the cats' turn emptied ("Cat Actions": a move
    costs its AP); and those unaffordable modes. Tab completion offers the same squares."""
    opts = move_options(board, state["figures"], cat_id,
                        pounce_ruling=(state.get("options") or {}).get("pounce", POUNCE_RULINGS[0]))
    left = state["figures"][cat_id].get("ap") if state.get("phase") == "cats" else None
    short = [m for m in MODES if left is not None and COST[m] > left]
    for m in short:
        opts[m] = []
    return opts, short


def move_mode(board: Board, state: dict, cat_id: str, dest: Square, mode: str | None = None) -> str:
    """The mode a move of ``cat_id`` to ``dest`` uses (``mode``, else the cheapest of
    prowl and stride), or IllegalAction saying why the move is refused. Reads ``state``
    only: a caller that wants the mode and cost before it pays needs no trial copy.

    Without ``mode`` a pounce (2 AP, and the cat is Vulnerable) is never chosen for the
    player: when only a pounce reaches, the move is refused with a hint to say ``pounce``.
    """
    figures = state["figures"]
    fig = figures[cat_id]
    if not is_cat(fig):
        raise IllegalAction(f"{cat_id} is not a cat")
    start = square_of(fig)
    if mode is not None and mode not in MODES:
        raise IllegalAction(f"unknown movement mode {quoted(mode)} (prowl, stride, pounce)")
    ruling = (state.get("options") or {}).get("pounce", POUNCE_RULINGS[0])
    wanted = (mode,) if mode else MODES
    options = move_options(board, figures, cat_id, pounce_ruling=ruling, modes=wanted)
    name = square_name(dest)
    if not board.in_bounds(dest):
        raise IllegalAction(f"{name} is off the map")
    modes = [m for m in wanted if dest in options[m]]
    if not modes:
        raise IllegalAction(_why_not(board, figures, cat_id, start, dest, mode, options, ruling))
    used = modes[0]
    if used == POUNCE and mode is None:
        raise IllegalAction(f"only a pounce reaches {name}: it costs {COST[POUNCE]} AP and leaves {cat_id} "
                            f"Vulnerable, so say so: claw move {cat_id} {name} --as pounce")
    return used


def move_cat(board: Board, state: dict, cat_id: str, dest: Square, mode: str | None = None,
             dice=None) -> Outcome:
    """Move a cat (changes ``state`` in place; the outcome holds it). Raises IllegalAction saying why not.

    Without ``mode`` the cheapest of prowl and stride that reaches ``dest`` is used
    (``move_mode``). AP are paid by the caller (the play rules' activation).
    """
    from claw.core.msm.reveal import reveal_in_los

    used = move_mode(board, state, cat_id, dest, mode)
    fig = state["figures"][cat_id]
    start = square_of(fig)
    name = square_name(dest)
    fig["square"] = name
    events = [{"type": "move", "text": f"{cat_id} {used}s from {square_name(start)} to {name} "
               f"({COST[used]} AP).", "figure": cat_id, "mode": used, "from": square_name(start),
               "to": name, "cost": COST[used]}]
    if used == POUNCE:
        fig["vulnerable"] = True
        fig["pounced"] = True
        no_attacks = (state.get("scenario") or {}).get("no_cat_attacks")   # scenario 1: no attacking
        events.append({"type": "vulnerable", "text": f"{cat_id} is Vulnerable after pouncing (+2 to rat "
                       "attacks against it)" + ("." if no_attacks else " and may make one RANGE 0 attack now."),
                       "figure": cat_id})
    return Outcome(state, events).extend(reveal_in_los(board, state, dice))


def _why_not(board, figures, cat_id, start, dest, mode, options, ruling=POUNCE_RULINGS[0]) -> str:
    name = square_name(dest)
    if board.is_blocking(dest):
        return f"{name} is blocking terrain (red): nothing may enter it"
    here = [f for f in occupants(figures).get(dest, []) if f != cat_id]
    if here:
        return f"{name} is occupied by {', '.join(here)}"
    if dest == start:
        return f"{cat_id} is already on {name}"
    enemies = enemies_adjacent(board, figures, cat_id)
    if enemies and mode != PROWL:
        return (f"{cat_id} has an enemy in an adjacent square ({', '.join(enemies)}): only a prowl "
                f"(one square, no diagonal) is allowed, and {name} is not one")
    if mode:
        return (f"{cat_id} cannot {mode} from {square_name(start)} to {name}: "
                + _mode_reason(board, start, dest, mode, ruling))
    return (f"{cat_id} cannot reach {name} from {square_name(start)} by prowl, stride or pounce "
            "(too far, or walls, red squares or figures are in the way)")


def _mode_reason(board: Board, start: Square, dest: Square, mode: str, ruling: str = POUNCE_RULINGS[0]) -> str:
    (ax, ay), (bx, by) = board.big(start), board.big(dest)
    big = abs(ax - bx) + abs(ay - by)
    if mode == PROWL:
        if abs(start[0] - dest[0]) + abs(start[1] - dest[1]) != 1:
            return "a prowl moves one small square, not diagonally"
        return "a wall is in the way"
    if mode == STRIDE:
        diag = abs(start[0] - dest[0]) == 1 and abs(start[1] - dest[1]) == 1
        if big != 1 and not diag:
            return "a stride goes to an adjacent big square or a diagonal small square"
        return "walls, red squares or figures block the way"
    if big == 0 and ruling == "leave":
        return ("a pounce goes to another big square (this game was started with --pounce-rule leave; the"
                " default, stride-too, also allows the diagonal square of the cat's own big square)")
    if big == 0:
        return "in its own big square a pounce reaches only the diagonal square a stride reaches"
    if big > 2:
        return f"a pounce reaches 2 big squares, {square_name(dest)} is {big} away (no diagonals)"
    return "walls, red squares or figures block the way"
