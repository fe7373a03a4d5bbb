"""`claw simulate --plot FILE.svg`: where figures fall (counts by place, as a bar list)
and a histogram of game lengths, with the standard library's XML writer. A minimal
picture until the pictures issue's SVG writer (cli/render/svg.py) is on main; the same
result always gives the same bytes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

BAR = 14
WIDTH = 640


def _bars(parent, y: int, title: str, items: list[tuple[str, int]], colour: str) -> int:
    ET.SubElement(parent, "text", x="10", y=str(y), attrib={"font-weight": "bold"}).text = title
    y += 8
    top = max((n for _, n in items), default=1) or 1
    for label, n in items:
        y += BAR + 4
        ET.SubElement(parent, "text", x="10", y=str(y + BAR - 3)).text = label
        ET.SubElement(parent, "rect", x="160", y=str(y), width=str(max(1, round(400 * n / top))),
                      height=str(BAR), fill=colour)
        ET.SubElement(parent, "text", x=str(166 + round(400 * n / top)), y=str(y + BAR - 3)).text = str(n)
    return y + BAR + 24


def plot_svg(doc: dict) -> bytes:
    """The SVG of the first row of a simulate result."""
    row = doc["variants"][0]
    where = sorted(row["falls"]["where"].items(), key=lambda kv: (-kv[1], kv[0]))[:20]
    hist = [(f"round {k}", v) for k, v in row["rounds"]["histogram"].items()]
    height = 60 + (len(where) + len(hist)) * (BAR + 4) + 80
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(WIDTH), height=str(height),
                     attrib={"font-family": "sans-serif", "font-size": "11"})
    ET.SubElement(svg, "desc").text = (f"claw simulate {doc['file']}, {row['variant']}, policy {doc['policy']}: "
                                       "where figures fell and how long the games lasted")
    y = _bars(svg, 20, "Where figures fall (side@place; msm places are big squares x,y)", where, "#b03a2e")
    _bars(svg, y, "Game length (rounds played)", hist, "#2e86c1")
    return ET.tostring(svg, encoding="utf-8", xml_declaration=True) + b"\n"


def write_plot(path: str, doc: dict) -> None:
    from claw.cli.store.atomic import replace_file

    replace_file(path, plot_svg(doc), path, commit=False)
