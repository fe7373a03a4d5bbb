"""`claw roll EXPR`: roll dice notation, or give its exact odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claw.cli.render.text import Styled
    from claw.core.dice import RollResult

HELP = """Roll dice notation: 2d6+1, 4d6kh3, 2d12kl1, 4d6dl1, 5d6>=4 (count successes), d% (1-100
from two d10), 3d6+4 --vs 12 (Warriors check with criticals), 6dA=cheese (Mice action die),
1d20+1d4[bless] (a label, kept as typed).

The total goes to stdout; the breakdown to stderr. A counting term adds its successes to
the other terms (5d6>=4+1). --odds gives the exact distribution of that same total."""


def _faces_if_needed(expr):
    if any(t.kind == "action" for t in expr.dice_terms):
        from claw.cli.formats.content import load_data
        from claw.core.dice import ActionFace

        faces = sorted(load_data("mice/action-die.json")["faces"], key=lambda f: f["face"])
        return [ActionFace(f["number"], f["symbol"], f["face"]) for f in faces]
    return None


def run(text, vs, odds, seed, dice_values, json_out, output, picture=None) -> int:
    from claw.core.dice import parse
    from claw.core.errors import UsageError

    picture = picture or {}
    expr = parse(text)
    faces = _faces_if_needed(expr)
    if odds:
        if dice_values is not None:
            raise UsageError("--odds computes exact chances; it takes no --dice")
        return _odds(expr, vs, faces, json_out, output, picture)
    used = [f"--{k}" for k in ("graph", "ascii", "svg", "png", "size") if picture.get(k)]
    if used:
        raise UsageError(f"{used[0]} draws the exact odds: add --odds")
    from claw.cli.framework.runner import Common, make_dice
    from claw.core.dice import roll

    source, _ = make_dice(Common(seed=seed, dice=dice_values), None)
    result = roll(expr, source, faces)
    left = getattr(source, "remaining", 0)
    if left:
        from claw.cli.render.text import styled

        output.say(styled("yellow", "note:") + f" {left} value(s) of --dice were not needed")
    if json_out:
        output.emit_json(result.to_json(vs))
    else:
        output.emit(str(result.total))  # the value --odds and --json describe
    output.say(render(result, vs))
    return 0


def render(result: RollResult, vs: int | None) -> str | Styled:
    """``4d6kh3 [6, ~~1~~, 4, 5] +2 = 17``: the breakdown, dropped dice struck (~~), a
    counting term's successes in brackets, labels as typed (text is literal)."""
    from claw.cli.render.text import join, styled
    from claw.core.dice import DiceTerm

    parts: list[str | Styled] = []
    by_term: dict[int, list] = {}
    for d in result.dice:
        by_term.setdefault(d.term, []).append(d)
    only_count = len(result.expr.terms) == 1 and result.successes is not None
    for index, ((sign, term), value) in enumerate(zip(result.expr.terms, result.term_values, strict=True)):
        prefix = "-" if sign < 0 else ("+" if parts else "")
        if index in by_term:
            shown: list[str | Styled] = []
            for d in by_term[index]:
                label = str(d.value)
                if d.face is not None:
                    label = f"{d.value}:{d.face.symbol}"  # and the position typed at the table
                    label += f" (face {d.face.position})" if d.face.position else ""
                if d.digits is not None:
                    label += f" ({d.digits[0]}{d.digits[1]})"
                if not d.kept:
                    shown.append(styled("dim", f"~~{label}~~"))  # readable without colour too (d20's notation)
                else:
                    shown.append(styled("green", label) if d.success else label)
            piece = f"{prefix}{term.text()} [" + join(", ", shown) + "]"
            if isinstance(term, DiceTerm) and term.compare is not None and not only_count:
                piece += f" ({abs(value)} success{'' if abs(value) == 1 else 'es'})"
            parts.append(piece)
        else:
            parts.append(f"{prefix}{term.text()}")
    line = join(" ", parts)
    if only_count:
        line += " → " + styled("bold", result.successes) + " success(es)"
    else:
        line += " = " + styled("bold", result.total)
    if vs is not None:
        ok = result.total >= vs
        line += f" vs {vs}: " + (styled("green", "success") if ok else styled("red", "failure"))
    if result.critical:
        colour = "green" if result.critical == "success" else "red"
        line += " — " + styled(f"bold {colour}", f"critical {result.critical}")
    return line


def _odds(expr, vs, faces, json_out, output, picture=None) -> int:
    from fractions import Fraction  # here, not at the top: it loads decimal, which `claw roll 2d12` never needs

    from claw.core.dice import critical_odds, distribution

    picture = picture or {}
    dist = distribution(expr, faces)
    crit = critical_odds(expr)
    if picture.get("svg") or picture.get("png"):
        return _odds_chart(expr, dist, output, picture)
    if json_out:
        den = dist.denominator
        tails = dist.tails()

        def share(ways: int) -> dict:
            f = Fraction(ways, den)
            return {"fraction": str(f), "probability": float(f)}

        data = {
            "expression": expr.text,
            "denominator": den,
            "distribution": [{"value": v, "ways": c, "fraction": str(f), "probability": float(f),
                              "at_least": share(tails[v][0]), "at_most": share(tails[v][1])}
                             for (v, c), f in zip(dist.counts.items(), dist.fractions().values(), strict=True)],
            "mean": {"fraction": str(dist.mean), "value": float(dist.mean)},
        }
        if vs is not None:
            p = dist.at_least(vs)
            data["vs"] = {"target": vs, "fraction": str(p), "probability": float(p)}
        if crit is not None:
            data["critical"] = {k: {"fraction": str(v), "probability": float(v)} for k, v in crit.items()}
        output.emit_json(data)
        return 0
    lines = [f"{expr.text}: {dist.denominator} equally likely outcomes"]
    if picture.get("graph"):
        lines += _graph_lines(dist, output, bool(picture.get("ascii")))
    else:
        for value, frac in dist.fractions().items():
            lines.append(f"{value:>6}  {str(frac):>14}  {float(frac):8.4%}")
    lines.append(f"mean {dist.mean} ≈ {float(dist.mean):.4f}")
    if vs is not None:
        p = dist.at_least(vs)
        lines.append(f"P(total ≥ {vs}) = {p} ≈ {float(p):.4%}")
    if crit is not None:
        for kind, p in crit.items():
            lines.append(f"P(critical {kind}) = {p} ≈ {float(p):.4%}")
    output.emit("\n".join(lines))
    return 0


def _graph_lines(dist, output, ascii: bool) -> list[str]:
    """The odds table with 'at least' / 'at most' columns and a bar per outcome, as wide as
    the terminal (80 columns in a pipe)."""
    import shutil
    from fractions import Fraction

    from claw.cli.render.bars import can_draw_blocks, odds_table

    den = dist.denominator
    rows = [(str(v), c / den, str(Fraction(c, den)), f"{least / den:.2%}", f"{most / den:.2%}")
            for (v, c), (least, most) in zip(dist.counts.items(), dist.tails().values(), strict=True)]
    columns = shutil.get_terminal_size((80, 24)).columns
    return odds_table(rows, columns, ascii or not can_draw_blocks(output.out.encoding))


def _odds_chart(expr, dist, output, picture) -> int:
    from claw.cli.render.bars import chart_svg
    from claw.cli.render.svg import deliver_to

    den = dist.denominator
    rows = [(str(v), c / den, least / den, most / den)
            for (v, c), (least, most) in zip(dist.counts.items(), dist.tails().values(), strict=True)]
    desc = "\n".join(f"{label}: {p:.4%} (at least {least:.4%}, at most {most:.4%})" for label, p, least, most in rows)
    svg = chart_svg(f"{expr.text}: exact odds", rows, desc,
                    subtitle=f"{den} equally likely outcomes · mean {float(dist.mean):.2f}")
    deliver_to(output, svg, picture.get("png"), picture.get("size"))
    return 0
