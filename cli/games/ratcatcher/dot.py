"""The Ratcatcher city as Graphviz text (`claw show --dot`): no dependency, claw only writes
the text; people lay it out with their own tools (`dot -Tsvg`)."""

from __future__ import annotations

from claw.cli.games.ratcatcher.svg import _contents


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
