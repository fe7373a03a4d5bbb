"""A campaign's cards against its loot decks: `claw validate` and `claw new --campaign`
agree (issue 21, item 4; "Choose Your Heroes", between scenarios: a hero keeps the cards
it holds, which must be cards of the decks in play)."""

from __future__ import annotations

import shutil

import pytest

from claw.cli.testing import run
from claw.core.msm.campaign import unknown_cards
from tests.paths import EXAMPLES

CAMPAIGN = (EXAMPLES / "msm" / "campaign-example.yaml").read_text(encoding="utf-8")


@pytest.fixture
def folder(tmp_path):
    for name in ("scenario-2.yaml", "loot-illustrative.yaml"):
        shutil.copy(EXAMPLES / "msm" / name, tmp_path / name)
    return tmp_path


def _both(folder, text: str) -> tuple[int, int, str, str]:
    (folder / "camp.yaml").write_text(text, encoding="utf-8")
    v = run(["validate", str(folder / "camp.yaml")])
    n = run(["new", str(folder / "scenario-2.yaml"), "--campaign", str(folder / "camp.yaml"),
             "-o", str(folder / "state.json"), "--seed", "1", "-q"])
    return v.code, n.code, v.stdout + v.stderr, n.stderr


def test_the_example_campaign_passes_both(folder):
    assert _both(folder, CAMPAIGN)[:2] == (0, 0)


@pytest.mark.parametrize("old,new", [
    ("weapons: [staff]", "weapons: [stafff]"),                  # a typo in a weapon
    ("loot: [healing-salve]", "loot: [no-such-card]"),          # a loot card
    ("weapons: [shuriken, tanto]", "weapons: [shuriken, katana]"),
])
def test_a_card_no_deck_holds_is_refused_by_both(folder, old, new):
    assert old in CAMPAIGN
    v, n, said, refused = _both(folder, CAMPAIGN.replace(old, new))
    assert (v, n) == (3, 3)
    card = new.split("[")[1].rstrip("]").split(", ")[-1]
    assert "[MSM131]" in said and repr(card) in said
    assert repr(card) in refused and "unknown loot card" in refused


def test_a_card_written_out_in_full_needs_no_deck(folder):
    full = "weapons: [{id: katana, name: Katana, type: weapon, level: 1, dice: 1, stun: 6, wound: 9, range: 0}]"
    v, n, said, refused = _both(folder, CAMPAIGN.replace("weapons: [shuriken, tanto]", full))
    assert (v, n) == (0, 0), said + refused


def test_unknown_cards_names_the_path_of_each_bad_reference():
    camp = {"heroes": {"guy": {"weapons": ["a", {"id": "b"}], "loot": ["b", "c"], "armour": "d"}}}
    assert unknown_cards(camp, {"a": {}}) == [(("heroes", "guy", "loot", 1), "c"), (("heroes", "guy", "armour"), "d")]
