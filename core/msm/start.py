"""The whole set-up of an msm game, as ``claw new`` makes it ("Setting Up", "Choose Your
Heroes", "Loot", the scenario's goals): the board part (``setup.new_state``), then the
heroes' health and cards, the shuffled loot deck, goals, placements and the ruling options.

Pure: the files are read by the caller and passed in as data; the dice are passed in. So
``start_state`` with a ``SeededDice(seed)`` gives the state ``claw new FILE --seed seed``
writes (tests/msm/test_start.py checks it for every example), and a simulator can set
games up without the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claw.core.errors import IllegalAction, InvalidInput, UsageError, quoted
from claw.core.outcome import Outcome


@dataclass(frozen=True)
class StartChoices:
    """The choices of ``claw new`` for msm (its options), already parsed where parsing is
    the CLI's job (``places``); the rulings are checked here."""

    heroes: list[str] | None = None
    places: dict | None = None
    roaches: str = "ignore"
    pounce: str = "stride-too"
    big_action: str = "two"
    cat_stun: str = "clear"
    rat_wall: str = "adjacent"
    hero_skill: str | None = None


@dataclass(frozen=True)
class StartFiles:
    """The files a set-up reads, as data: the scenario's loot decks (and their paths as the
    state stores them), a campaign (its ``loot_decks`` paths already as the state stores
    them) with its own decks, and the heroes table (data/msm/heroes.yaml)."""

    heroes: dict
    decks: list[dict] = field(default_factory=list)
    loot_paths: list[str] = field(default_factory=list)
    campaign: dict | None = None
    campaign_decks: list[dict] = field(default_factory=list)
    campaign_source: str | None = None
    skills: dict | None = None   # data/msm/skills.yaml: what each cat level allows


def skill_text(skill) -> str:
    """A hero's skill as a phrase: ``Staff proficiency +1 with staff``."""
    if isinstance(skill, str):
        return skill
    mod = skill.get("modifier")
    extra = f" {mod:+d}" if mod else ""
    return skill["name"] + extra + (f" with {', '.join(skill['weapons'])}" if skill.get("weapons") else "")


def hero_skills(state: dict, specs: str | None, table: dict | None = None) -> list[dict]:
    """``--hero-skill adara="Staff proficiency:+1:staff"``: a skill with its attack modifier,
    so the attacks apply it ("Skill and Weapon") without --mod each time. A skill typed
    with its level (``NAME@2``) is checked against "Cat Level and Skills" (``table``): the
    hero's level must allow that many skills of that level (ruling in docs/rules/msm.md)."""
    from claw.core.msm.tavern import parse_skill, skill_allowance, skill_counts

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
        if table is not None and isinstance(skill, dict) and "level" in skill:
            level = fig.get("level", 0)
            allowed = skill_allowance(table, level)[skill["level"] - 1]
            have = skill_counts(fig["skills"])[skill["level"] - 1]
            if have > allowed:
                raise IllegalAction(f"{hero_id} at level {level} may use {allowed} level-{skill['level']} "
                                    f"skill(s) (Cat Level and Skills), not {have}: {quoted(spec)}")
        events.append({"type": "hero-skill", "text": f"{hero_id} uses the skill {skill_text(skill)}.",
                       "figure": hero_id, "skill": name})
    return events


def held_cards(campaign: dict):
    """The cards a campaign's heroes hold written out in full (not as ids)."""
    for h in campaign.get("heroes", {}).values():
        for slot in ("weapons", "loot"):
            for c in h.get(slot, []):
                if isinstance(c, dict):
                    yield c
        if isinstance(h.get("armour"), dict):
            yield h["armour"]


def start_state(doc: dict, dice, files: StartFiles, choices: StartChoices = StartChoices(), *,
                source: str | None = None) -> Outcome:
    """The game part of a new msm state and its set-up events (``claw new``)."""
    from claw.core.msm.setup import new_state

    out = new_state(doc, dice, choices.heroes, source=source, roaches=choices.roaches,
                    places=choices.places, pounce=choices.pounce)
    out.events += add_play_fields(doc, out.state, dice, files, choices)
    return announced(doc, out)


def announced(doc: dict, setup: Outcome) -> Outcome:
    """A new game's set-up led by its first sentence, the scenario and its cats: what
    ``claw new`` says (and logs) before the set-up's own events."""
    name = doc.get("name", "scenario")
    cats = ", ".join(f for f, x in setup.state["figures"].items() if x["side"] == "cat")
    out = Outcome(setup.state)
    out.add("setup", f"{name}: set up for {cats}.", scenario=name)
    out.events += setup.events
    out.info.update(setup.info)
    return out


def add_play_fields(doc: dict, state: dict, dice, files: StartFiles, choices: StartChoices) -> list[dict]:
    """Add the play fields to a new state: heroes' health and cards (from the campaign or
    the Dramatis Personae weapons), the shuffled loot deck, goals, placements, options."""
    from claw.core.msm.campaign import hero_fields, unknown_cards
    from claw.core.msm.loot import build_deck
    from claw.core.msm.playstate import RAT_WALL
    from claw.core.msm.reload import BIG_ACTION_RULINGS
    from claw.core.msm.tavern import card_lookup

    events = []
    decks = files.decks
    cards = card_lookup(decks)
    campaign = files.campaign
    if campaign is not None:
        for deck in files.campaign_decks:
            cards = {**card_lookup([deck]), **cards}
        for c in held_cards(campaign):
            cards.setdefault(c["id"], c)
        cats = [f for f, x in state["figures"].items() if x.get("side") == "cat"]
        if set(cats) != set(campaign["heroes"]):
            wanted = ",".join(campaign["heroes"])
            raise UsageError(f"the campaign's heroes are {wanted}, not {','.join(cats)}: add --heroes {wanted}")
        for where, ref in unknown_cards(campaign, cards)[:1]:  # the same test as `claw validate`'s
            raise InvalidInput(f"{files.campaign_source}: heroes.{where[1]}: unknown loot card {quoted(ref)} "
                               "(not in the scenario's loot decks)")
        state["campaign"] = campaign
        state["scratch_tokens"] = campaign.get("scratch", 0)
    unarmed = next((d["unarmed"] for d in decks if d.get("unarmed")), None)
    for fid, fig in state["figures"].items():
        if fig.get("side") != "cat":
            continue
        try:
            fig.update(hero_fields(fid, files.heroes, cards, unarmed, campaign))
        except UsageError as exc:  # a card id the loot decks lack: the campaign file is at fault
            raise InvalidInput(f"{files.campaign_source}: heroes.{fid}: {exc}") from None
        fig["wounds"] = 0
        if fig["down"]:
            fig["square"] = None
            events.append({"type": "hero-down", "text": f"{fid} has 0 health and stays off the map (heal it at"
                           " the Taverne, or recruit another hero).", "figure": fid})
            continue
        arms = ", ".join(w["name"] for w in fig["weapons"]) or "unarmed"
        if fig.get("skills"):
            arms += "; skills: " + ", ".join(skill_text(s) for s in fig["skills"])
        events.append({"type": "hero", "text": f"{fid}: health {fig['health']}, level {fig['level']}, {arms}.",
                       "figure": fid, "health": fig["health"]})
    events += hero_skills(state, choices.hero_skill, files.skills)
    big = (choices.big_action or "two").lower()
    if big not in BIG_ACTION_RULINGS:
        raise UsageError(f"--big-action must be two or all: {quoted(big)}")
    state.setdefault("options", {})["big_action"] = big
    state["loot"]["deck"] = build_deck(decks, doc.get("loot_decks"), dice)
    state["loot"].setdefault("discard", [])
    state["loot"].setdefault("table", {})
    state["scenario"]["loot_paths"] = list(files.loot_paths)
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
    stun = (choices.cat_stun or "clear").lower()
    if stun not in ("clear", "keep"):
        raise UsageError(f"--cat-stun must be clear or keep: {quoted(stun)}")
    state.setdefault("options", {})["cat_stun"] = stun
    wall = (choices.rat_wall or "adjacent").lower()
    if wall not in RAT_WALL:
        raise UsageError(f"--rat-wall must be adjacent or apart: {quoted(wall)}")
    state["options"]["rat_wall"] = wall
    state["active"] = None
    return events
