"""Spawning ("Spawning", "The Following Rules Apply to All Rat Spawns",
"Scenario Book Rules Layout" E).

After the rats' turn, the letters on the current round-track space (S, S1, S2,
S3 or a named square such as S4) each put one face-down marker from the rat pool
on every map square with that letter. A scenario may name a set-aside (orange)
rat for a letter (``placements``): that rat is placed face up instead.
"""

from __future__ import annotations

from claw.core.draws import shuffled, take
from claw.core.errors import IllegalAction
from claw.core.msm.figures import is_cat, is_rat, occupants
from claw.core.msm.playstate import event, wound_cat
from claw.core.msm.squares import square_name
from claw.core.outcome import Outcome, begin


def new_rat(state: dict, rat_type: str, square: str, revealed: bool) -> str:
    n = state.get("next_rat", 1)
    fid = f"rat-{n}"
    while fid in state["figures"]:
        n += 1
        fid = f"rat-{n}"
    state["next_rat"] = n + 1
    state["figures"][fid] = {"side": "rat", "type": rat_type, "square": square, "revealed": revealed,
                             "wounds": 0, "stunned": False}
    return fid


def draw_marker(state: dict, dice) -> tuple[str | None, list[dict]]:
    """Draw the top marker of the rat pool; an empty pool takes the shuffled discard."""
    events = []
    pool = state.setdefault("rat_pool", [])
    if not pool:
        discard = state.get("rat_discard", [])
        if not discard:
            return None, [event("spawn-skip", "The rat pool and the discard pile are both empty: no spawn.")]
        state["rat_pool"] = pool = shuffled(dice, "rats", list(discard))
        state["rat_discard"] = []
        events.append(event("pool-refill", f"The rat pool is empty: the {len(pool)} discarded marker(s)"
                            " are shuffled into it.", count=len(pool)))
    return take(dice, "rats", pool), events


def spawn_letters(board) -> list[str]:
    """The spawn letters the map marks (S, S1, S2, …): the ones `claw spawn LETTER` takes."""
    return sorted(m for m in board.markers if m.startswith("S"))


def spawn(state: dict, board, dice, bestiary: dict | None = None, letters: list[str] | None = None,
          force: bool = False) -> Outcome:
    """Spawn for ``letters`` (default: the current round-track space): the new state and
    its events."""
    out = begin(state)
    st = out.state
    rnd = st.get("round", {})
    if letters is None:
        if rnd.get("spawned") and not force:
            raise IllegalAction("rats have already spawned this round")
        track = rnd.get("track") or [[]]
        letters = list(track[rnd.get("space", 0) % len(track)])
        rnd["spawned"] = True   # the round's one spawn; chosen letters (a scenario effect) are extra
    else:
        known = spawn_letters(board)
        unknown = [x for x in letters if x not in known]
        if unknown:
            raise IllegalAction(f"no spawn square {unknown[0]} on this map"
                                f" (spawn squares: {', '.join(known) or 'none'})")
    if st.get("spawns_off"):
        out.add("spawn-none", "Spawn points are inactive (a scenario entry turned them off).")
        return out
    if not letters:
        out.add("spawn-none", f"No spawn letter on round-track space {rnd.get('space', 0) + 1}.")
        return out
    events = out.events   # the outcome's own list: appended to below
    placements = st.get("placements", {})
    for letter in letters:
        squares = board.marker_squares(letter)
        if not squares:
            events.append(event("spawn-skip", f"No square {letter} on the map.", letter=letter))
            continue
        if letter in placements:
            events += _place_set_aside(st, letter, placements[letter], squares)
            continue
        for sq in squares:
            events += _spawn_at(st, letter, sq, dice)
    from claw.core.msm.reveal import reveal_in_los

    return out.extend(reveal_in_los(board, st, dice))


def _blockers(st: dict, sq) -> tuple[list[str], list[str]]:
    here = occupants(st["figures"]).get(sq, [])
    rats = [f for f in here if is_rat(st["figures"][f])]
    cats = [f for f in here if is_cat(st["figures"][f]) and not st["figures"][f].get("down")]
    return rats, cats


def _spawn_at(st: dict, letter: str, sq, dice) -> list[dict]:
    name = square_name(sq)
    rats, cats = _blockers(st, sq)
    if rats:
        return [event("spawn-skip", f"{letter} at {name} is held by {rats[0]}: that spawn is skipped.",
                      letter=letter, square=name)]
    if cats:
        return [event("spawn-blocked", f"{letter} at {name} is held by {cats[0]}: it takes 1 wound and no rat"
                      " spawns.", letter=letter, square=name, figure=cats[0])] + \
            wound_cat(st, cats[0], 1, f"a rat spawning on {name}", stun=False)
    rat_type, events = draw_marker(st, dice)
    if rat_type is None:
        return events
    fid = new_rat(st, rat_type, name, revealed=False)
    return events + [event("spawn", f"A face-down rat marker ({fid}) spawns on {letter} at {name}.",
                           figure=fid, letter=letter, square=name, rat=rat_type)]


def _place_set_aside(st: dict, letter: str | None, rat_type: str, squares) -> list[dict]:
    """A named set-aside rat goes face up on its square, under the same rules as
    any spawn: a rat there skips it (it stays set aside), a cat there takes 1 wound.
    ``letter`` None: a square the table named (``spawn --place``)."""
    aside = st.setdefault("set_aside", [])
    sq = squares[0]
    name = square_name(sq)
    if rat_type not in aside:
        return [event("spawn-skip", f"No set-aside {rat_type} left to place on {letter or name}.", letter=letter)]
    on = f"{letter} at {name}" if letter else name
    rats, cats = _blockers(st, sq)
    if rats:
        return [event("spawn-skip", f"{on} is held by {rats[0]}: the {rat_type} stays set aside.",
                      letter=letter, square=name)]
    if cats:
        return [event("spawn-blocked", f"{on} is held by {cats[0]}: it takes 1 wound and the"
                      f" {rat_type} stays set aside.", letter=letter, square=name, figure=cats[0])] + \
            wound_cat(st, cats[0], 1, f"a rat spawning on {name}", stun=False)
    aside.remove(rat_type)
    fid = new_rat(st, rat_type, name, revealed=True)
    return [event("spawn", f"The set-aside {rat_type} ({fid}) is placed face up on {on}.",
                  figure=fid, letter=letter, square=name, rat=rat_type)]


def hand_spawn_problem(state: dict) -> str | None:
    """Why the round's spawn cannot be played by hand now, or None (Spawning: rats spawn
    "after all rat figures on the map have been activated", in the rats' turn; see the
    play ruling *Spawning by hand*).
    The rats' turn stops at that point with ``scenario-step --until spawn``."""
    from claw.core.msm.rounds import at_spawn_point

    if state.get("outcome"):
        return f"the scenario is over ({state['outcome']['result']})"
    if at_spawn_point(state):
        return None
    if state.get("phase") == "rats":
        return ("the rats have not been activated yet this turn, and rats spawn after all of them have"
                " (Spawning): run claw scenario-step --until spawn first")
    return (f"rats spawn in the rats' turn, after every rat has activated (Spawning), and this is the"
            f" {state.get('phase', 'initiative')} phase: run claw scenario-step --until spawn first")


def hand_spawn(state: dict, board, dice, bestiary: dict | None = None) -> Outcome:
    """``claw spawn`` with no letters: the round's spawn, played by hand at its point of the
    rats' turn only (refused elsewhere with the reason); the turn then skips its own."""
    why = hand_spawn_problem(state)
    if why:
        raise IllegalAction(f"not the time to spawn: {why}")
    return spawn(state, board, dice, bestiary)


def parse_placements(text: str) -> list[tuple[str, str]]:
    """``"guard@C7,bosse@D2"`` -> ``[("guard", "C7"), ("bosse", "D2")]`` (``spawn --place``)."""
    from claw.core.errors import UsageError, quoted
    from claw.core.msm.squares import parse_square

    out = []
    for part in text.split(","):
        rat_type, at, where = part.strip().partition("@")
        if not at or not rat_type.strip() or not where.strip():
            raise UsageError(f"--place takes TYPE@SQUARE (e.g. arbaletrier@C7): {quoted(part.strip())}")
        out.append((rat_type.strip().lower(), square_name(parse_square(where))))
    return out


def place_set_aside(state: dict, board, placements: list[tuple[str, str]]) -> Outcome:
    """Spawning: a scenario has a set-aside (orange) rat placed face up on a named square,
    in place of a marker from the pool; the rules for all rat spawns apply (a rat there skips
    it and the rat stays set aside; a cat there takes 1 wound). The scenario says when, so
    this is not the round's spawn. Refused (state unchanged) for a rat not set aside or a
    square off the map or in blocking terrain."""
    from claw.core.errors import quoted
    from claw.core.msm.squares import parse_square

    if state.get("outcome"):
        raise IllegalAction(f"the scenario is over ({state['outcome']['result']}): no rat is placed")
    out = begin(state)
    st = out.state
    aside = list(st.get("set_aside", []))
    for rat_type, where in placements:
        if rat_type not in aside:
            left = ", ".join(sorted(set(aside))) or "none"
            raise IllegalAction(f"no set-aside {quoted(rat_type)} to place (set aside: {left}): {rat_type}@{where}")
        aside.remove(rat_type)
        sq = parse_square(where)
        if not board.in_bounds(sq) or board.is_blocking(sq):
            why = "is off the map" if not board.in_bounds(sq) else "is blocking terrain"
            raise IllegalAction(f"a rat cannot be placed there: {where} {why}: {rat_type}@{where}")
    for rat_type, where in placements:
        out.events += _place_set_aside(st, None, rat_type, [parse_square(where)])
    return out
