"""The Ratcatcher city as a picture (``claw show --svg``) and as Graphviz text (``--dot``).

A schematic, not a photograph of the table: the rulebook says a township card's
orientation does not matter (*Place New Locations*), so the cards are boxes on a grid,
laid out by a walk over the links from #00: a card joined through a connector named by a
compass letter (n, e, s, w) goes on that side when the place is free. A joined connector
is drawn on the side facing its partner card; a free one on its compass side (other
names on the lower edge). Zones are boxes
inside their card, joined by the card's adjacency; a link between two cards is a heavy
line between their connectors. Rats are coloured dots with counts; cheese, nests, spawn
points, traps and tokens are marked in the zone; the Ratcatcher, the Nemesis and
Peculiar Rats are figures with a ``<title>`` each.
"""

from __future__ import annotations

from claw.cli.games.ratcatcher.city_layout import CARD_H, CARD_W, ZONE_H, ZONE_W, connector_spots, layout, zone_boxes
from claw.cli.render.svg import Drawing, el

GAP = 60
PAD = 16
EDGE = 14         # room outside the outer cards for their connectors
HEAD = 56

RAT_FILL = {"brown": "#8b5a2b", "black": "#1d1d1d", "white": "#ffffff"}

STYLE = """
text{fill:#1d1d1d}
.title{font-size:18px;font-weight:bold}
.sub{font-size:12px;fill:#3a3a3a}
.card rect.box{fill:#f6f1e4;stroke:#5b5548;stroke-width:2}
.card.active rect.box{fill:#fff8dc;stroke:#1d1d1d;stroke-width:3}
.card-name{font-size:13px;font-weight:bold}
.card-note{font-size:10px;fill:#4a4a4a}
.zone rect{fill:#ffffff;stroke:#7d7566;stroke-width:1.2}
.zone-id{font-size:11px;font-weight:bold;fill:#4a4a4a}
.adjacent{stroke:#9c9282;stroke-width:2;stroke-dasharray:4 3}
.link{stroke:#1f4fa8;stroke-width:5;stroke-linecap:round}
.to-zone{stroke:#1f4fa8;stroke-width:1.5;stroke-dasharray:3 2}
.connector rect{fill:#1f4fa8;stroke:#ffffff;stroke-width:1}
.connector text{font-size:9px;font-weight:bold;fill:#ffffff;text-anchor:middle}
.connector.free rect{fill:#ffffff;stroke:#1f4fa8;stroke-width:1.5}
.connector.free text{fill:#1f4fa8}
.rat circle{stroke:#1d1d1d;stroke-width:1.2}
.count{font-size:11px;font-weight:bold}
.cheese polygon{fill:#f2c200;stroke:#6b5200;stroke-width:1}
.mark rect{fill:#5b5548}
.mark text{font-size:9px;font-weight:bold;fill:#ffffff;text-anchor:middle}
.trap rect{fill:#7a0c0c}
.spawn rect{fill:#2f7d32}
.nest rect{fill:#6b4f2a}
.token rect{fill:#7b2c8f}
.figure text{font-size:11px;font-weight:bold;fill:#ffffff;text-anchor:middle}
.figure circle{stroke:#111111;stroke-width:1.5}
.ratcatcher circle{fill:#00707a}
.nemesis circle{fill:#b22222}
.peculiar circle{fill:#8f2c8f}
.legend text{font-size:11px}
""".strip()


def city_svg(state: dict, desc: str) -> str:
    from claw.core.ratcatcher.city import active_cards, zone_id

    cells = layout(state)
    xs = [x for x, _ in cells.values()] or [0]
    ys = [y for _, y in cells.values()] or [0]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    width = PAD * 2 + cols * CARD_W + (cols - 1) * GAP + 2 * EDGE
    height = HEAD + PAD * 2 + rows * CARD_H + (rows - 1) * GAP + 2 * EDGE + 24
    width = max(width, 560)
    phase = state["phase"]
    turn = "game over" if phase == "over" else f"{phase}'s turn"
    name = str(state.get("scenario", ""))
    title = f"The Ratcatcher — {name} — round {state['round']}, {turn} (schematic city: card orientation does " \
            "not matter)"
    d = Drawing(width, height, title=title, desc=desc, style=STYLE)
    d.add(el("rect", width=width, height=height, fill="#ffffff"))
    d.add(el("text", f"The Ratcatcher — {name}", class_="title", x=PAD, y=PAD + 18))
    d.add(el("text", f"round {state['round']}, {turn} · schematic: township orientation does not matter, "
                     "cards placed by their links from #00", class_="sub", x=PAD, y=PAD + 36))

    def origin(card: str) -> tuple[float, float]:
        cx, cy = cells[card]
        return PAD + EDGE + (cx - x0) * (CARD_W + GAP), HEAD + PAD + EDGE + (cy - y0) * (CARD_H + GAP)

    active = active_cards(state)
    spots = connector_spots(state, cells)
    boxes = {num: zone_boxes(state["cards"][num]) for num in state["city"]}
    used = {c for link in state["links"] for c in link}

    def spot(conn: str) -> tuple[float, float]:
        ox, oy = origin(conn.partition(":")[0])
        sx, sy = spots[conn]
        return ox + sx, oy + sy

    def zone_centre(card: str, zid: str) -> tuple[float, float]:
        ox, oy = origin(card)
        bx, by = boxes[card][zid]
        return ox + bx + ZONE_W / 2, oy + by + ZONE_H / 2

    cards_g = d.add(el("g", class_="cards"))
    for num in state["city"]:
        card = state["cards"][num]
        ox, oy = origin(num)
        g = cards_g.add(el("g", class_="card active" if num in active else "card", id=f"card-{num}"))
        g.add(el("title", f"#{int(num):02d} {card.get('name', '')} (expansion {card.get('expansion')}, "
                          f"{'active' if num in active else 'inactive'})"))
        g.add(el("rect", class_="box", x=ox, y=oy, width=CARD_W, height=CARD_H, rx=8))
        g.add(el("text", f"#{int(num):02d} {card.get('name', '')}", class_="card-name", x=ox + 12, y=oy + 20))
        g.add(el("text", "active" if num in active else "inactive", class_="card-note", x=ox + CARD_W - 12,
                 y=oy + 20, text_anchor="end"))
        for z in card["zones"]:
            for other in z.get("adjacent", []):
                (ax, ay), (bx, by) = zone_centre(num, z["id"]), zone_centre(num, other)
                g.add(el("line", class_="adjacent", x1=ax, y1=ay, x2=bx, y2=by))
        for c in card["connectors"]:
            (ax, ay), (bx, by) = spot(f"{num}:{c['id']}"), zone_centre(num, c["zone"])
            g.add(el("line", class_="to-zone", x1=ax, y1=ay, x2=bx, y2=by))
        for z in card["zones"]:
            bx, by = boxes[num][z["id"]]
            _zone(g, state, num, z, ox + bx, oy + by, zone_id(num, z["id"]))
    links_g = d.add(el("g", class_="links"))
    for a, b in state["links"]:
        (ax, ay), (bx, by) = spot(a), spot(b)
        lg = links_g.add(el("g", class_="linked"))
        lg.add(el("title", f"link {a} — {b}"))
        lg.add(el("line", class_="link", x1=ax, y1=ay, x2=bx, y2=by))
    conn_g = d.add(el("g", class_="connectors"))
    for num in state["city"]:
        for c in state["cards"][num]["connectors"]:
            cid = f"{num}:{c['id']}"
            x, y = spot(cid)
            cg = conn_g.add(el("g", class_="connector" if cid in used else "connector free"))
            cg.add(el("title", f"connector {cid} ({'joined' if cid in used else 'free'}, zone {num}.{c['zone']})"))
            cg.add(el("rect", x=x - 8, y=y - 7, width=16, height=14, rx=3))
            cg.add(el("text", c["id"], x=x, y=y + 3))
    _legend(d, PAD, height - 14)
    return d.to_string()


def _contents(state: dict, zid: str) -> list[str]:
    """What lies in a zone, in words: rats by colour, cheese, a nest, a trap."""
    zone = state["zones"][zid]
    bits = [f"{n} {c}" for c, n in zone["rats"].items() if n]
    if zone["cheese"]:
        bits.append(f"cheese {zone['cheese']}")
    if zone["nest"]:
        bits.append("nest")
    if zid in state["traps"]:
        bits.append(f"trap {state['traps'][zid]}")
    return bits


def _zone(g, state: dict, num: str, z: dict, x: float, y: float, zid: str) -> None:
    zone = state["zones"][zid]
    rc, nem = state["ratcatcher"], state["nemesis"]
    zg = g.add(el("g", class_="zone", id="zone-" + zid.replace(".", "-")))
    tokens = zone["tokens"] + zone["found"]
    bits = _contents(state, zid) + (["tokens " + ", ".join(tokens)] if tokens else [])
    zg.add(el("title", f"zone {zid}" + (": " + "; ".join(bits) if bits else "")))
    zg.add(el("rect", x=x, y=y, width=ZONE_W, height=ZONE_H, rx=5))
    zg.add(el("text", zid, class_="zone-id", x=x + 5, y=y + 13))
    # rats: a dot per colour with its count
    rx = x + 10
    for colour, n in zone["rats"].items():
        if not n:
            continue
        rg = zg.add(el("g", class_=f"rat {colour}"))
        rg.add(el("title", f"{n} {colour} rat(s) in {zid}"))
        rg.add(el("circle", cx=rx, cy=y + 30, r=7, fill=RAT_FILL.get(colour, "#888888")))
        rg.add(el("text", str(n), class_="count", x=rx + 10, y=y + 34))
        rx += 30
    if zone["cheese"]:
        cx, cy = x + ZONE_W - 16, y + 28
        cg = zg.add(el("g", class_="cheese"))
        cg.add(el("title", f"{zone['cheese']} Magic Cheese in {zid}"))
        cg.add(el("polygon", points=f"{cx - 8},{cy + 6} {cx + 8},{cy + 6} {cx + 8},{cy - 6}"))
        cg.add(el("text", str(zone["cheese"]), class_="count", x=cx - 20, y=cy + 5))
    marks = []
    if zone["nest"]:
        marks.append(("nest", "N", "rat nest"))
    slots: list[str] = next((s.get("slots", []) for s in state["cards"][num]["zones"] if s["id"] == z["id"]), [])
    if "spawn" in slots:
        marks.append(("spawn", "S", "spawn point"))
    if zid in state["traps"]:
        marks.append(("trap", "T", f"trap: {state['traps'][zid]}"))
    for t in tokens:
        marks.append(("token", "?", f"token {t}"))
    for i, (cls, letter, text) in enumerate(marks):
        mg = zg.add(el("g", class_=f"mark {cls}"))
        mg.add(el("title", f"{text} in {zid}"))
        mx = x + 6 + i * 17
        mg.add(el("rect", x=mx, y=y + ZONE_H - 19, width=14, height=14, rx=2))
        mg.add(el("text", letter, x=mx + 7, y=y + ZONE_H - 8.5))
    figures = []
    if rc.get("zone") == zid:
        figures.append(("ratcatcher", "R", f"{rc['name']} (the Ratcatcher), wounds {rc['wounds']}"))
    if nem.get("zone") == zid:
        figures.append(("nemesis", "N", f"{nem['name']} (the Nemesis), wounds {nem['wounds']}"))
    for p in state["peculiar"]:
        if p["zone"] == zid:
            figures.append(("peculiar", "P", f"{state['peculiar_cards'][p['id']]['name']} (a Peculiar Rat)"))
    for i, (cls, letter, text) in enumerate(figures):
        fg = zg.add(el("g", class_=f"figure {cls}"))
        fg.add(el("title", f"{text} in {zid}"))
        fx, fy = x + ZONE_W - 14 - i * 24, y + ZONE_H - 14
        fg.add(el("circle", cx=fx, cy=fy, r=10))
        fg.add(el("text", letter, x=fx, y=fy + 4))


def _legend(d: Drawing, x: float, y: float) -> None:
    g = d.add(el("g", class_="legend"))
    items = [("ratcatcher", "R", "Ratcatcher"), ("nemesis", "N", "Nemesis"), ("peculiar", "P", "Peculiar Rat")]
    for cls, letter, label in items:
        fg = g.add(el("g", class_=f"figure {cls}"))
        fg.add(el("circle", cx=x + 8, cy=y - 4, r=8))
        fg.add(el("text", letter, x=x + 8, y=y))
        g.add(el("text", label, x=x + 20, y=y))
        x += 28 + 6.5 * len(label)
    for cls, letter, label in (("nest", "N", "nest"), ("spawn", "S", "spawn point"), ("trap", "T", "trap"),
                               ("token", "?", "token")):
        mg = g.add(el("g", class_=f"mark {cls}"))
        mg.add(el("rect", x=x, y=y - 11, width=14, height=14, rx=2))
        mg.add(el("text", letter, x=x + 7, y=y - 0.5))
        g.add(el("text", label, x=x + 18, y=y))
        x += 26 + 6.5 * len(label)
    g.add(el("line", class_="link", x1=x, y1=y - 4, x2=x + 20, y2=y - 4))
    g.add(el("text", "link", x=x + 26, y=y))
