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
