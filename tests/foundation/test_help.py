"""Issue 12: help that a new user can find their way with — grouped by game, narrowed to
the game in hand, per-game turn lists, and "did you mean" for commands and options."""

import json
import shlex

import pytest

from claw.cli.framework.adapter import GAMES, NAMES, commands_of, game_hooks
from claw.cli.shell.help_turns import RULES, SHARED
from claw.cli.testing import run
from tests.paths import ROOT

TURNS = {game: game_hooks(game).turns for game in GAMES}  # each game's hooks: its verbs in turn order

NARROW = {"COLUMNS": "80", "LINES": "24"}


def _top() -> str:
    res = run(["--help"], env=NARROW)
    assert res.code == 0, res.stderr
    return res.stdout


def _groups(text: str) -> dict[str, list[str]]:
    """Heading line → its lines (a group ends at a blank line)."""
    groups, heading = {}, None
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            heading = line
            groups[heading] = []
        elif not line:
            heading = None
        elif heading:
            groups[heading].append(line)
    return groups


def test_top_help_groups_shared_then_rules_then_one_panel_per_game():
    text = _top()
    heads = list(_groups(text))
    shared, rules = heads.index("Shared commands:"), heads.index("Rule commands (in every game that has the rule):")
    panels = [heads.index(f"{NAMES[g]} ({g}), in turn order:") for g in GAMES]
    assert shared < rules < min(panels) and panels == sorted(panels)
    assert "Examples:" in heads and "docs/" in text
    assert run([]).stdout == run(["--help"]).stdout  # bare `claw` shows the same screen


def test_top_help_fits_80_columns_and_a_screen_per_group():
    text = _top()
    assert max(len(line) for line in text.splitlines()) <= 80
    for heading, lines in _groups(text).items():
        assert len(lines) + 1 <= 24, heading


def test_top_help_names_every_command_with_whole_sentence_summaries():
    text = _top()
    for game in GAMES:
        for verb in commands_of(game):
            assert f"  {verb} " in text or f"rule commands {verb}" in text or f", {verb}" in text, (game, verb)
    for summary in [*SHARED.values(), *RULES.values()] + [s for turn in TURNS.values() for _, s, _ in turn]:
        assert summary[0].isupper() and summary.endswith("."), summary
    assert "(e.g.\n" not in text and "(e.g." not in text.replace("(e.g. ", "")


@pytest.mark.parametrize("game,present,absent", [
    ("msm", ["d12", "--stun", "--wound"], ["--accuracy", "--blackpaw", "--jump-bonus"]),
    ("ratcatcher", ["d6", "--accuracy", "--defence"], ["--stun", "--blackpaw"]),
    ("mice", ["--blackpaw", "--defence", "--extra-dice"], ["--stun", "--accuracy", "--defense"]),
    ("warriors", ["--pounce", "--attack-bonus"], ["--stun", "--accuracy"]),
])
def test_verb_help_for_the_game_named_by_game(game, present, absent):
    res = run(["attack", "--help", "--game", game], env=NARROW)
    assert res.code == 0
    assert f"Options ({game}):" in res.stdout
    for word in present:
        assert word in res.stdout, word
    for word in absent:
        assert word not in res.stdout, word
    assert max(len(line) for line in res.stdout.splitlines()) <= 80


def _state_file(tmp_path, game="ratcatcher"):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "claw-state", "version": 1, "game": game, "rng": {}, "state": {}}))
    return str(path)


def test_verb_help_for_the_game_of_the_state_file_and_of_claw_state(tmp_path):
    path = _state_file(tmp_path)
    assert "Options (ratcatcher):" in run(["attack", "-s", path, "--help"]).stdout
    assert "Options (ratcatcher):" in run(["attack", "--help"], env={"CLAW_STATE": path}).stdout
    assert "Options (ratcatcher):" in run(["attack", f"--state={path}", "-h"]).stdout


def test_verb_help_without_a_game_is_a_compact_list_per_game_and_says_how_to_narrow():
    res = run(["attack", "--help"], env=NARROW)
    assert res.code == 0
    for game in GAMES:
        assert f"  {game}: claw attack" in res.stdout
    assert "--help --game GAME" in res.stdout
    assert len(res.stdout.splitlines()) < 40


def test_verb_help_for_a_game_without_the_verb_names_the_games_that_have_it():
    res = run(["hunt", "--help", "--game", "msm"])
    assert "hunt is a warriors command; this game is msm." in res.stdout


@pytest.mark.parametrize("game", GAMES)
def test_claw_help_game_lists_every_command_in_turn_order_with_an_example(game):
    res = run(["help", game], env=NARROW)
    assert res.code == 0
    lines = res.stdout.splitlines()
    verbs = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("   ")]
    listed = [verb for verb, _, _ in TURNS[game]]
    assert verbs[:len(listed)] == listed
    assert set(commands_of(game)) <= set(verbs)
    assert sum(line.strip().startswith("$ claw") for line in lines) == len(listed)


@pytest.mark.parametrize("game", GAMES)
def test_turn_examples_use_the_games_own_verbs_and_options(game):
    common = {"-s", "--state", "-i", "--in-place", "-o", "--output", "-q", "--quiet", "--json", "--seed",
              "--dice", "--game"}
    shared = {"new": [], "show": []}
    for verb, _, example in TURNS[game]:
        words = shlex.split(example)
        assert words[:2] == ["claw", verb], example
        spec = commands_of(game).get(verb)
        assert spec is not None or verb in shared, (game, verb)
        own = {o.flag for o in spec.options} if spec else set()
        for word in words[2:]:
            if word.startswith("--"):
                assert word in own | common, (example, word)


def test_claw_help_of_a_command_and_of_a_shared_command():
    assert "Options (warriors):" in run(["help", "hunt", "--game", "warriors"]).stdout
    assert "Usage: claw roll" in run(["help", "roll"]).stdout


def test_unknown_command_and_unknown_help_topic_say_did_you_mean():
    res = run(["atack"])
    assert res.code == 2 and res.stderr.startswith("claw: no such command 'atack'; did you mean attack?")
    assert res.stderr.splitlines()[1].startswith("hint: ")
    res = run(["help", "warrior"])
    assert res.code == 2 and "did you mean warriors?" in res.stderr


@pytest.mark.parametrize("args,near", [
    (["attack", "--game", "ratcatcher", "--defens", "1"], "did you mean --defence?"),
    (["attack", "--game", "msm", "--wund", "9"], "did you mean --wound?"),
    (["los", "--game", "msm", "--sho"], "did you mean --show?"),
])
def test_near_miss_option_says_did_you_mean(args, near):
    res = run(args)
    assert res.code == 2 and res.stderr.startswith("claw: no such option") and near in res.stderr, res.stderr
    assert res.stderr.splitlines()[1].startswith("hint: see `claw ")


def test_an_unknown_option_without_a_game_is_looked_up_in_every_game():
    res = run(["attack", "--blackpw"])
    assert res.code == 2 and "did you mean --blackpaw?" in res.stderr
    assert res.stderr.splitlines()[1] == "hint: see `claw attack --help`"


def test_an_option_of_another_game_names_its_game_and_the_games_own_options():
    res = run(["attack", "--game", "ratcatcher", "--stun", "7"])
    assert res.code == 2
    assert "--stun is not an option of `claw attack` in ratcatcher (it is msm's)" in res.stderr
    assert "--accuracy" in res.stderr


def test_one_spelling_of_defence_and_the_old_mice_spellings_still_work():
    """Mice and Mystics base-game combat (docs/rules/mice.md ruling 16): `--defence`
    everywhere; `--defense` and `--bonus` stay as hidden aliases."""
    new = run(["attack", "--game", "mice", "--attack-dice", "2", "--defence", "1", "--extra-dice", "1", "--odds"])
    old = run(["attack", "--game", "mice", "--attack-dice", "2", "--defense", "1", "--bonus", "1", "--odds"])
    assert new.code == 0 and new.stdout == old.stdout
    flags = {o.flag for g in GAMES for c in commands_of(g).values() for o in c.options}
    assert "--defense" not in flags and "--defence" in flags


def test_negative_numbers_and_stdin_dash_are_not_taken_for_options():
    from claw.cli.shell.dispatch import _looks_like_option

    assert not _looks_like_option("-3") and not _looks_like_option("-") and _looks_like_option("-x")


def test_the_examples_of_the_top_help_run(tmp_path):
    """Each example under `claw --help` works from the checkout (in a scratch folder)."""

    from claw.cli.shell.help_turns import EXAMPLES

    root = ROOT
    env = {}
    for example in EXAMPLES:
        words = shlex.split(example.replace("examples/", f"{root}/examples/").replace("game.json",
                                                                                     str(tmp_path / "game.json")))
        while "=" in words[0]:
            key, _, value = words.pop(0).partition("=")
            env[key] = value
        assert words[0] == "claw"
        res = run(words[1:], env=env)
        assert res.code == 0, (example, res.stderr)
        env = {}
