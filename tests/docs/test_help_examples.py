"""The examples claw's own help prints run as written (issue 25 item 1).

`claw help GAME` gives one example per command, in turn order, for table mode
(`CLAW_STATE=game.json`). Each runs in the game its own `new` example starts, from the
situation the command is for: SITUATIONS names it (the commands that bring it about),
as a player would have reached it; nothing one example does carries over to the next.
The examples under `claw --help` run in order, and so do those of a command's `--help`.
The same runner as the pages (tests/docs/page_shell.py): bash, claw answered in-process.
"""

from __future__ import annotations

import re

import pytest

from claw.cli.shell.help import _turn, top_help
from claw.cli.shell.help_turns import EXAMPLES
from claw.cli.testing import run
from tests.paths import ROOT

from .page_shell import problems, replay
from .pages import Block, Command

GAMES = ("msm", "ratcatcher", "warriors", "mice")

MICE = [
    "claw place filch tunnel-entrance --spot water", "claw search filch --dice 6", "claw defeat cave-centipede-1",
    "claw explore kings-tunnels", "claw minion-turn roach", "claw defeat elite-rat-warrior-1",
    "claw explore kings-chamber", "claw place nez kings-chamber --spot tray", "claw search nez --dice 6",
    "claw place collin kings-chamber --spot bed", "claw place lily kings-chamber --spot bed",
    "claw chest-lid collin --dice 6,1", "claw explore kitchen", "claw deploy-fork",
    "claw place tilda kitchen --spot counter", "claw gain-cheese tilda 1", "claw fling-cheese tilda --dice 6",
    "claw defeat spider-1", "claw defeat cave-centipede-2", "claw defeat greedy-roach-1", "claw defeat greedy-roach-2",
    "claw defeat greedy-roach-3", "claw defeat greedy-roach-4", "claw build-ghost --eyes collin,nez",
    "claw move-ghost filch 3 --dice 5,1,1,1 --enter dining-hall",
]

# The situation each example is for: commands run after the game's `new` example (the
# game's "" entry first, then the verb's own), before the example.
SITUATIONS: dict[str, dict[str, str]] = {
    "msm": {
        "": "claw scenario-step --until cats",                  # Prêt au Combat, the cats' turn of round 1
        "attack": "claw move leon B4",                          # the Détestable in the musket's range
        "search": 'claw adjust adara square=G3 --reason "beside the loot on G4"',
        "pickup": 'claw adjust guy health=0 --reason "down: his cards lie on B1"',
        "trade": 'claw adjust adara square=A2 --reason "in Nera\'s big square"',
        "remove-stun": 'claw adjust leon stunned=yes --reason "stunned by a rat"',
        "reload": 'claw adjust guy square=H1 --reason "beside the roach" && claw attack guy rat-1 '
                  "--weapon brace-of-pistols --dice 1,1 && claw end-activation && claw scenario-step --until cats",
        "end-activation": "claw activate nera",
        "tavern": "claw scenario-step --done brown-down",      # the scenario won: the Taverne
        "heal": 'claw adjust guy health=7 loot=healing-salve --reason "bitten; a salve" '
                "&& claw scenario-step --done brown-down && claw tavern event",
    },
    "ratcatcher": {
        "gather": "claw move 0.b",                              # the cheese's zone
        "explore": "claw adjust 0.b cheese=0 --reason eaten && claw adjust 3.c cheese=0 --reason eaten",
        "odds": "claw move 0.c",                                # the brown rat's zone
        "attack": "claw move 0.c",
        "trade": "claw adjust 0.a brown=5 --reason rats && claw adjust ratcatcher attack-dice=5 --reason dice "
                 "&& claw attack --dice 6,6,6,6,6",             # five rats for the Tallyman
        "heal": 'claw adjust ratcatcher health-tokens=1 wounds=3 --reason "bitten; a token found"',
        "spawn": "claw scenario-step --until spawn",
    },
    "warriors": {
        "eat": "claw hunt emberpaw vole --knack stalk --points grab=1 --dice 5,5,5,3,3,3,4,4,4,2,3,4",  # a catch
        "knack": "claw scenario-step --age && claw grow emberpaw --knack leap",
        "attack": "claw fight emberpaw bramble --dice 6,1",
        "heal": 'claw gm emberpaw --damage 3 --reason "a fall"',
        "grow": "claw scenario-step --age",                     # 13 moons: a knack to choose
    },
    "mice": {   # the chapter played as docs/games/mice.md's short session, up to what the verb needs
        "place": " && ".join(MICE[:7]),
        "attack": " && ".join(MICE[:4]),
        "defeat": " && ".join(MICE[:4]),
        "chest-lid": " && ".join(MICE[:11]),
        "deploy-fork": " && ".join(MICE[:13]),
        "fling-cheese": " && ".join(MICE[:16]),
        "build-ghost": " && ".join(MICE[:23]),
        "move-ghost": " && ".join(MICE[:24]),
        "scary-noises": " && ".join(MICE[:25]),
        "spend-cheese": "claw gain-cheese tilda 1",
        "release": "claw capture lily",
    },
}


def _replay(where: str, blocks: list[Block], tmp_path) -> list[str]:
    report = []
    for o in replay(ROOT, blocks, tmp_path):
        found = problems(o)
        if found:
            report.append(f"{where}: $ {o.command.text}")
            report += ["    " + f for f in found]
    return report


def _session(where: str, lines: list[str], tmp_path) -> list[str]:
    block = Block(where, 1, "sh", commands=[Command(where, n, line) for n, line in enumerate(lines, 1)])
    return _replay(where, [block], tmp_path)


@pytest.mark.parametrize("game", GAMES)
def test_claw_help_game_examples_run_in_their_situation(game, tmp_path):
    turn = [(verb, example) for verb, _, example in _turn(game) if example]
    assert turn[0][0] == "new" and turn[0][1].endswith(" -o game.json"), turn[0]
    shown = run(["help", game]).stdout
    for _, example in turn:   # the help prints each one (wrapped at the terminal's width)
        assert " ".join(example.split()[:3]) in shown, example
    where = f"claw help {game}"
    start = [Command(where, 0, "export CLAW_STATE=game.json"), Command(where, 0, turn[0][1])]
    if SITUATIONS[game].get(""):
        start.append(Command(where, 0, SITUATIONS[game][""]))
    blocks = [Block(where, 0, "sh", commands=start)]
    for verb, example in turn[1:]:
        blocks.append(Block(where, 0, "sh", alternatives=True, setup=SITUATIONS[game].get(verb, ""),
                            commands=[Command(f"{where} ({verb})", 0, example)]))
    report = _replay(where, blocks, tmp_path)
    assert not report, "\n" + "\n".join(report)


def test_claw_help_examples_run_in_order(tmp_path):
    assert all(example in top_help() for example in EXAMPLES)
    report = _session("claw --help", list(EXAMPLES), tmp_path)
    assert not report, "\n" + "\n".join(report)


def _epilog_examples(verb: str) -> list[str]:
    text = run([verb, "--help"]).stdout
    if "Examples:" not in text:
        return []
    block = text.split("Examples:", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines() if re.match(r"\s+claw ", line)]


def test_every_command_help_example_is_run():
    """Which commands' --help show examples: each is run by a test here (simulate's below)."""
    verbs = re.findall(r"^  ([a-z][a-z-]+)  ", top_help(), re.M)
    with_examples = {verb for verb in verbs if _epilog_examples(verb)}
    assert with_examples == {"simulate"}, with_examples


@pytest.mark.slow  # whole games of msm and the Ratcatcher, in worker processes: seconds of CPU
def test_simulate_help_examples_run(tmp_path):
    """Each example as printed, with ``--games 20`` added at the end (the last --games wins):
    the examples' own counts (500 and the default) are minutes of CPU on a 2-core CI machine,
    and what can break in an example — its words, options, files and the workers — is the
    same at 20 games as at 500."""
    examples = _epilog_examples("simulate")
    assert len(examples) == 3
    report = _session("claw simulate --help", [f"{line} --games 20" for line in examples], tmp_path)
    assert not report, "\n" + "\n".join(report)
