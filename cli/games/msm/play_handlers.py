"""Handlers of the Mont Saint-Michel play commands (specs in ``msm_play.py``)."""

from __future__ import annotations

from claw.core.errors import IllegalAction, InvalidInput, UsageError, quoted


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


# --- shared plumbing ---------------------------------------------------------------


def _data(name: str):
    from claw.cli.formats.content import load_data

    return load_data(f"msm/{name}")


def _board(call):
    """The state's board, after checking its figures (board rules, and every rat type
    in the bestiary: an unknown type can only come from an edited file, exit 3)."""
    from claw.core.msm.playstate import check_rat_types
    from claw.core.msm.setup import board_from_state

    board = board_from_state(call.state)
    check_rat_types(call.state, _data("bestiary.yaml"))
    return board


def _emit(call, events) -> None:
    for e in events:
        e = dict(e)
        call.event(e.pop("type"), e.pop("text", ""), **e)


def _need(call, *names: str) -> list:
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


# --- attack ----------------------------------------------------------------------------


def attack(call) -> None:
    if call.state is None or call.opts.get("attack_dice") is not None:
        return _attack_numbers(call)
    from claw.core.msm.attack import ScratchPolicy
    from claw.core.msm.attack import attack as do_attack

    o = call.opts
    if o.get("odds"):
        return _attack_odds_on_state(call)
    attacker, target = _need(call, "ATTACKER", "TARGET")
    policy = ScratchPolicy(take_on_one=not o.get("no_scratch"), reroll_ones=bool(o.get("reroll_ones")),
                           reroll=parse_indices(o.get("reroll")))
    new, events, roll = do_attack(call.state, _board(call), _data("bestiary.yaml"), attacker,
                                  target, call.dice, weapon=o.get("weapon"), extra_mod=o.get("mod") or 0,
                                  scratch=policy, medallion=bool(o.get("medallion")))
    call.state = new
    _emit(call, events)
    if call.json:
        call.emit_json({"game": "msm", "attacker": attacker, "target": target, **roll.to_json()})


def _attack_odds_on_state(call) -> None:
    """Exact odds for ATTACKER on TARGET with the modifiers the board gives now."""
    from claw.core.msm import combat
    from claw.core.msm.attack import _modifiers, cat_weapons, pick_weapon, rat_weapons
    from claw.core.msm.figures import is_cat, square_of
    from claw.core.msm.los import line_of_sight
    from claw.core.msm.playstate import figure, rat_health_left

    if hasattr(call, "query"):
        call.query()  # a question: the state is not written
    attacker, target = _need(call, "ATTACKER", "TARGET")
    st, board, bestiary = call.state, _board(call), _data("bestiary.yaml")
    aid, afig = figure(st, attacker)
    tid, tfig = figure(st, target)
    weapons = cat_weapons(afig) if is_cat(afig) else rat_weapons(bestiary, afig)
    chosen, _ = pick_weapon(board, afig, square_of(tfig), weapons, call.opts.get("weapon"))
    sight = line_of_sight(board, st["figures"], square_of(afig), square_of(tfig),
                          roaches=st.get("options", {}).get("roaches", "ignore"))
    if not sight.visible:
        from claw.core.errors import IllegalAction

        raise IllegalAction(f"{aid} has no line of sight to {tid}: {sight.reason}")
    mods = _modifiers(st, bestiary, afig, tfig, chosen, sight, call.opts.get("mod") or 0)
    total = sum(m.value for m in mods)
    if is_cat(tfig):
        health, roach = 1, False
    else:
        health, roach = rat_health_left(bestiary, tfig), tfig["type"] == "roach"
    odds = combat.attack_odds(chosen.profile(), total, health=health, roach=roach)
    if call.json:
        call.emit_json({"game": "msm", "attacker": aid, "target": tid, "weapon": chosen.id,
                        "modifiers": [{"label": m.label, "value": m.value} for m in mods],
                        "chances": odds.to_json()})
        return
    mtext = ", ".join(m.text() for m in mods) or "none"
    call.out(f"{aid} → {tid} with {chosen.name} ({chosen.dice}d12, stun {chosen.stun}+, wound {chosen.wound}+);"
             f" modifiers: {mtext}")
    call.out(f"  target stunned:     {_pct(odds.stun)}")
    call.out(f"  at least one wound: {_pct(odds.wound)}")
    call.out(f"  eliminated:         {_pct(odds.eliminate)}")


def _attack_numbers(call) -> None:
    """Stateless attack from numbers ("Cat Attack", "Attack Modifiers", "Attack Results")."""
    from claw.core.msm import combat

    o = call.opts
    if call.args:
        raise UsageError("figure ids need a state (-s FILE); without one give --attack-dice/--stun/--wound")
    missing = [f for f, k in (("--attack-dice", "attack_dice"), ("--stun", "stun"), ("--wound", "wound"))
               if o.get(k) is None]
    if missing:
        raise UsageError(f"a stateless msm attack needs {', '.join(missing)}")
    profile = combat.Profile(o["attack_dice"], o["stun"], o["wound"])
    mods = []
    if o.get("stunned_target"):
        mods.append(combat.Modifier("stunned rat", combat.STUNNED_RAT))
    if o.get("hindered"):
        mods.append(combat.Modifier("hindering terrain", combat.HINDERING))
    if o.get("vulnerable"):
        mods.append(combat.Modifier("rat attacking a Vulnerable cat", combat.VULNERABLE_CAT))
    if o.get("mod"):
        mods.append(combat.Modifier("given modifier (--mod)", o["mod"], "Skill and Weapon"))
    total = sum(m.value for m in mods)
    health = o.get("health") or 1
    if health < 1 or health > 99:
        raise UsageError(f"--health must be 1..99: {health}")
    if o.get("odds"):
        odds = combat.attack_odds(profile, total, health=health, roach=bool(o.get("roach")))
        if call.json:
            call.emit_json({"game": "msm", "attack_dice": profile.dice, "stun": profile.stun,
                            "wound": profile.wound, "modifier": total,
                            "modifiers": [{"label": m.label, "value": m.value} for m in mods],
                            "health": health, "roach": bool(o.get("roach")), "chances": odds.to_json()})
            return
        mtext = ", ".join(m.text() for m in mods) or "none"
        call.out(f"{profile.dice}d12, stun {profile.stun}+, wound {profile.wound}+, modifiers {mtext}")
        call.out(f"  each die: wound {_pct(odds.per_die['wound'])}, stun only {_pct(odds.per_die['stun'])},"
                 f" miss {_pct(odds.per_die['miss'])} (a natural 1 always misses)")
        call.out(f"  target stunned:        {_pct(odds.stun)}")
        call.out(f"  at least one wound:    {_pct(odds.wound)}")
        lives = "life" if health == 1 else "lives"
        what = "roach removed (any stun)" if o.get("roach") else f"eliminated ({health} {lives})"
        call.out(f"  {what + ':':<22} {_pct(odds.eliminate)}")
        return
    roll = combat.roll_attack(profile, mods, call.dice)
    for idx in parse_indices(o.get("reroll")):
        combat.reroll_die(roll, idx, call.dice)
    if o.get("reroll_ones"):
        for i, d in enumerate(list(roll.dice)):
            if d.natural == 1:
                combat.reroll_die(roll, i, call.dice)
    result = roll.to_json()
    verdict = (f"{roll.wounds} wound(s) and a stun" if roll.wounds else "a stun" if roll.stuns else "no effect")
    hit = bool(roll.wounds or roll.stuns)
    if o.get("roach"):
        # Attack Results: "Roach markers are removed from the map … if they are stunned"
        result["removed"] = hit
        if hit:
            verdict += ": the roach is stunned, so it is removed (to the rat discard pile)"
    elif o.get("health") is not None:
        result["eliminated"] = roll.wounds >= health
        if roll.wounds >= health:
            verdict += f": eliminated ({health} {'life' if health == 1 else 'lives'})"
    if call.json:
        call.emit_json({"game": "msm", **result})
    call.event("attack", combat.roll_text(roll) + f" Result: {verdict}.", **result)
    if not call.json:
        call.out(verdict)
    if roll.ones:
        call.say("A natural 1: the team may take a scratch token (max 3) or spend one to reroll a die.")


# --- the round -------------------------------------------------------------------------


def scenario_step(call) -> None:
    from claw.core.msm import rounds, victory

    o = call.opts
    until = (o.get("until") or "").lower() or None
    if until and until not in rounds.PHASES:
        raise UsageError(f"--until must be one of {', '.join(rounds.PHASES)}: {quoted(until)}")
    first = (o.get("first") or "").lower() or None
    from claw.core.msm.choices import RatChoices

    choices = RatChoices(parse_choices(o.get("choose")))
    st = call.state
    figures_before = dict(st["figures"])
    if o.get("done"):
        import copy

        st = copy.deepcopy(st)
        _emit(call, victory.mark_done(st, o["done"]))
        call.state = st
        if st.get("outcome") or not until:
            return
    board, bestiary = _board(call), _data("bestiary.yaml")
    cat_stun = st.get("options", {}).get("cat_stun", "clear")
    steps = 0
    rolled = False
    while True:
        st, events = rounds.step(st, board, call.dice, bestiary, first=first, choices=choices, cat_stun=cat_stun,
                                 take_scratch=not o.get("no_scratch"))
        _emit(call, events)
        rolled = rolled or any(e["type"] == "initiative" for e in events)
        steps += 1
        if st.get("outcome") or not until or st["phase"] == until or steps >= 400:
            break
    choices.check_all_used({**figures_before, **st["figures"]})
    if first and not rolled:
        raise IllegalAction(f"--first {first} is the choice of who goes first when the initiative is rolled, and"
                            f" this step rolled none (it ran the {call.state.get('phase')} phase)")
    call.state = st
    if not st.get("outcome"):
        call.say(f"Next: {_next_hint(st)}")


def _next_hint(st: dict) -> str:
    phase = st["phase"]
    if phase == "cats":
        return "the cats act (claw move / attack / search …), then claw scenario-step ends their turn."
    if phase == "rats":
        return "claw scenario-step runs the rats' turn."
    if phase == "end":
        return "claw scenario-step runs the end segment."
    return "claw scenario-step rolls the initiative."


def activate(call) -> None:
    import copy

    from claw.core.msm.playstate import cat
    from claw.core.msm.rounds import activate as do_activate

    st = copy.deepcopy(call.state)
    cid, _ = cat(st, call.arg("CAT"))
    _emit(call, do_activate(st, _board(call), cid))
    call.state = st


def end_activation(call) -> None:
    import copy

    from claw.core.errors import IllegalAction
    from claw.core.msm.rounds import end_activation as do_end

    st = copy.deepcopy(call.state)
    fid = call.arg("CAT") or st.get("active")
    if not fid or fid not in st["figures"]:
        raise IllegalAction("no cat is activated")
    _emit(call, do_end(st, fid))
    call.state = st


def spawn(call) -> None:
    from claw.core.msm.spawn import spawn as do_spawn

    letters = [a.upper() for a in call.args] or None
    new, events = do_spawn(call.state, _board(call), call.dice, _data("bestiary.yaml"), letters=letters)
    call.state = new
    _emit(call, events)


# --- other cat actions -----------------------------------------------------------------


def search(call) -> None:
    from claw.core.msm.loot import search as do_search
    from claw.core.msm.squares import square_name

    square = square_name(call.arg("SQUARE")) if call.arg("SQUARE") else None
    choices = parse_choices(call.opts.get("choose"))
    unknown = sorted(set(choices) - {"ambush"})
    if unknown:
        raise UsageError("search --choose takes ambush=SQUARE (the objective square for an Ambush): "
                         f"{quoted(unknown[0])}")
    ambush = choices.get("ambush", [])
    if len(ambush) > 1:
        raise UsageError(f"search --choose ambush=SQUARE takes one square: {', '.join(ambush)}")
    new, events = do_search(call.state, _board(call), call.arg("CAT"), call.dice, square,
                            ambush=ambush[0] if ambush else None)
    call.state = new
    _emit(call, events)


def pickup(call) -> None:
    from claw.core.msm.loot import pickup as do_pickup

    new, events = do_pickup(call.state, _board(call), call.arg("CAT"), call.arg("CARD"))
    call.state = new
    _emit(call, events)


def trade(call) -> None:
    from claw.core.msm.loot import trade as do_trade

    if call.state.get("phase") == "taverne" or call.state.get("outcome"):
        from claw.cli.games.msm.tavern import trade as tavern_trade

        if call.opts.get("equip"):
            raise UsageError("--equip is for trades on the map; at the Taverne a card goes into the loot slot")
        return tavern_trade(call)
    giver, card, taker = _need(call, "CAT", "CARD", "OTHER")
    new, events = do_trade(call.state, _board(call), giver, card, taker,
                           bool(call.opts.get("equip")))
    call.state = new
    _emit(call, events)


def equip(call) -> None:
    from claw.core.msm.loot import equip as do_equip

    new, events = do_equip(call.state, call.arg("CAT"), call.arg("CARD"), bool(call.opts.get("unequip")))
    call.state = new
    _emit(call, events)


def remove_stun(call) -> None:
    from claw.core.msm.loot import remove_stun as do_remove

    new, events = do_remove(call.state, _board(call), call.arg("CAT"))
    call.state = new
    _emit(call, events)


def reload(call) -> None:
    from claw.core.msm.reload import reload_pistols

    new, events = reload_pistols(call.state, _board(call), call.arg("CAT"), _data("heroes.yaml"))
    call.state = new
    _emit(call, events)


def scratch(call) -> None:
    import copy

    from claw.core.errors import IllegalAction

    st = copy.deepcopy(call.state)
    have = st.get("scratch_tokens", 0)
    if call.opts.get("take"):
        if have >= 3:
            raise IllegalAction("the team already holds 3 scratch tokens (the maximum)")
        st["scratch_tokens"] = have + 1
        call.event("scratch-take", f"The team takes a scratch token ({have + 1}/3).", tokens=have + 1)
    elif call.opts.get("spend"):
        if have < 1:
            raise IllegalAction("the team has no scratch token")
        st["scratch_tokens"] = have - 1
        call.event("scratch-spend", f"The team discards a scratch token ({have - 1}/3).", tokens=have - 1)
    else:
        if hasattr(call, "query"):
            call.query()
        call.say(f"The team holds {have} scratch token(s) (maximum 3).")
    call.state = st


def entry(call) -> None:
    from claw.core.msm.entries import apply_entry

    (number,) = _need(call, "N")
    if not number.lstrip("#").isdigit():
        raise UsageError(f"an entry number, like 2: {quoted(number)}")
    if call.state is None:  # a look-up: `claw entry 4 --game msm`
        from claw.cli.commands.lookup import answer_row

        return answer_row(call, "entries", number.lstrip("#"))
    hero = call.opts.get("hero")
    new, events = apply_entry(call.state, _data("entries.yaml"), int(number.lstrip("#")),
                              hero.lower() if hero else None)
    call.state = new
    _emit(call, events)


# --- set-up hook (called by the board adapter's `new`) ----------------------------------


def _skill_text(skill) -> str:
    if isinstance(skill, str):
        return skill
    mod = skill.get("modifier")
    extra = f" {mod:+d}" if mod else ""
    return skill["name"] + extra + (f" with {', '.join(skill['weapons'])}" if skill.get("weapons") else "")


def _hero_skills(state: dict, specs) -> list[dict]:
    """`claw new --hero-skill adara="Staff proficiency:+1:staff"`: a skill with its attack
    modifier, so the attacks apply it ("Skill and Weapon") without --mod each time."""
    from claw.core.msm.tavern import parse_skill

    events = []
    for spec in [s for s in (specs or "").split(";") if s.strip()]:
        hero_id, sep, text = spec.partition("=")
        hero_id = hero_id.strip().lower()
        fig = state["figures"].get(hero_id)
        if not sep or fig is None or fig.get("side") != "cat":
            cats = ", ".join(f for f, x in state["figures"].items() if x.get("side") == "cat")
            raise UsageError(f"--hero-skill wants HERO=NAME[:+N[:WEAPON,...]] for a hero in play ({cats}): "
                             f"{quoted(spec)}")
        skill = parse_skill(text, fig.get("skills", []))
        name = skill if isinstance(skill, str) else skill["name"]
        kept = [s for s in fig.get("skills", []) if (s if isinstance(s, str) else s["name"]).lower() != name.lower()]
        fig["skills"] = kept + [skill]
        events.append({"type": "hero-skill", "text": f"{hero_id} uses the skill {_skill_text(skill)}.",
                       "figure": hero_id, "skill": name})
    return events


def setup_play(call, doc: dict, state: dict) -> list[dict]:
    """Add the play fields to a new state: heroes' health and cards (from --campaign or
    the Dramatis Personae weapons), the shuffled loot deck, goals, placements, options."""
    from pathlib import Path

    from claw.core.msm.campaign import hero_fields
    from claw.core.msm.loot import build_deck
    from claw.core.msm.playstate import RAT_WALL
    from claw.core.msm.tavern import card_lookup

    events = []
    decks, paths = [], []
    for rel in doc.get("loot_files", []):
        deck = call.load(rel)
        if deck.get("kind") != "loot":
            raise UsageError(f"loot file {rel} is not a loot deck (kind: {quoted(deck.get('kind'))})")
        decks.append(deck)
        base = Path(call.source).parent if call.source else Path(".")
        paths.append(call.stored_path(str(base / rel)))  # relative to the state, never absolute
    cards = card_lookup(decks)
    campaign = None
    camp_path = call.opts.get("campaign")
    if camp_path:
        campaign = call.load(str(Path(camp_path).resolve()))
        if campaign.get("kind") != "campaign":
            raise UsageError(f"--campaign needs a campaign file (kind: campaign): {camp_path}")
        base = Path(camp_path).resolve().parent
        stored = []
        for rel in campaign.get("loot_decks", []):
            full = rel if Path(rel).is_absolute() else str(base / rel)
            cards = {**card_lookup([call.load(full)]), **cards}
            stored.append(call.stored_path(full))
        if stored:  # the campaign's paths are relative to its file; in the state, to the state's folder
            campaign["loot_decks"] = stored
        for c in _held_cards(campaign):
            cards.setdefault(c["id"], c)
        cats = [f for f, x in state["figures"].items() if x.get("side") == "cat"]
        if set(cats) != set(campaign["heroes"]):
            wanted = ",".join(campaign["heroes"])
            raise UsageError(f"the campaign's heroes are {wanted}, not {','.join(cats)}: add --heroes {wanted}")
        state["campaign"] = campaign
        state["scratch_tokens"] = campaign.get("scratch", 0)
    heroes = _data("heroes.yaml")
    unarmed = next((d["unarmed"] for d in decks if d.get("unarmed")), None)
    for fid, fig in state["figures"].items():
        if fig.get("side") != "cat":
            continue
        try:
            fig.update(hero_fields(fid, heroes, cards, unarmed, campaign))
        except UsageError as exc:  # a card id the loot decks lack: the campaign file is at fault
            raise InvalidInput(f"{camp_path}: heroes.{fid}: {exc}") from None
        fig["wounds"] = 0
        if fig["down"]:
            fig["square"] = None
            events.append({"type": "hero-down", "text": f"{fid} has 0 health and stays off the map (heal it at"
                           " the Taverne, or recruit another hero).", "figure": fid})
            continue
        arms = ", ".join(w["name"] for w in fig["weapons"]) or "unarmed"
        if fig.get("skills"):
            arms += "; skills: " + ", ".join(_skill_text(s) for s in fig["skills"])
        events.append({"type": "hero", "text": f"{fid}: health {fig['health']}, level {fig['level']}, {arms}.",
                       "figure": fid, "health": fig["health"]})
    events += _hero_skills(state, call.opts.get("hero_skill"))
    from claw.core.msm.reload import BIG_ACTION_RULINGS

    big = (call.opts.get("big_action") or "two").lower()
    if big not in BIG_ACTION_RULINGS:
        raise UsageError(f"--big-action must be two or all: {quoted(big)}")
    state.setdefault("options", {})["big_action"] = big
    state["loot"]["deck"] = build_deck(decks, doc.get("loot_decks"), call.dice)
    state["loot"].setdefault("discard", [])
    state["loot"].setdefault("table", {})
    state["scenario"]["loot_paths"] = paths
    if decks:
        events.append({"type": "loot-deck", "text": f"Loot deck: {len(state['loot']['deck'])} cards shuffled.",
                       "cards": len(state["loot"]["deck"])})
    if doc.get("goals"):
        state["goals"] = doc["goals"]
        state["goals_done"] = []
    if doc.get("placements"):
        state["placements"] = dict(doc["placements"])
    if doc.get("no_cat_attacks"):
        state["scenario"]["no_cat_attacks"] = True
    stun = (call.opts.get("cat_stun") or "clear").lower()
    if stun not in ("clear", "keep"):
        raise UsageError(f"--cat-stun must be clear or keep: {quoted(stun)}")
    state.setdefault("options", {})["cat_stun"] = stun
    wall = (call.opts.get("rat_wall") or "adjacent").lower()
    if wall not in RAT_WALL:
        raise UsageError(f"--rat-wall must be adjacent or apart: {quoted(wall)}")
    state["options"]["rat_wall"] = wall
    state["active"] = None
    return events


def _held_cards(campaign: dict):
    for h in campaign.get("heroes", {}).values():
        for slot in ("weapons", "loot"):
            for c in h.get(slot, []):
                if isinstance(c, dict):
                    yield c
        if isinstance(h.get("armour"), dict):
            yield h["armour"]


# --- Taverne ---------------------------------------------------------------------------


def tavern(call) -> None:
    from claw.cli.games.msm.tavern import tavern as run

    run(call)


def heal(call) -> None:
    from claw.cli.games.msm.tavern import heal as run

    run(call)
