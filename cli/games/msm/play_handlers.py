"""The msm set-up hook (heroes' cards, loot deck, goals, options; called by ``board.new``).
The play handlers: ``attack.py``, ``round.py``, ``actions.py``, ``tavern.py``; specs in
``play_commands.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.common import _data
from claw.core.errors import InvalidInput, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

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


def setup_play(call: Call, doc: dict, state: dict) -> list[dict]:
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
