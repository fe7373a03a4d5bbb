"""Playing with the real box (issue 15) in msm: rat markers from the rat pool and loot
cards typed with --draw, like --dice; table corrections with `claw adjust`.
Rulebook: "Setup Scenario 1" (rat pool, loot deck), "Searching", "Spawning Rats"."""

from __future__ import annotations

from claw.cli.testing import run
from tests.table import EXAMPLES, adjust_round_trip, assert_adjust_refused, dice_values, last_entry, load, new, ok, step

GAME = "msm/scenario-1.yaml"


def _full_draws(state: dict) -> list[str]:
    """A set-up's rat pool (markers placed, in order, then the pool) and loot deck, typed."""
    rats = [f for f in state["figures"].values() if f["side"] == "rat"]
    pool = [f["type"] for f in rats] + state["rat_pool"]
    return [f"rats={t}" for t in pool] + [f"loot={c['id']}" for c in state["loot"]["deck"]]


def test_setup_and_a_round_typed_equal_seeded(tmp_path):
    """"Setup Scenario 1": typed rat markers and loot cards give the seeded set-up; the
    initiative roll typed as --dice then gives the seeded round."""
    seeded = new(tmp_path, GAME, "--seed", "4", name="a.json")
    typed = new(tmp_path, GAME, "--seed", "77", "--draw", ",".join(_full_draws(load(seeded)["state"])),
                name="b.json")
    assert load(typed)["state"] == load(seeded)["state"]
    assert len(load(typed)["log"][0]["table_draws"]) == 9 + 15
    step(seeded, "scenario-step")
    step(typed, "scenario-step", "--dice", dice_values(last_entry(seeded)))
    assert load(typed)["state"] == load(seeded)["state"]
    assert last_entry(typed)["physical_dice"] is True


def _at_the_loot(tmp_path):
    path = new(tmp_path, GAME, "--seed", "4")
    step(path, "scenario-step")  # initiative: the cats' turn
    step(path, "adjust", "nera", "square=C8", "--reason", "she crept there last turn")
    return path


def test_search_takes_the_typed_loot_card(tmp_path):
    """"Searching": the card drawn is the one typed, wherever it lies in the deck."""
    path = _at_the_loot(tmp_path)
    deck = [c["id"] for c in load(path)["state"]["loot"]["deck"]]
    assert deck[0] != "rapier" and "rapier" in deck
    step(path, "search", "nera", "--draw", "loot=rapier")
    st = load(path)["state"]
    assert [c["id"] for c in st["figures"]["nera"]["loot"]] == ["rapier"]
    i = deck.index("rapier")
    assert [c["id"] for c in st["loot"]["deck"]] == deck[:i] + deck[i + 1:]  # the rest keeps its order
    assert last_entry(path)["table_draws"] == [{"deck": "loot", "card": "rapier"}]


def test_typed_card_not_in_the_deck_is_refused(tmp_path):
    path = _at_the_loot(tmp_path)
    before = path.read_bytes()
    result = run(["search", "nera", "--draw", "loot=excalibur", "-s", str(path), "-i"])
    assert result.code == 2 and "no such card left in the loot deck (left: ambush ×2" in result.stderr
    result = run(["new", str(EXAMPLES / GAME), "--draw", "rats=norwegian-brown"])
    assert result.code == 2 and "rats deck (left: roach ×9)" in result.stderr
    assert path.read_bytes() == before


def test_adjust_logged_and_undone_byte_identically(tmp_path):
    path = new(tmp_path, GAME, "--seed", "4")
    entry = adjust_round_trip(path, "nera", "health=7", "misread the stun")
    assert entry["correction"]["changes"] == [{"target": "nera", "key": "health", "old": 9, "new": 7}]
    adjust_round_trip(path, "game", "loot-deck=rapier,staff")
    adjust_round_trip(path, "rat-1", "stunned=yes")


def test_adjust_a_card_in_hand_comes_from_the_deck(tmp_path):
    path = new(tmp_path, GAME, "--seed", "4")
    step(path, "adjust", "nera", "loot=rapier", "--reason", "she found it")
    st = load(path)["state"]
    assert [c["id"] for c in st["figures"]["nera"]["loot"]] == ["rapier"]
    assert "rapier" not in [c["id"] for c in st["loot"]["deck"]]
    step(path, "adjust", "nera", "loot=", "--reason", "it was a dream")
    assert "rapier" in [c["id"] for c in load(path)["state"]["loot"]["deck"]]


def test_adjust_that_breaks_a_rule_is_refused(tmp_path):
    path = new(tmp_path, GAME, "--seed", "4")
    assert_adjust_refused(path, [("nera", change, code, why) for change, code, why in (
        ("square=A5", 4, "a red (blocking) square"), ("square=B12", 4, "only roaches stack"),
        ("square=Z40", 4, "off the 16x12 map"), ("health=12", 4, "a cat has 0 to 9 lives"),
        ("mood=grumpy", 2, "no adjustable 'mood'"))])


def test_adjust_refuses_an_unknown_id(tmp_path):
    path = new(tmp_path, GAME, "--seed", "4")
    result = run(["adjust", "tom", "health=3", "--reason", "x", "-s", str(path)])
    assert result.code == 2 and "ids: guy, adara, leon, nera, rat-1" in result.stderr
    ok(["adjust", "game", "round=3", "--reason", "we lost count", "-s", str(path), "-i", "-q"])
    assert load(path)["state"]["round"]["number"] == 3


class _Typed:
    """A dice source carrying typed draws, as the CLI's RecordingDice does with --draw."""

    def __init__(self, pairs, seed=3):
        from claw.core.draws import TableDraws
        from claw.core.rng import SeededDice

        self.inner, self.table_draws = SeededDice(seed), TableDraws(pairs)

    def shuffle(self, items):
        return self.inner.shuffle(items)


def test_rat_pool_refill_puts_typed_markers_on_top():
    """"Spawning Rats": an empty pool takes the shuffled discard; typed markers come first."""
    from claw.core.msm.spawn import draw_marker

    state = {"rat_pool": [], "rat_discard": ["roach", "roach", "detestable", "roach"]}
    marker, _ = draw_marker(state, _Typed([("rats", "detestable")]))
    assert marker == "detestable" and sorted(state["rat_pool"]) == ["roach"] * 3


def test_taverne_shop_offers_the_typed_cards_first():
    """Taverne, C. Purchase Gear: the five cards Big Gus offers, the typed ones first."""
    from ruamel.yaml import YAML

    from claw.core.msm import tavern

    deck = YAML(typ="safe").load((EXAMPLES / "msm/loot-illustrative.yaml").read_text())
    camp = YAML(typ="safe").load((EXAMPLES / "msm/campaign-example.yaml").read_text())
    new_camp, _ = tavern.open_shop(camp, [deck], _Typed([("shop", "rapier"), ("shop", "staff")]))
    assert [c["id"] for c in new_camp["taverne"]["shop"]][:2] == ["rapier", "staff"]


def test_a_revealed_marker_shows_the_typed_rat(tmp_path):
    """"Revealing Rats": the marker the table turns over shows the typed rat; claw's own
    type for it goes back into the face-down pool, so the pool keeps its markers."""
    path = new(tmp_path, "msm/scenario-2.yaml", "--seed", "7")
    step(path, "scenario-step", "--until", "cats")
    st = load(path)["state"]
    assert (st["figures"]["rat-5"]["type"], st["figures"]["rat-5"]["revealed"]) == ("arbaletrier", False)
    assert sorted(st["rat_pool"]) == ["arbaletrier", "roach"]
    before = path.read_bytes()
    result = run(["move", "leon", "D2", "--draw", "rats=detestable", "-s", str(path), "-i"])
    assert result.code == 2 and "(left: arbaletrier ×2, roach)" in result.stderr
    assert path.read_bytes() == before
    step(path, "move", "leon", "D2", "--draw", "rats=roach")
    st = load(path)["state"]
    assert (st["figures"]["rat-5"]["type"], st["figures"]["rat-5"]["revealed"]) == ("roach", True)
    assert st["rat_pool"] == ["arbaletrier", "arbaletrier"]
