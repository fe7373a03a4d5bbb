"""Issue 10 item 7: the same input bytes and arguments give the same output bytes under
any PYTHONHASHSEED, for all four games (README: deterministic pipelines).

Each hash seed needs its own interpreter; inside it, a pipeline of each game runs in
process (claw.cli.testing.run) and every stage's stdout and stderr are collected.
"""

import json
import os
import subprocess
import sys

from tests.paths import ROOT

EXAMPLES = ROOT / "examples"

PIPELINES = {
    "msm": [["new", "msm/scenario-1.yaml", "--seed", "7"], ["scenario-step", "--until", "cats"],
            ["scenario-step"], ["show", "--json"]],
    "ratcatcher": [["new", "ratcatcher/first-game.yaml", "--seed", "4"], ["move", "0.b"], ["gather"],
                   ["scenario-step"], ["scenario-step"], ["show", "--json"]],
    "warriors": [["new", "warriors/emberpaw.yaml", "warriors/bramble.yaml", "--seed", "5"], ["scenario-step"],
                 ["show", "--json"]],
    "mice": [["new", "mice/ghost-of-castle-andon.yaml", "--seed", "3"], ["scenario-step"], ["show", "--json"]],
}

SCRIPT = """
import json, sys
from claw.cli.testing import run
out = {}
for game, steps in json.loads(sys.argv[1]).items():
    state, texts = None, []
    for step in steps:
        r = run(step, stdin=state)
        assert r.code == 0, (game, step, r.stderr)
        texts.append([r.stdout, r.stderr])
        if r.stdout.startswith('{\\n "format"'):
            state = r.stdout
    out[game] = texts
print(json.dumps(out))
"""


def test_every_game_pipeline_is_byte_identical_across_hash_seeds():
    procs = [subprocess.Popen([sys.executable, "-c", SCRIPT, json.dumps(PIPELINES)], cwd=EXAMPLES,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONHASHSEED": seed, "NO_COLOR": "1"})
             for seed in ("0", "1")]
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
        outputs.append(json.loads(out))
    first, second = outputs
    for game in PIPELINES:
        for step, (a, b) in enumerate(zip(first[game], second[game], strict=True)):
            assert a == b, f"{game}: stage {step + 1} ({PIPELINES[game][step][0]}) differs between hash seeds"
