"""Playing with the real box (issue 15): the township cards, "?" tokens, Peculiar Rat
cards and Rat Sack draws typed with --draw, like --dice; table corrections with
`claw adjust`. Rulebook: Setup 4–5, *Place New Locations*, *Peculiar Rats*, *Rat Sack*."""

from __future__ import annotations

from claw.cli.testing import run
from tests.table import adjust_round_trip, assert_adjust_refused, dice_values, last_entry, load, new, ok, step

GAME = "ratcatcher/first-game.yaml"


def _opening_draws(state: dict) -> list[str]:
    """Every card and token of a set-up, in the order it was drawn, as --draw items:
    the full township, "?" and Peculiar decks (placed ones first, then what is left)."""
    placed = [f"township={n}" for n in state["city"][1:]] + [f"township={n}" for n in state["deck"]]
    return placed


def _question_order(path) -> list[str]:
    events = load(path)["log"][0]["events"]
    return [e["token"] for e in events if e["type"] == "question" and "token" in e]


def _typed_new(tmp, seeded_path, seed: int):
    """The same set-up as ``seeded_path`` with another seed, every draw typed."""
    st = load(seeded_path)["state"]
    tokens = _question_order(seeded_path) + st["question_pool"]
    peculiar = [p["id"] for p in st["peculiar"]] + st["peculiar_deck"]
    draws = _opening_draws(st) + [f"question={t}" for t in tokens] + [f"peculiar={p}" for p in peculiar]
    sack = dice_values(load(seeded_path)["log"][0])
    return new(tmp, GAME, "--seed", str(seed), "--dice", sack, "--draw", ",".join(draws), name="typed.json")


def test_setup_typed_equals_seeded(tmp_path):
    """Setup 4–5: a set-up whose township cards, "?" tokens, Peculiar cards and sack draws
    are all typed gives the state a seed that happens to draw them gives."""
    seeded = new(tmp_path, GAME, "--seed", "11")
    typed = _typed_new(tmp_path, seeded, seed=99)
    assert load(typed)["state"] == load(seeded)["state"]
    entry = load(typed)["log"][0]
    assert entry["physical_dice"] is True
    assert {d["deck"] for d in entry["table_draws"]} == {"township", "question", "peculiar"}


def test_a_round_typed_equals_seeded(tmp_path):
    """A whole rats' turn driven by typed dice gives the seeded game's state."""
    seeded = new(tmp_path, GAME, "--seed", "11")
    typed = _typed_new(tmp_path, seeded, seed=99)
    step(seeded, "scenario-step")
    values = dice_values(last_entry(seeded))
    draws = [f"{d['deck']}={d['card']}" for d in last_entry(seeded).get("table_draws", [])]
    township = [e["card"] for e in last_entry(seeded)["events"] if e["type"] == "township"]
    args = ["scenario-step", "--dice", values] + (["--draw", ",".join(f"township={n}" for n in township)]
                                                  if township else []) + draws
    step(typed, *args)
    assert load(typed)["state"] == load(seeded)["state"]


def test_sack_colours_typed_like_the_dice(tmp_path):
    """*Rat Sack*: `--draw sack=COLOUR` takes that colour out of the sack, as `--dice` with
    the token's number does."""
    by_number = new(tmp_path, GAME, "--seed", "5", name="a.json")
    colours = [c for e in load(by_number)["log"][0]["events"] if e["type"] == "spawn" for c in e["colours"]]
    sack = dice_values(load(by_number)["log"][0])
    assert len(sack.split(",")) == len(colours)
    by_colour = new(tmp_path, GAME, "--seed", "5", "--draw", ",".join(f"sack={c}" for c in colours),
                    name="b.json")
    assert load(by_colour)["state"]["zones"] == load(by_number)["state"]["zones"]
    assert load(by_colour)["state"]["sack"] == load(by_number)["state"]["sack"]
    assert "dice" not in load(by_colour)["log"][0] or not dice_values(load(by_colour)["log"][0])


def test_typed_card_must_be_in_the_deck(tmp_path):
    """A township card that is not in the deck is refused (exit 2), naming the deck and
    what is left in it; nothing is written."""
    out = tmp_path / "x.json"
    result = run(["new", str(EX_GAME()), "--seed", "1", "--draw", "township=42", "-o", str(out)])
    assert result.code == 2
    assert "township deck" in result.stderr and "left: 1, 2, 3" in result.stderr
    assert not out.exists()
    result = run(["new", str(EX_GAME()), "--draw", "cards=3", "-o", str(out)])
    assert result.code == 2 and "decks: township, question, peculiar, sack" in result.stderr


def test_typed_card_already_in_the_city_is_refused(tmp_path):
    """The start card #00 is on the table, not in the deck: typing it is refused."""
    result = run(["new", str(EX_GAME()), "--seed", "1", "--draw", "township=0"])
    assert result.code == 2 and "--draw township=0: no such card left in the township deck" in result.stderr
    path = _explorable(tmp_path)
    placed = load(path)["state"]["city"][1]
    result = run(["explore", "-s", str(path), "--draw", f"township={placed}"])
    assert result.code == 2 and f"township={placed}" in result.stderr


def test_unused_draws_are_noted(tmp_path):
    """A typed draw no rule took is reported, like unneeded --dice."""
    path = new(tmp_path, GAME, "--seed", "1")  # four cheese in the city: this turn explores nothing
    result = run(["scenario-step", "-s", str(path), "-i", "--draw", "township=9"])
    assert result.code == 0
    assert "--draw not needed: township=9" in result.stderr
    assert "table_draws" not in last_entry(path)


def test_log_marks_physical_draws(tmp_path):
    path = new(tmp_path, GAME, "--seed", "1", "--draw", "township=3,township=5")
    assert load(path)["log"][0]["table_draws"] == [{"deck": "township", "card": "3"},
                                                  {"deck": "township", "card": "5"}]
    assert "drawn at the table: township=3, township=5" in run(["log", "-s", str(path)]).stdout


def _explorable(tmp_path):
    """A fresh city with no cheese left but one, so the turn's explore (1.3) may be taken."""
    path = new(tmp_path, GAME, "--seed", "3")
    cheese = [z for z, v in load(path)["state"]["zones"].items() if v["cheese"]]
    for zone in cheese[:-1]:
        ok(["adjust", zone, "cheese=0", "--reason", "test set-up", "-s", str(path), "-i", "-q"])
    return path


def test_new_card_connector_and_second_pair(tmp_path):
    """Setup/*Place New Locations*: "the orientation of township cards does not matter":
    the table names the new card's connector and a second pair that meets (ruling R5)."""
    path = _explorable(tmp_path)
    st = load(path)["state"]
    assert st["city"] == ["0", "8", "4"] and "0:e" not in {c for link in st["links"] for c in link}
    step(path, "explore", "0:e=s+n=8:n", "--draw", "township=3")
    links = load(path)["state"]["links"]
    assert ["0:e", "3:s"] in links and ["8:n", "3:n"] in links


def test_new_card_connector_must_exist(tmp_path):
    path = _explorable(tmp_path)
    result = run(["explore", "0:e=x", "--draw", "township=3", "-s", str(path), "-i"])
    assert result.code == 4 and "no connector 'x'" in result.stderr
    result = run(["explore", "0:e=s+s=8:n", "--draw", "township=3", "-s", str(path), "-i"])
    assert result.code == 4 and "another connector" in result.stderr


def test_stateless_new_with_dice_says_its_seed(tmp_path):
    """A `claw new` with --dice and no --seed says (and logs) its seed; repeating the call
    with it gives the same city."""
    out = tmp_path / "a.json"
    result = run(["new", str(EX_GAME()), "--dice", "1,2,3,4,5,6,7,8", "-o", str(out)])
    assert result.code == 0 and "add --seed" in result.stderr
    seed = load(out)["log"][0]["options"]["seed"]
    again = tmp_path / "b.json"
    ok(["new", str(EX_GAME()), "--dice", "1,2,3,4,5,6,7,8", "--seed", str(seed), "-o", str(again)])
    assert load(again)["state"] == load(out)["state"]


def test_adjust_logged_and_undone_byte_identically(tmp_path):
    path = new(tmp_path, GAME, "--seed", "1")
    entry = adjust_round_trip(path, "ratcatcher", "wounds=2", "a bite we forgot")
    assert entry["correction"]["changes"] == [{"target": "ratcatcher", "key": "wounds", "old": 4, "new": 2}]
    adjust_round_trip(path, "game", "township-deck=12,1")


def test_adjust_rats_come_from_the_sack(tmp_path):
    """*Rat Sack*: a rat put in a zone by hand comes out of the sack (none is made)."""
    path = new(tmp_path, GAME, "--seed", "1")
    before = load(path)["state"]
    step(path, "adjust", "0.a", "white=2", "--reason", "two whites spawned there")
    after = load(path)["state"]
    assert after["zones"]["0.a"]["rats"]["white"] == 2
    assert after["sack"]["white"] == before["sack"]["white"] - 2 + before["zones"]["0.a"]["rats"]["white"]


def test_adjust_that_breaks_a_rule_is_refused(tmp_path):
    path = new(tmp_path, GAME, "--seed", "1")
    assert_adjust_refused(path, [("ratcatcher", "zone=9.z", 4, "not a zone in the city"),
                                 ("0.a", "brown=99", 4, "sack.brown"),
                                 ("game", "township-deck=0", 4, "not (or no more) in this deck"),
                                 ("ratcatcher", "wounds=-1", (3, 4), "")])
    before = path.read_bytes()
    result = run(["adjust", "ratcatcher", "wounds=2", "-s", str(path), "-i"])
    assert result.code == 2 and "--reason" in result.stderr
    assert path.read_bytes() == before


def EX_GAME():
    from tests.table import EXAMPLES

    return EXAMPLES / GAME
