"""Where the Ratcatcher city picture puts things: township cards on a grid by a walk over the
links from #00, zone boxes inside a card, connectors on a card's edge (a schematic: the
rulebook says card orientation does not matter, *Place New Locations*)."""

from __future__ import annotations

CARD_W, CARD_H = 300, 210
ZONE_W, ZONE_H = 126, 72
COMPASS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


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


def zone_boxes(card: dict) -> dict[str, tuple[float, float]]:
    """Top-left corners of the zone boxes inside a card box (two columns)."""
    out: dict[str, tuple[float, float]] = {}
    for i, z in enumerate(card["zones"]):
        col, row = i % 2, i // 2
        out[z["id"]] = (18 + col * (ZONE_W + 20), 34 + row * (ZONE_H + 14))
    return out


def connector_spots(state: dict, cells: dict[str, tuple[int, int]]) -> dict[str, tuple[float, float]]:
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
