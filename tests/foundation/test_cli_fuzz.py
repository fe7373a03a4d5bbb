"""Anything a user can type gets an exit code 0, 2, 3 or 4 and never a traceback: random
commands, arguments, options and dice against a started game of every kind."""

import random

import pytest

from claw.cli.shell.dispatch import collect
from claw.cli.testing import run
from tests.paths import ROOT

STARTS = {
    "msm": ["examples/msm/scenario-1.yaml"],
    "ratcatcher": ["examples/ratcatcher/first-game.yaml"],
    "warriors": ["examples/warriors/emberpaw.yaml", "examples/warriors/bramble.yaml"],
    "mice": ["examples/mice/ghost-of-castle-andon.yaml"],
}
WORDS = ["nera", "rat-1", "A1", "Z99", "0.a", "emberpaw", "bramble", "vole", "collin", "blackpaw",
         "-1", "999", "x", "", "kitchen", "3", "cheese", "guy", "see", "1.b", "a=b", "1,2"]


@pytest.fixture(scope="module")
def states():
    out = {}
    for game, files in STARTS.items():
        r = run(["new", *[str(ROOT / f) for f in files], "--seed", "1"])
        assert r.code == 0, r.stderr
        out[game] = r.stdout
    return out


@pytest.mark.parametrize("seed", range(4))
def test_random_commands_never_crash(states, seed):
    rnd = random.Random(seed)
    verbs = collect()
    for _ in range(60):
        game = rnd.choice(sorted(states))
        verb = rnd.choice(sorted(verbs))
        args = [verb] + [rnd.choice(WORDS) for _ in range(rnd.randint(0, 3))]
        spec = verbs[verb].get(game)
        if spec and spec.options and rnd.random() < 0.7:
            opt = rnd.choice(list(spec.options))
            args.append(opt.flag)
            if opt.type is not bool:
                args.append(rnd.choice(WORDS))
        if rnd.random() < 0.3:
            args += ["--dice", rnd.choice(["1", "13,2", "6,6,6", "0", "x"])]
        r = run(args, stdin=states[game])
        assert r.code in (0, 2, 3, 4) and "Traceback" not in r.stderr, (game, args, r.stderr)
