"""Write the pictures in docs/pictures/ (the guides' "Pictures" sections and the golden files
of tests/foundation/test_pictures.py) by running claw's own commands on the examples.

Each picture is the stdout of one `claw ... --svg` call on a state built by a fixed list
of commands with a fixed seed, so the same tree always gives the same bytes. Run from
anywhere:

    python scripts/gen_pictures.py            # rewrite docs/pictures/*.svg
    python scripts/gen_pictures.py --out DIR  # write them to DIR instead (the tests compare)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "pictures"

# state name -> (the `claw new` arguments, then the commands played on it, in order)
STATES: dict[str, list[list[str]]] = {
    # scenario 1 in round 2: the cats moved toward the loot, the rats took a turn, Nera searched
    "msm-1": [["new", "examples/msm/scenario-1.yaml", "--seed", "7"],
              ["scenario-step"], ["move", "nera", "B9"], ["move", "nera", "B7"], ["move", "leon", "C9"],
              ["move", "leon", "D8"], ["move", "adara", "B10"], ["end-activation", "adara"],
              ["scenario-step"], ["scenario-step"], ["scenario-step"], ["scenario-step"],
              ["move", "nera", "C7"], ["search", "nera"]],
    # scenario 2 in round 2: the cats advanced, the rats answered
    "msm-2": [["new", "examples/msm/scenario-2.yaml", "--seed", "7"],
              ["scenario-step"], ["move", "nera", "A3"], ["move", "nera", "A5"], ["move", "leon", "B4"],
              ["move", "guy", "C2"], ["move", "adara", "D3"],
              ["scenario-step"], ["scenario-step"], ["scenario-step"], ["scenario-step"]],
    "msm-large": [["new", "examples/msm/large.yaml", "--seed", "7"], ["scenario-step"]],
    # the Ratcatcher gathers three cheese, then explores two new townships
    "ratcatcher": [["new", "examples/ratcatcher/first-game.yaml", "--seed", "3"],
                   ["move", "0.b"], ["gather"], ["move", "4.a"], ["move", "4.b"], ["gather"], ["move", "4.d"],
                   ["gather"], ["explore", "4:e"], ["scenario-step"]],
}

# picture file -> (state name or None, the command that draws it)
PICTURES: dict[str, tuple[str | None, list[str]]] = {
    "msm-scenario-1.svg": ("msm-1", ["show", "--svg"]),
    "msm-scenario-2.svg": ("msm-2", ["show", "--svg"]),
    "msm-large.svg": ("msm-large", ["show", "--svg"]),
    "msm-map-scenario-1.svg": (None, ["show", "--map", "examples/msm/scenario-1.yaml", "--svg"]),
    "msm-los.svg": ("msm-2", ["los", "leon", "rat-3", "--svg"]),
    "msm-moves.svg": ("msm-2", ["moves", "adara", "--svg"]),
    "msm-rats.svg": ("msm-2", ["rats", "--svg"]),
    "ratcatcher-city.svg": ("ratcatcher", ["show", "--svg"]),
    "odds-4d6kh3.svg": (None, ["roll", "4d6kh3", "--odds", "--svg"]),
    "odds-3d6-check.svg": (None, ["roll", "3d6+4", "--odds", "--svg"]),      # a Warriors check, +4
    "odds-mice-3dA.svg": (None, ["roll", "3dA=cheese", "--odds", "--svg"]),  # cheese on 3 action dice
}


def _run(args: list[str], stdin: str | None = None) -> str:
    from claw.cli.testing import run

    r = run(args, stdin=stdin)
    if r.code != 0:
        raise SystemExit(f"claw {' '.join(args)} failed ({r.code}): {r.stderr.strip()}")
    return r.stdout


def state(name: str) -> str:
    """The state text the commands of STATES[name] leave."""
    steps = STATES[name]
    text = _run(steps[0])
    for args in steps[1:]:
        text = _run(args + ["-s", "-"], stdin=text)
    return text


def render() -> dict[str, str]:
    """Every picture's file name and SVG text."""
    cwd = os.getcwd()
    os.chdir(ROOT)  # the examples are named relative to the repository
    try:
        states: dict[str, str] = {}
        out = {}
        for name, (state_name, args) in PICTURES.items():
            if state_name is None:
                out[name] = _run(args)
                continue
            if state_name not in states:
                states[state_name] = state(state_name)
            out[name] = _run(args + ["-s", "-"], stdin=states[state_name])
        return out
    finally:
        os.chdir(cwd)


def main(argv: list[str]) -> int:
    folder = Path(argv[argv.index("--out") + 1]) if "--out" in argv else OUT
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in render().items():
        (folder / name).write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(PICTURES)} pictures to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
