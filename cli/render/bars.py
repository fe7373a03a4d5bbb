"""Bars for odds: a text bar per outcome (Unicode eighth blocks, or ``#`` where the stream
cannot show them) and the same as an SVG bar chart (issue 22). Standard library only."""

from __future__ import annotations

EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"


def can_draw_blocks(encoding: str | None) -> bool:
    """Whether a stream of ``encoding`` carries the block characters."""
    if not encoding:
        return True
    try:
        (FULL + EIGHTHS).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def bar(share: float, width: int, ascii: bool = False) -> str:
    """A bar ``share`` (0 to 1) of ``width`` columns: eighths of a column in Unicode,
    whole columns of ``#`` in ASCII; never empty for a share above zero."""
    share = min(max(share, 0.0), 1.0)
    if ascii:
        n = round(share * width)
        return "#" * (n if n or share == 0 else 1)
    eighths = round(share * width * 8)
    if eighths == 0 and share > 0:
        eighths = 1
    return FULL * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def odds_table(rows: list[tuple[str, float, str, str, str]], columns: int, ascii: bool = False) -> list[str]:
    """Lines of an odds table with a bar per row: ``rows`` are (label, probability,
    exact text, at-least text, at-most text); the bars fill what ``columns`` leaves, the
    most likely row the longest."""
    if not rows:
        return []
    wl = max(len(r[0]) for r in rows)
    wx = max(len(r[2]) for r in rows)
    head = f"{'':>{wl}}  {'exact':>{wx}}  {'chance':>8}  {'at least':>8}  {'at most':>8}  "
    width = max(10, columns - len(head) - 1)
    top = max(r[1] for r in rows) or 1.0
    lines = [head.rstrip()]
    for label, p, exact, least, most in rows:
        lines.append(f"{label:>{wl}}  {exact:>{wx}}  {p:8.4%}  {least:>8}  {most:>8}  " + bar(p / top, width, ascii))
    return lines


def chart_svg(title: str, rows: list[tuple[str, float, float, float]], desc: str, subtitle: str = "") -> str:
    """An SVG column chart: one column per outcome (label, probability, at least, at most),
    the probability printed over it, with a line each for "at least" and "at most"."""
    from claw.cli.render.svg import Drawing, el, num

    n = len(rows)
    col = max(12, min(40, 720 // max(1, n)))
    left, top, plot_h = 56, 58, 240
    width = left + n * col + 24
    height = top + plot_h + 70
    width = max(width, 420)
    style = ("text{fill:#1d1d1d}.title{font-size:16px;font-weight:bold}.sub{font-size:12px;fill:#3a3a3a}"
             ".axis{stroke:#5b5548;stroke-width:1}.tick{font-size:10px;text-anchor:end;fill:#4a4a4a}"
             ".label{font-size:11px;text-anchor:middle}.pct{font-size:9px;text-anchor:middle;fill:#1d1d1d}"
             ".col{fill:#3b6fb6}.gridline{stroke:#dddddd;stroke-width:1}"
             ".least{stroke:#c0392b;stroke-width:2;fill:none}.most{stroke:#2e8b57;stroke-width:2;"
             "stroke-dasharray:5 3;fill:none}.key{font-size:11px}")
    d = Drawing(width, height, title=title, desc=desc, style=style)
    d.add(el("rect", width=width, height=height, fill="#ffffff"))
    d.add(el("text", title, class_="title", x=12, y=22))
    if subtitle:
        d.add(el("text", subtitle, class_="sub", x=12, y=40))
    base = top + plot_h

    def Y(p: float) -> float:
        return base - p * plot_h

    for i in range(0, 11, 2):
        p = i / 10
        d.add(el("line", class_="gridline", x1=left, y1=Y(p), x2=left + n * col, y2=Y(p)))
        d.add(el("text", f"{i * 10}%", class_="tick", x=left - 6, y=Y(p) + 3))
    top_p = max((r[1] for r in rows), default=0.0)
    scale = 0.9 / top_p if top_p > 0 else 1.0  # the likeliest column 90% high; its share printed on it
    cols = d.add(el("g", class_="columns"))
    for i, (label, p, _least, _most) in enumerate(rows):
        x = left + i * col
        g = cols.add(el("g", class_="outcome"))
        g.add(el("title", f"{label}: {p:.2%} (at least {_least:.2%}, at most {_most:.2%})"))
        g.add(el("rect", class_="col", x=x + 2, y=Y(p * scale), width=col - 4, height=p * scale * plot_h))
        if col >= 24:
            g.add(el("text", f"{p * 100:.1f}", class_="pct", x=x + col / 2, y=Y(p * scale) - 3))
        g.add(el("text", label, class_="label", x=x + col / 2, y=base + 14))
    for cls, k in (("least", 2), ("most", 3)):
        pts = " ".join(f"{num(left + i * col + col / 2)},{num(Y(float(r[k])))}" for i, r in enumerate(rows))
        d.add(el("polyline", class_=cls, points=pts))
    d.add(el("line", class_="axis", x1=left, y1=base, x2=left + n * col, y2=base))
    d.add(el("line", class_="axis", x1=left, y1=top, x2=left, y2=base))
    ky = base + 38
    d.add(el("rect", class_="col", x=left, y=ky - 9, width=12, height=10))
    d.add(el("text", "chance of exactly this, in % (columns scaled to the likeliest)", class_="key",
             x=left + 16, y=ky))
    d.add(el("line", class_="least", x1=left, y1=ky + 14, x2=left + 16, y2=ky + 14))
    d.add(el("text", "at least this", class_="key", x=left + 22, y=ky + 18))
    d.add(el("line", class_="most", x1=left + 120, y1=ky + 14, x2=left + 136, y2=ky + 14))
    d.add(el("text", "at most this", class_="key", x=left + 142, y=ky + 18))
    return d.to_string()
