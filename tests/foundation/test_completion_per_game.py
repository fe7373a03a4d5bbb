"""Issue 12 items 3 and 5, checked as a user at a real bash prompt: once the game is known
(--game, -s FILE, CLAW_STATE), Tab offers that game's options only, and an alias kept for
an old or other spelling (``--defense``, ``--bonus``) is accepted but never offered."""

from tests.foundation.test_completion import bash, states  # noqa: F401  (the fixture)


def test_a_known_game_offers_only_its_own_options(states):  # noqa: F811
    msm = bash("claw attack --game msm --")
    assert "--weapon" in msm and "--state" in msm and "--help" in msm
    assert not {"--accuracy", "--defence", "--assign", "--pounce"} & set(msm)
    assert bash(f"claw attack -s {states['msm']} --acc") == []
    assert bash("claw attack --acc", CLAW_STATE=str(states["ratcatcher"])) == ["--accuracy"]
    assert bash("claw attack --game ratcatcher --def") == ["--defence"]


def test_aliases_are_never_offered():
    assert bash("claw attack --defen") == ["--defence", "--defender-strength"]
    offered = bash("claw attack --")
    assert "--defense" not in offered and "--bonus" not in offered
    assert "--extra-dice" in offered and "--pounce" in offered  # no game: every game's options


def test_a_game_without_the_verb_offers_the_common_options():
    offered = bash("claw explore --game warriors --")
    assert "--state" in offered and "--draw" in offered
    assert "--draws" not in offered  # the Ratcatcher's explore option


def test_adjust_completes_ids_and_keys_from_the_state(states):  # noqa: F811
    """Issue 15 item 3's `claw adjust ID KEY=VALUE`: ID and KEY come from the state."""
    msm = str(states["msm"])
    ids = bash("claw adjust ", CLAW_STATE=msm)
    assert {"nera", "rat-1", "game"} <= set(ids)
    assert bash(f"claw adjust -s {msm} nera he") == ["health="]
    assert "round=" in bash("claw adjust game ", CLAW_STATE=msm)
    assert bash("claw adjust 0.", CLAW_STATE=str(states["ratcatcher"])) == ["0.a", "0.b", "0.c", "0.d"]
    assert bash("claw adjust ") == []  # no state: nothing to offer, no error


def test_draw_completes_the_games_deck_names(states):  # noqa: F811
    assert bash("claw explore --draw t", CLAW_STATE=str(states["ratcatcher"])) == ["township="]
    assert bash("claw scenario-step --game msm --draw l") == ["loot="]
    assert bash("claw explore --draw township=3,q", CLAW_STATE=str(states["ratcatcher"])) == ["township=3,question="]
    assert bash("claw search --draw ", CLAW_STATE=str(states["warriors"])) == []


def test_lookup_completes_its_tables():
    assert bash("claw lookup he") == ["heroes", "herbs"]
    assert bash("claw lookup --game warriors k") == ["knacks"]
