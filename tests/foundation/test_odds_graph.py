"""Odds you can see (issue 22): `claw roll EXPR --odds --graph` adds a bar per outcome and
"at least" / "at most" columns; --json gains them per outcome; --odds --svg is a chart."""

from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.render.bars import EIGHTHS, FULL, bar, can_draw_blocks
from claw.cli.testing import run
from claw.core.dice import distribution, parse


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["3d6", "4d6kh3", "2d12", "5d6>=4", "d%", "2d6-1d4", "1d20+1d4"]), st.integers(-5, 120))
def test_tails_are_at_least_and_at_most(expression, target):
    dist = distribution(parse(expression))
    tails = dist.tails()
    assert list(tails) == list(dist.counts)
    for value, (least, most) in tails.items():
        assert Fraction(least, dist.denominator) == dist.at_least(value)
        assert Fraction(most, dist.denominator) == dist.at_most(value)


def test_bars_are_proportional_and_never_empty_above_zero():
    assert bar(1.0, 10) == FULL * 10
    assert bar(0.5, 10) == FULL * 5
    assert bar(0.55, 10) == FULL * 5 + EIGHTHS[4]
    assert bar(0.0001, 10) == EIGHTHS[1] and bar(0, 10) == ""
    assert bar(0.5, 10, ascii=True) == "#" * 5 and bar(0.0001, 10, ascii=True) == "#"
    assert can_draw_blocks("utf-8") and not can_draw_blocks("ascii") and not can_draw_blocks("cp1252")


def test_graph_rows_show_chance_at_least_and_at_most():
    r = run(["roll", "4d6kh3", "--odds", "--graph"], env={"COLUMNS": "100"})
    assert r.code == 0
    lines = r.stdout.splitlines()
    assert lines[1].split() == ["exact", "chance", "at", "least", "at", "most"]
    rows = {int(ln.split()[0]): ln for ln in lines[2:] if ln.strip()[:2].strip().isdigit()}
    assert sorted(rows) == list(range(3, 19))
    assert rows[3].split()[3:5] == ["100.00%", "0.08%"] and rows[18].split()[3:5] == ["1.62%", "100.00%"]
    longest = max(rows.values(), key=lambda ln: ln.count(FULL))
    assert longest.startswith("13") and len(longest) <= 100  # the likeliest total has the longest bar


def test_graph_falls_back_to_hashes_where_blocks_cannot_be_shown():
    assert "#" in run(["roll", "3d6", "--odds", "--graph", "--ascii"]).stdout
    assert FULL not in run(["roll", "3d6", "--odds", "--graph", "--ascii"]).stdout
    done = subprocess.run([sys.executable, "-m", "claw", "roll", "3d6", "--odds", "--graph"], capture_output=True,
                          env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}, timeout=60)
    assert done.returncode == 0 and b"##" in done.stdout
    text = io.BytesIO(done.stdout).read().decode("ascii")  # pure ASCII
    assert "at least" in text


def test_json_gains_at_least_and_at_most():
    data = run(["roll", "3d6", "--odds", "--json"]).state
    dist = distribution(parse("3d6"))
    for row in data["distribution"]:
        assert Fraction(row["at_least"]["fraction"]) == dist.at_least(row["value"])
        assert Fraction(row["at_most"]["fraction"]) == dist.at_most(row["value"])


def test_the_chart_has_a_column_per_outcome():
    r = run(["roll", "3d6", "--odds", "--svg"])
    root = ET.fromstring(r.stdout.encode())
    ns = "{http://www.w3.org/2000/svg}"
    columns = [g for g in root.iter(ns + "g") if g.get("class") == "outcome"]
    assert len(columns) == 16
    assert columns[7].find(ns + "title").text.startswith("10: 12.50%")


def test_the_text_path_imports_no_picture_code():
    """`claw show` and `claw roll --odds` as text import neither the SVG writer nor the bars."""
    code = ("import sys; from claw.cli.testing import run; "
            "run(['new', 'examples/msm/scenario-1.yaml', '--seed', '1', '-o', sys.argv[1]]); "
            "run(['show', '-s', sys.argv[1]]); run(['roll', '3d6', '--odds']); "
            "print(sorted(m for m in sys.modules if m.startswith(('claw.cli.render.svg', 'claw.cli.render.bars', "
            "'claw.cli.games.msm.svg', 'resvg'))))")
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-c", code, f"{tmp}/g.json"], capture_output=True, text=True,
                              timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
