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

from claw.cli.render.svg import Drawing, el

CARD_W, CARD_H = 300, 210
GAP = 60
ZONE_W, ZONE_H = 126, 72
PAD = 16
EDGE = 14         # room outside the outer cards for their connectors
HEAD = 56

COMPASS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
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


def layout(state: dict) -> dict[str, tuple[int, int]]:
    """Grid cells for the placed cards: a breadth-first walk over the links from the first
    card (#00), each joined card on its connector's compass side where that cell is free,
    else on the nearest free cell (by ring, then reading order)."""
    city = list(state["city"])
    if not city:
        return {}
    links: dict[str, list[tuple[str, str, str]]] = {}
    for a, b in state["links"]:
        ca, ia = a.split(":", 1)
        cb, ib = b.split(":", 1)
        links.setdefault(ca, []).append((ia, cb, ib))
        links.setdefault(cb, []).append((ib, ca, ia))
    start = "0" if "0" in city else city[0]
    at: dict[str, tuple[int, int]] = {start: (0, 0)}
    taken = {(0, 0): start}
    queue = [start]
    order = {c: i for i, c in enumerate(city)}

    def place(card: str, want: tuple[int, int]) -> None:
        cell = want if want not in taken else _nearest_free(want, taken)
        at[card] = cell
        taken[cell] = card

    while queue or len(at) < len(city):
        if not queue:  # a card joined to nothing placed: next to the others
            card = next(c for c in city if c not in at)
            place(card, (max(x for x, _ in taken) + 1, 0))
            queue.append(card)
            continue
        card = queue.pop(0)
        x, y = at[card]
        for conn, other, _theirs in sorted(links.get(card, []), key=lambda t: (order.get(t[1], 0), t[0])):
            if other in at or other not in order:
                continue
            dx, dy = COMPASS.get(conn.lower(), (1, 0))
            place(other, (x + dx, y + dy))
            queue.append(other)
    return at


def _nearest_free(want: tuple[int, int], taken: dict) -> tuple[int, int]:
    for ring in range(1, 64):
        cells = [(want[0] + dx, want[1] + dy) for dy in range(-ring, ring + 1) for dx in range(-ring, ring + 1)
                 if max(abs(dx), abs(dy)) == ring]
        for cell in sorted(cells, key=lambda c: (abs(c[0] - want[0]) + abs(c[1] - want[1]), c[1], c[0])):
            if cell not in taken:
                return cell
    raise ValueError("no free cell")  # pragma: no cover - a city has at most a few dozen cards


def _zone_boxes(card: dict) -> dict[str, tuple[float, float]]:
    """Top-left corners of the zone boxes inside a card box (two columns)."""
    out: dict[str, tuple[float, float]] = {}
    for i, z in enumerate(card["zones"]):
        col, row = i % 2, i // 2
        out[z["id"]] = (18 + col * (ZONE_W + 20), 34 + row * (ZONE_H + 14))
    return out


def _connector_spots(state: dict, cells: dict[str, tuple[int, int]]) -> dict[str, tuple[float, float]]:
    """Where each connector sits on its card box's edge (relative to the box's top-left):
    a joined connector on the side facing the card it joins (orientation does not matter,
    so the picture turns each card to suit); a free one on its compass side (n, e, s, w),
    any other name on the lower side. Connectors sharing a side are spread along it."""
    side: dict[str, str] = {}
    for a, b in state["links"]:
        for mine, theirs in ((a, b), (b, a)):
            (mx, my), (tx, ty) = cells[mine.split(":")[0]], cells[theirs.split(":")[0]]
            dx, dy = tx - mx, ty - my
            side[mine] = ("e" if dx > 0 else "w") if dx else ("s" if dy > 0 else "n")
    for num in state["city"]:
        for c in state["cards"][num]["connectors"]:
            cid = f"{num}:{c['id']}"
            side.setdefault(cid, c["id"].lower() if c["id"].lower() in COMPASS else "s")
    groups: dict[tuple[str, str], list[str]] = {}
    for cid in sorted(side):
        groups.setdefault((cid.split(":")[0], side[cid]), []).append(cid)
    out: dict[str, tuple[float, float]] = {}
    for (_card, where), members in groups.items():
        for i, cid in enumerate(members):
            f = (i + 1) / (len(members) + 1)
            out[cid] = {"n": (CARD_W * f, 0), "s": (CARD_W * f, CARD_H), "w": (0, CARD_H * f),
                        "e": (CARD_W, CARD_H * f)}[where]
    return out


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
    spots = _connector_spots(state, cells)
    boxes = {num: _zone_boxes(state["cards"][num]) for num in state["city"]}
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


def city_dot(state: dict) -> str:
    """The city as Graphviz text (``claw show --dot``): one cluster per township, zones as
    nodes, the card's adjacency as plain edges and links as bold ones."""
    from claw.core.ratcatcher.city import connector_zone, zone_id

    def q(text: str) -> str:
        return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = ["graph city {", '  label="The Ratcatcher city (schematic: card orientation does not matter)";',
             "  node [shape=box, style=rounded];"]
    rc, nem = state["ratcatcher"], state["nemesis"]
    for num in state["city"]:
        card = state["cards"][num]
        lines.append(f"  subgraph cluster_{int(num)} {{")
        lines.append(f"    label={q(f'#{int(num):02d} ' + str(card.get('name', '')))};")
        for z in card["zones"]:
            zid = zone_id(num, z["id"])
            parts = [zid] + _contents(state, zid)
            if rc.get("zone") == zid:
                parts.append(str(rc["name"]))
            if nem.get("zone") == zid:
                parts.append(str(nem["name"]))
            label = q("\n".join(parts)).replace("\n", "\\n")  # Graphviz's line break inside a label
            lines.append(f"    {q(zid)} [label={label}];")
        lines.append("  }")
    for num in state["city"]:
        for z in state["cards"][num]["zones"]:
            for other in z.get("adjacent", []):
                lines.append(f"  {q(zone_id(num, z['id']))} -- {q(zone_id(num, other))};")
    for a, b in state["links"]:
        lines.append(f"  {q(connector_zone(state, a))} -- {q(connector_zone(state, b))} "
                     f"[penwidth=3, label={q(a + ' / ' + b)}];")
    lines.append("}")
    return "\n".join(lines)

