"""The msm set-up hook (heroes' cards, loot deck, goals, options; called by ``board.new``).
The play handlers: ``attack.py``, ``round.py``, ``actions.py``, ``tavern.py``; specs in
``play_commands.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.common import _data
from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

# --- set-up hook (called by the board adapter's `new`) ----------------------------------


def setup_play(call: Call, doc: dict, state: dict) -> list[dict]:
    """Read the files the play fields need (loot decks, --campaign and its decks) and add
    the fields through core (``claw.core.msm.start.add_play_fields``)."""
    from pathlib import Path

    from claw.core.msm.start import StartChoices, StartFiles, add_play_fields

    decks, paths = [], []
    for rel in doc.get("loot_files", []):
        deck = call.load(rel)
        if deck.get("kind") != "loot":
            raise UsageError(f"loot file {rel} is not a loot deck (kind: {quoted(deck.get('kind'))})")
        decks.append(deck)
        base = Path(call.source).parent if call.source else Path(".")
        paths.append(call.stored_path(str(base / rel)))  # relative to the state, never absolute
    campaign, campaign_decks = None, []
    camp_path = call.opts.get("campaign")
    if camp_path:
        campaign = call.load(str(Path(camp_path).resolve()))
        if campaign.get("kind") != "campaign":
            raise UsageError(f"--campaign needs a campaign file (kind: campaign): {camp_path}")
        base = Path(camp_path).resolve().parent
        stored = []
        for rel in campaign.get("loot_decks", []):
            full = rel if Path(rel).is_absolute() else str(base / rel)
            campaign_decks.append(call.load(full))
            stored.append(call.stored_path(full))
        if stored:  # the campaign's paths are relative to its file; in the state, to the state's folder
            campaign["loot_decks"] = stored
    files = StartFiles(heroes=_data("heroes.yaml"), skills=_data("skills.yaml"), decks=decks, loot_paths=paths,
                       campaign=campaign,
                       campaign_decks=campaign_decks, campaign_source=camp_path)
    o = call.opts
    choices = StartChoices(big_action=o.get("big_action") or "two", cat_stun=o.get("cat_stun") or "clear",
                           rat_wall=o.get("rat_wall") or "adjacent", hero_skill=o.get("hero_skill"))
    return add_play_fields(doc, state, call.dice, files, choices)
