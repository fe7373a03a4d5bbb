"""The round ("Sequence of Play"): initiative, the cats' and rats' turns, the end
segment; cat activations and action points ("Cat Actions").

Phases in ``state["phase"]``: ``initiative`` → first turn (``cats`` or ``rats``) →
the other turn → ``end`` → ``initiative`` of the next round. ``step`` advances one
phase; the rats' turn and the end segment run automatically, the cats' turn is
the players' (their commands spend AP; ``step`` ends the turn).
"""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.msm.playstate import (
    cats_on_map,
    event,
    leader_on_map,
    stench_key,
    wound_cat,
)
from claw.core.outcome import Outcome, begin

CATS, RATS = "cats", "rats"
PHASES = ("initiative", CATS, RATS, "end")
RAT_INITIATIVE_PENALTY = 4
CAT_AP, TWO_CAT_AP = 2, 3


# --- initiative ------------------------------------------------------------------


def roll_initiative(dice, leader: bool, cats_choice: str = CATS) -> dict:
    """Two d12: the rats' die -4 unless Leader of the Pack is on the map; the higher
    wins and chooses. Rats always choose to go first; the cats choose ``cats_choice``
    (default: cats first). A tie is the players' choice too ("Tied for Closest":
    any tie, the player chooses), so it goes like a cats' win."""
    if cats_choice not in (CATS, RATS):
        raise UsageError(f"--first must be cats or rats: {quoted(cats_choice)}")
    cat = dice.draw(1, 12, "cats' initiative d12")
    rat = dice.draw(1, 12, "rats' initiative d12")
    penalty = 0 if leader else RAT_INITIATIVE_PENALTY
    rat_total = rat - penalty
    if rat_total > cat:
        winner, first = RATS, RATS
    elif cat > rat_total:
        winner, first = CATS, cats_choice
    else:
        winner, first = "tie", cats_choice
    return {"cats": cat, "rats": rat, "rats_total": rat_total, "penalty": penalty,
            "winner": winner, "first": first}


def initiative_text(ini: dict) -> str:
    pen = (f" - {ini['penalty']} = {ini['rats_total']}" if ini["penalty"]
           else " (no -4: Leader of the Pack is on the map)")
    if ini["winner"] == RATS:
        who = "the rats win and, as always, go first"
    elif ini["winner"] == CATS:
        other = "rats" if ini["first"] == CATS else "cats"
        who = f"the cats win and choose: {ini['first']} first (the other choice: --first {other})"
    else:
        other = "rats" if ini["first"] == CATS else "cats"
        who = f"a tie, the players choose: {ini['first']} first (the other choice: --first {other})"
    return f"Initiative: cats rolled {ini['cats']}, rats rolled {ini['rats']}{pen}: {who}."


# --- cats' turn and activations --------------------------------------------------------


def max_ap(fig: dict) -> int:
    return fig.get("max_ap") or CAT_AP


def start_cats_turn(state: dict, cat_stun: str = "clear") -> list[dict]:
    """"When the turn starts, remove any status markers on the cats." With
    ``cat_stun="keep"`` a cat's stun stays until it spends 1 AP (see Rulings)."""
    events = []
    for fid, fig in cats_on_map(state):
        cleared = [m for m in ("vulnerable",) + (("stunned",) if cat_stun == "clear" else ()) if fig.get(m)]
        for m in cleared:
            fig[m] = False
        fig["pounced"] = False
        fig["activated"] = False
        fig["ap"] = max_ap(fig)
        if cleared:
            events.append(event("status-cleared", f"{fid}: {' and '.join(cleared)} marker removed at the start"
                                " of the cats' turn.", figure=fid, markers=cleared))
    state["active"] = None
    return events


def require_cats_turn(state: dict) -> None:
    if state.get("phase") != CATS:
        raise IllegalAction(f"it is not the cats' turn (phase: {state.get('phase')}); run claw scenario-step")


def activate(state: dict, board, fid: str) -> list[dict]:
    """Start ``fid``'s activation if it is not running: the previous cat's activation
    ends; a Vulnerable marker goes; Toxic Stench in its big square wounds it."""
    require_cats_turn(state)
    fig = state["figures"][fid]
    if state.get("active") == fid:
        return []
    if fig.get("activated"):
        raise IllegalAction(f"{fid} has already been activated this turn")
    events = []
    prev = state.get("active")
    if prev and prev in state["figures"]:
        events += end_activation(state, prev)
    state["active"] = fid
    fig["activated"] = True
    if fig.get("ap") is None:
        fig["ap"] = max_ap(fig)
    events.append(event("activate", f"{fid} activates with {fig['ap']} AP.", figure=fid, ap=fig["ap"]))
    if fig.get("vulnerable"):
        fig["vulnerable"] = False
        events.append(event("status-cleared", f"{fid}'s Vulnerable marker is removed.", figure=fid,
                            markers=["vulnerable"]))
    from claw.core.msm.squares import parse_square

    big = board.big(parse_square(fig["square"]))
    if stench_key(big) in state.get("toxic_stench", []):
        events += wound_cat(state, fid, 1, "Toxic Stench in its big square", stun=False)
    return events


def end_activation(state: dict, fid: str) -> list[dict]:
    fig = state["figures"][fid]
    left = fig.get("ap") or 0
    fig["ap"] = 0
    fig["pounced"] = False
    if state.get("active") == fid:
        state["active"] = None
    return [event("activation-end", f"{fid}'s activation ends" + (f" ({left} AP unused)." if left else "."),
                  figure=fid)]


def activate_cat(state: dict, board, cat_ref: str) -> Outcome:
    """``claw activate CAT``: start that cat's activation (``activate``), on a copy."""
    from claw.core.msm.playstate import cat

    out = begin(state)
    cid, _ = cat(out.state, cat_ref)
    out.events += activate(out.state, board, cid)
    return out


def end_cat_activation(state: dict, fid: str | None = None) -> Outcome:
    """``claw end-activation [CAT]``: end ``fid``'s activation (default: the active
    cat's), on a copy; refused when there is none."""
    out = begin(state)
    fid = fid or out.state.get("active")
    if not fid or fid not in out.state["figures"]:
        raise IllegalAction("no cat is activated")
    out.events += end_activation(out.state, fid)
    return out


def spend_ap(state: dict, board, fid: str, cost: int, action: str) -> list[dict]:
    """Activate if needed and pay ``cost`` AP for ``action``, or refuse."""
    events = activate(state, board, fid)
    fig = state["figures"][fid]
    if fig.get("down"):
        return events
    if fig["ap"] < cost:
        raise IllegalAction(f"{fid} has {fig['ap']} AP left; {action} costs {cost}")
    fig["ap"] -= cost
    if cost:
        # the free RANGE 0 attack belongs "at the end of" the pounce: any paid action
        # in between forfeits it (a new pounce sets the flag again after paying)
        fig["pounced"] = False
    return events


# --- phases --------------------------------------------------------------------------


def _next_turn(state: dict) -> str:
    rnd = state["round"]
    done = rnd.get("turns_done", [])
    if len(done) >= 2:
        return "end"
    return RATS if done == [CATS] else CATS if done == [RATS] else rnd.get("first", CATS)


def at_spawn_point(state: dict) -> bool:
    """Whether the rats' turn stands at its spawn (Spawning: "after all rat figures on the
    map have been activated"): every rat has activated and the turn has not ended."""
    return state.get("phase") == RATS and bool(state.get("round", {}).get("rats_activated"))


def step(state: dict, board, dice, bestiary: dict, *, first: str | None = None, choices=None,
         cat_stun: str = "clear", take_scratch: bool = True,
         pause_at_spawn: bool = False) -> Outcome:
    """Advance one phase: the new state and its events. ``choices``: the players'
    choices at the rats' ties (a dict or a ``choices.RatChoices``). ``first``: the players'
    choice of who goes first if they win the initiative (None: cats; a choice the roll
    leaves them no say in is reported). ``take_scratch``: a 1 on the
    cats' initiative die gives the team a scratch token (Scratch Rule; see Rulings).
    ``pause_at_spawn``: the rats' turn stops once every rat has activated, at its spawn
    (``at_spawn_point``), so the table may spawn by hand; the next step spawns unless
    that was done, and ends the turn."""
    from claw.core.msm import victory

    out = begin(state)
    st = out.state
    if st.get("outcome"):
        raise IllegalAction(f"the scenario is over ({st['outcome']['result']}): {st['outcome']['why']}")
    st.setdefault("round", {"space": 0, "number": 1, "track": [[]]})
    phase = st.get("phase", "initiative")
    rnd = st["round"]
    events = out.events   # the outcome's own list: appended to below
    if phase == "initiative":
        ini = roll_initiative(dice, leader_on_map(st, bestiary), first or CATS)
        rnd.update(initiative=ini, first=ini["first"], turns_done=[], spawned=False)
        events.append(event("initiative", initiative_text(ini), **ini))
        if first and ini["winner"] == RATS and first != RATS:
            events.append(event("choice-unused", f"--first {first} has no effect: the rats won the initiative,"
                                " and the rats always choose to go first.", option="--first"))
        if take_scratch and ini["cats"] == 1:
            from claw.core.msm.attack import take_scratch as take

            events += take(st, 1)
        st["phase"] = ini["first"]
        events += _enter(st, board, cat_stun)
    elif phase == CATS:
        for _fid, fig in cats_on_map(st):
            fig["ap"] = 0
            fig["pounced"] = False
        st["active"] = None
        rnd.setdefault("turns_done", []).append(CATS)
        events.append(event("turn-end", "The cats' turn ends.", side=CATS))
        st["phase"] = _next_turn(st)
        events += _enter(st, board, cat_stun)
    elif phase == RATS:
        from claw.core.msm.rat_turn import rats_turn
        from claw.core.msm.spawn import spawn

        if not rnd.get("rats_activated"):
            out.extend(rats_turn(st, board, dice, bestiary, choices or {}))
            st["round"]["rats_activated"] = True
            if pause_at_spawn and not st.get("outcome"):
                events.append(event("phase", "Every rat has activated: the spawn comes next (Spawning). claw spawn"
                                    " spawns by hand; claw scenario-step spawns and ends the rats' turn.",
                                    phase=RATS, point="spawn"))
                events += victory.check(st, bestiary)
                return out
        if not st.get("outcome") and not st["round"].get("spawned"):
            st = out.extend(spawn(st, board, dice, bestiary)).state
        st["round"].pop("rats_activated", None)
        st["round"].setdefault("turns_done", []).append(RATS)
        events.append(event("turn-end", "The rats' turn ends.", side=RATS))
        st["phase"] = _next_turn(st)
        events += _enter(st, board, cat_stun)
    elif phase == "end":
        track = rnd["track"]
        old = rnd["space"]
        rnd["space"] = (old + 1) % len(track)
        rnd["number"] = rnd.get("number", 1) + 1
        wrapped = " (back to the first space)" if rnd["space"] == 0 and old == len(track) - 1 else ""
        events.append(event("round-end", f"End of round {rnd['number'] - 1}: the round marker moves to"
                            f" space {rnd['space'] + 1} of {len(track)}{wrapped}.",
                            space=rnd["space"], round=rnd["number"]))
        for fig in st["figures"].values():
            fig.pop("activated", None)
        rnd.update(turns_done=[], spawned=False)
        st["phase"] = "initiative"
        events += victory.check_end_of_round(st, bestiary)
    else:
        raise InvalidPhase(phase)
    if not st.get("outcome"):
        events += victory.check(st, bestiary)
    return out


class InvalidPhase(IllegalAction):
    def __init__(self, phase) -> None:
        super().__init__(f"unknown phase in the state: {quoted(phase)}")


def _enter(st: dict, board, cat_stun: str) -> list[dict]:
    phase = st["phase"]
    if phase == CATS:
        return [event("phase", "The cats' turn: activate your cats one at a time.", phase=CATS)] + \
            start_cats_turn(st, cat_stun)
    if phase == RATS:
        return [event("phase", "The rats' turn: run claw scenario-step to activate the rats.", phase=RATS)]
    return [event("phase", "End segment: claw scenario-step advances the round marker.", phase="end")]

