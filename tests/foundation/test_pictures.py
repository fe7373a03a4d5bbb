"""Pictures (issue 22): the golden SVG files in docs/pictures are what the commands draw,
byte for byte under any hash seed; every SVG parses; PNG through the optional extra."""

from __future__ import annotations

import importlib.util
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.testing import run

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "gen_pictures.py"
FOLDER = ROOT / "docs" / "pictures"
SVG = "{http://www.w3.org/2000/svg}"


def _script():
    spec = importlib.util.spec_from_file_location("gen_pictures", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pictures() -> dict[str, str]:
    return _script().render()


def test_the_golden_pictures_are_current(pictures):
    """The checked-in pictures (both msm examples mid-game, the 64x64 map, a Ratcatcher city
    after exploring, the 4d6kh3 odds chart, the overlays) are what the commands draw now."""
    assert {"msm-scenario-1.svg", "msm-scenario-2.svg", "msm-large.svg", "ratcatcher-city.svg",
            "odds-4d6kh3.svg"} <= set(pictures)
    stale = [name for name, text in pictures.items()
             if not (FOLDER / name).exists() or (FOLDER / name).read_text(encoding="utf-8") != text]
    assert not stale, f"run python scripts/gen_pictures.py (stale: {', '.join(stale)})"
    extra = sorted(p.name for p in FOLDER.glob("*.svg") if p.name not in pictures)
    assert not extra, f"pictures no script makes: {extra}"


def test_the_same_bytes_under_another_hash_seed(tmp_path):
    """A separate process with a different PYTHONHASHSEED writes the same bytes (this test
    process runs under its own seed: pytest's, random by default)."""
    env = {**os.environ, "PYTHONHASHSEED": "4242", "NO_COLOR": "1"}
    env.pop("CLAW_STATE", None)
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for path in sorted(FOLDER.glob("*.svg")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_every_picture_parses_and_has_a_title_and_a_text_alternative(pictures):
    for name, text in pictures.items():
        root = ET.fromstring(text.encode("utf-8"))
        assert root.tag == SVG + "svg", name
        assert root.find(SVG + "title").text, name
        assert root.find(SVG + "desc").text, name
        assert text.isascii(), f"{name}: non-ASCII characters are written as references"
        assert "sans-serif" in root.get("font-family").split(", ")[-1], "the generic family comes last"
        assert len(root.get("font-family").split(",")) > 1, "resvg needs a named family before the generic one"


def test_the_svg_writer_escapes_and_formats_numbers_the_same_way_every_time():
    from claw.cli.render.svg import Drawing, el, escape, num

    assert [num(v) for v in (3, 2.0, 2.5, 1 / 3, -0.001, 1e-7, 12.345)] == ["3", "2", "2.5", "0.33", "0", "0",
                                                                            "12.35"]
    assert escape('<a & "b">\x07é') == '&lt;a &amp; "b"&gt;&#233;'
    assert escape('"x"\n', quote=True) == "&quot;x&quot;&#10;"
    d = Drawing(10, 5, title="t <1>", desc="d")
    d.add(el("text", "Prêt & <go>", class_="x", x=1.5, y=2, data_edge="A1-B1"))
    out = d.to_string()
    ET.fromstring(out.encode())
    assert '<text class="x" x="1.5" y="2" data-edge="A1-B1">Pr&#234;t &amp; &lt;go&gt;</text>' in out


def _escaped(text: str, quote: bool) -> str:
    """The writer's escaping spelled out a character at a time (its fast paths must agree)."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in "\n\t":
            out.append(f"&#{code};" if quote else ch)
        elif code < 32 or 0x7F <= code < 0xA0 or 0xD800 <= code < 0xE000 or code in (0xFFFE, 0xFFFF):
            continue  # not allowed in XML 1.0
        elif ch in "&<>" or (quote and ch == '"'):
            out.append({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[ch])
        else:
            out.append(ch if code < 128 else f"&#{code};")
    return "".join(out)


@settings(max_examples=400, deadline=None)
@given(st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF)), st.booleans(),
       st.floats(allow_nan=False, allow_infinity=False))
def test_the_writer_s_fast_paths_write_what_the_rules_say(text, quote, value):
    """Escaping (ASCII, printable non-ASCII and the rest) and numbers (whole or not) take
    shortcuts for speed (docs/performance.md, pictures): the same characters as the rule."""
    from claw.cli.render.svg import el, escape, num

    assert escape(text, quote) == _escaped(text, quote)
    spelled = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    assert num(value) == ("0" if spelled in ("-0", "") else spelled)
    assert el("t", None, a=text, b=value, c=3, d=None, e=True).head == \
        f'<t a="{_escaped(text, True)}" b="{num(value)}" c="3" e="True"'


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_png_without_the_extra_exits_2_naming_it(tmp_path):
    """Without resvg-py, --png is a usage error that says which extra to install; no file."""
    out = tmp_path / "board.png"
    with mock.patch.dict(sys.modules, {"resvg_py": None}):
        r = run(["show", "--map", str(ROOT / "examples/msm/scenario-1.yaml"), "--png", str(out)])
    assert r.code == 2 and "claw-tabletop[png]" in r.stderr and not out.exists()


def test_png_has_the_size_asked_for(tmp_path):
    pytest.importorskip("resvg_py", reason="the png extra (resvg-py) is not installed")
    out = tmp_path / "board.png"
    r = run(["show", "--map", str(ROOT / "examples/msm/scenario-1.yaml"), "--png", str(out), "--size", "640"])
    assert r.code == 0, r.stderr
    w, h = _png_size(out.read_bytes())
    assert w == 640 and 0 < h < 640 * 2  # the longer side is --size; the other in proportion
    tall = tmp_path / "tall.png"
    assert run(["show", "--map", str(ROOT / "examples/msm/scenario-2.yaml"), "--png", str(tall),
                "--size", "500"]).code == 0
    w, h = _png_size(tall.read_bytes())
    assert h == 500 and w < 500
    natural = tmp_path / "natural.png"  # no --size: the drawing's own size, a unit a pixel
    assert run(["show", "--map", str(ROOT / "examples/msm/scenario-2.yaml"), "--png", str(natural)]).code == 0
    svg = run(["show", "--map", str(ROOT / "examples/msm/scenario-2.yaml"), "--svg"]).stdout
    root = ET.fromstring(svg.encode())
    assert _png_size(natural.read_bytes()) == (int(float(root.get("width"))), int(float(root.get("height"))))
    chart = tmp_path / "odds.png"
    assert run(["roll", "2d6", "--odds", "--png", str(chart), "--size", "300"]).code == 0
    assert _png_size(chart.read_bytes())[0] == 300


def test_png_refusals():
    assert run(["show", "--map", str(ROOT / "examples/msm/scenario-1.yaml"), "--size", "300"]).code == 2
    assert run(["roll", "2d6", "--svg"]).code == 2  # a chart is of the odds: --odds needed
    r = run(["roll", "2d6", "--odds", "--png", "x.png", "--size", "5"])
    assert r.code == 2 and "--size" in r.stderr


def test_the_picture_options_help_gives_the_writer_s_numbers():
    """framework.spec declares the options (a text run imports no picture code); its help
    repeats render.svg's limits, so they must agree."""
    from claw.cli.framework.spec import picture_options
    from claw.cli.render.svg import MAX_SIZE, MIN_SIZE

    size = next(o for o in picture_options() if o.flag == "--size")
    assert f"{MIN_SIZE}-{MAX_SIZE}" in size.help
