"""The msm board as SVG (issue 22): what the picture shows is what the board holds.

Properties on random maps (hypothesis): every figure on the board appears exactly once as a
``<title>``; every wall and yellow-line edge exactly once; the terrain read back from the
squares' classes equals the board's and the text board's. Squares on the Map: small squares
in 2x2 big squares; Line of Sight: the overlay draws the corner-to-corner lines.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.games.msm.render import cell_chars, render_board
from claw.cli.games.msm.svg import CELL, board_svg
from claw.cli.testing import run
from claw.core.msm.board import BLOCKING, HINDERING, OPEN, edge_name
from claw.core.msm.setup import board_from_state, new_state
from claw.core.rng import SeededDice

from .mapgen import random_map

NS = "{http://www.w3.org/2000/svg}"
POOL = [{"type": "roach", "count": 6}, {"type": "detestable", "count": 3}, {"type": "arbaletrier", "count": 2}]


def _game(seed: int, size: int):
    doc_map = random_map(size, seed=seed, walls=size + 4, rats=8, cats=4)
    walls = doc_map["walls"]
    doc_map["walls"], doc_map["yellow_lines"] = walls[::2], walls[1::2]
    doc = {"game": "msm", "name": "random & <odd> name", "rats": POOL, "round_track": [[], ["S"], []],
           "map": doc_map}
    state, _ = new_state(doc, SeededDice(seed))
    dice = SeededDice(seed + 1)
    for fig in state["figures"].values():  # every status shows up somewhere
        for flag in ("stunned", "vulnerable", "revealed"):
            if dice.draw(0, 2, flag) == 0:
                fig[flag] = not fig.get(flag, False)
    return state, board_from_state(state)


def _terrain_from_svg(root) -> dict:
    """{(x, y): terrain} from the squares' rects: the class names the terrain, the position
    the square (the board's top-left square is the rect nearest the origin)."""
    rects = [r for r in root.iter(NS + "rect") if "sq" in (r.get("class") or "").split()
             and r.get("width") == str(CELL)]
    x0 = min(float(r.get("x")) for r in rects)
    y0 = min(float(r.get("y")) for r in rects)
    out = {}
    for r in rects:
        sq = (round((float(r.get("x")) - x0) / CELL), round((float(r.get("y")) - y0) / CELL))
        assert sq not in out, f"square {sq} drawn twice"
        terrain = [c for c in r.get("class").split() if c != "sq"]
        assert len(terrain) == 1
        out[sq] = terrain[0]
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([8, 16, 24]))
def test_the_picture_shows_each_figure_edge_and_square_once(seed, size):
    state, board = _game(seed, size)
    text = board_svg(board, state["figures"], state=state, title=state["scenario"]["name"])
    root = ET.fromstring(text.encode())
    # each figure on the board: one <g> with one <title> naming it first
    titles = [t.text for g in root.iter(NS + "g") if "figure" in (g.get("class") or "").split()
              for t in g.findall(NS + "title")]
    on_board = sorted(fid for fid, f in state["figures"].items() if f.get("square"))
    assert sorted(t.split(" · ")[0] for t in titles) == on_board
    for t in titles:
        fid = t.split(" · ")[0]
        assert state["figures"][fid]["square"] in t
        for flag in ("stunned", "vulnerable"):
            assert (flag in t) == bool(state["figures"][fid].get(flag))
    # each wall and yellow line: one line carrying its edge's name
    for cls, edges in (("wall", board.walls), ("yellow-line", board.yellow_lines)):
        drawn = [ln.get("data-edge") for ln in root.iter(NS + "line") if ln.get("class") == cls
                 and ln.get("data-edge")]
        assert sorted(drawn) == sorted(edge_name(e) for e in edges)
    # terrain from the classes: the board's, and the text board's
    terrain = _terrain_from_svg(root)
    assert terrain == {sq: board.terrain_at(sq) for sq in board.squares()}
    chars = cell_chars(render_board(board, {}, colour=False), board.width, board.height)
    for y, row in enumerate(chars):
        for x, ch in enumerate(row):
            if ch in "#~.":
                assert terrain[(x, y)] == {"#": BLOCKING, "~": HINDERING, ".": OPEN}[ch]


def test_the_picture_of_a_state_is_the_same_bytes_twice():
    state, board = _game(3, 16)
    assert board_svg(board, state["figures"], state=state) == board_svg(board, state["figures"], state=state)


def _state(tmp_path):
    game = tmp_path / "g.json"
    game.write_text(run(["new", "examples/msm/scenario-2.yaml", "--seed", "7"]).stdout)
    run(["scenario-step", "-s", str(game), "-i"])
    return game


def test_show_svg_replaces_the_text_board_and_keeps_the_text_alternative(tmp_path):
    game = _state(tmp_path)
    r = run(["show", "-s", str(game), "--svg"])
    assert r.code == 0
    root = ET.fromstring(r.stdout.encode())
    assert root.find(NS + "title").text.startswith("Prêt au Combat")
    desc = root.find(NS + "desc").text
    assert "key:" in desc and "Figures:" in desc and "Round 1" in desc


def test_an_illustrative_map_says_so(tmp_path):
    """The examples' maps are not the scenario book's: the picture's title and heading say so."""
    r = run(["show", "--map", "examples/msm/scenario-1.yaml", "--svg"])
    root = ET.fromstring(r.stdout.encode())
    assert "Illustrative map" in root.find(NS + "title").text
    assert any("Illustrative map" in (t.text or "") for t in root.iter(NS + "text"))


def test_los_overlay_draws_the_sixteen_lines_and_the_blockers(tmp_path):
    """Line of Sight: from corner to corner; a blocked pair shows every line and rings
    what blocked it (here the two cats between Nera and the roach)."""
    game = tmp_path / "g.json"
    game.write_text(run(["new", "examples/msm/scenario-2.yaml", "--seed", "7"]).stdout)
    r = run(["los", "nera", "rat-1", "-s", str(game), "--svg"])
    assert r.code == 0
    root = ET.fromstring(r.stdout.encode())
    lines = [ln for ln in root.iter(NS + "line") if (ln.get("class") or "").startswith("sight")]
    assert len(lines) == 16 and all(ln.get("class") == "sight-blocked" for ln in lines)
    rings = [r for r in root.iter(NS + "rect") if r.get("class") == "blocker"]
    assert len(rings) == 2  # guy on B1, leon on B2
    clear = run(["los", "leon", "rat-3", "-s", str(game), "--svg"])
    best = [ln for ln in ET.fromstring(clear.stdout.encode()).iter(NS + "line") if ln.get("class") == "sight"]
    assert len(best) == 1


def test_moves_overlay_shades_each_reachable_square_by_its_cost(tmp_path):
    """Cat Actions: prowl and stride cost 1 AP, a pounce 2; the cheapest is shown."""
    game = _state(tmp_path)
    listed = run(["moves", "adara", "-s", str(game), "--json"]).state
    r = run(["moves", "adara", "-s", str(game), "--svg"])
    root = ET.fromstring(r.stdout.encode())
    shaded = [e for e in root.iter(NS + "rect") if (e.get("class") or "").startswith("reach-")]
    reachable = {s for squares in listed.values() for s in squares}
    assert len(shaded) == len(reachable)
    one = set(listed["prowl"]) | set(listed["stride"])
    assert sum(1 for e in shaded if e.get("class") == "reach-1") == len(one)


def test_rats_overlay_draws_an_arrow_per_moving_rat(tmp_path):
    """Rat movement: each rat's next step toward its closest cat, ties dashed."""
    game = _state(tmp_path)
    plans = run(["rats", "-s", str(game), "--json"]).state
    moving = [p for p in plans["rats"] if p.get("distance")]
    root = ET.fromstring(run(["rats", "-s", str(game), "--svg"]).stdout.encode())
    firm = [ln for ln in root.iter(NS + "line") if ln.get("class") == "step"]
    assert len(firm) == len(moving)
    order = [t.text for t in root.iter(NS + "text") if t.get("class") == "order-text"]
    assert order == [str(i) for i in range(1, len(plans["order"]) + 1)]
