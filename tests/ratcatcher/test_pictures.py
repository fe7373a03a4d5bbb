"""The Ratcatcher city as a picture (issue 22): a schematic of the township cards.

Place New Locations: "the orientation of township cards does not matter" — so the picture
is a layout of boxes from #00 along the links, and its title says it is a schematic.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from claw.cli.games.ratcatcher.city_layout import layout
from claw.cli.testing import run
from claw.core.ratcatcher.city import connector_zone

NS = "{http://www.w3.org/2000/svg}"
STEPS = [["move", "0.b"], ["gather"], ["move", "4.a"], ["move", "4.b"], ["gather"], ["move", "4.d"], ["gather"],
         ["explore", "4:e"], ["scenario-step"]]


def _explored() -> str:
    text = run(["new", "examples/ratcatcher/first-game.yaml", "--seed", "3"]).stdout
    for args in STEPS:
        r = run(args + ["-s", "-"], stdin=text)
        assert r.code == 0, r.stderr
        text = r.stdout
    return text


def test_the_city_picture_draws_every_zone_link_and_figure_once():
    text = _explored()
    state = run(["show", "-s", "-", "--json"], stdin=text).state
    r = run(["show", "-s", "-", "--svg"], stdin=text)
    assert r.code == 0, r.stderr
    root = ET.fromstring(r.stdout.encode())
    assert "schematic" in root.find(NS + "title").text and "orientation" in root.find(NS + "title").text
    zones = [g.get("id") for g in root.iter(NS + "g") if g.get("class") == "zone"]
    assert sorted(zones) == sorted("zone-" + z.replace(".", "-") for z in state["zones"])
    cards = [g.get("id") for g in root.iter(NS + "g") if "card" in (g.get("class") or "").split()]
    assert sorted(cards) == sorted(f"card-{n}" for n in state["city"])
    links = [g.find(NS + "title").text for g in root.iter(NS + "g") if g.get("class") == "linked"]
    assert sorted(links) == sorted(f"link {a} — {b}" for a, b in state["links"])
    figures = [g.find(NS + "title").text for g in root.iter(NS + "g")
               if (g.get("class") or "").startswith("figure ") and g.find(NS + "title") is not None]
    rc = state["ratcatcher"]
    assert sum(1 for t in figures if "(the Ratcatcher)" in t and t.endswith(rc["zone"])) == 1
    assert sum(1 for t in figures if "Peculiar Rat" in t) == len(state["peculiar"])
    rats = [g.find(NS + "title").text for g in root.iter(NS + "g") if (g.get("class") or "").startswith("rat ")]
    expected = sorted(f"{n} {c} rat(s) in {z}" for z, zone in state["zones"].items()
                      for c, n in zone["rats"].items() if n)
    assert sorted(rats) == expected


def test_the_layout_walks_the_links_from_card_00():
    """Cards get distinct grid cells; #00 at the origin; a card joined through a compass
    connector (n, e, s, w) lies on that side when that cell is free."""
    state = run(["show", "-s", "-", "--json"], stdin=_explored()).state
    cells = layout(state)
    assert cells["0"] == (0, 0) and len(set(cells.values())) == len(state["city"])
    steps = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
    a, b = state["links"][0]
    (ca, ia), (cb, _) = a.split(":"), b.split(":")
    if ia in steps:
        assert cells[cb] == (cells[ca][0] + steps[ia][0], cells[ca][1] + steps[ia][1])


def test_dot_lists_every_zone_and_link():
    text = _explored()
    state = run(["show", "-s", "-", "--json"], stdin=text).state
    r = run(["show", "-s", "-", "--dot"], stdin=text)
    assert r.code == 0 and r.stdout.startswith("graph city {")
    for zid in state["zones"]:
        assert f'"{zid}" [label=' in r.stdout
    for a, b in state["links"]:
        assert f'"{connector_zone(state, a)}" -- "{connector_zone(state, b)}" [penwidth=3' in r.stdout
    assert r.stdout.count("subgraph cluster_") == len(state["city"])
