"""`claw gm` (the GM's rulings on a cat) and `claw animal` (a wild opponent) for Warriors
(rules in claw.core.warriors.gm)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.warriors.handlers import get_cat, rules
from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def gm(call: Call) -> None:
    """`claw gm CAT --damage N --disease D --cure D --sprain N --reason TEXT`."""
    from claw.core.warriors.gm import Ruling, apply
    r = rules()
    o = call.opts
    cat = get_cat(call, call.arg("CAT"))
    ruling = Ruling(damage=o.get("damage") or 0,
                    disease=r.lookup("disease", o["disease"]) if o.get("disease") else None,
                    cure=r.lookup("disease", o["cure"]) if o.get("cure") else None,
                    sprain=o.get("sprain"), reason=o.get("reason") or "")
    call.apply(apply(call.need_state(), r, cat["id"], ruling, call.dice))


def _skills(text: str | None) -> dict:
    out: dict = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, sep, n = part.partition("=")
        if not sep or not n.strip().isdigit():
            raise UsageError(f"--skills is SKILL=N[,SKILL=N...]: {quoted(part)}")
        out[name.strip().lower()] = int(n)
    return out


def animal(call: Call) -> None:
    """`claw animal ID --name NAME --strength N --intelligence N --spirit N --hp N [--skills jump=2]`, or `--remove`."""
    from claw.core.warriors.gm import add_animal, remove_animal
    o = call.opts
    if len(call.args) != 1:
        raise UsageError("usage: claw animal ID --name NAME --strength N --intelligence N --spirit N --hp N "
                         "[--skills SKILL=N,...] (or claw animal ID --remove)")
    aid = call.args[0].strip().lower()
    if o.get("remove"):
        if any(o.get(k) is not None for k in ("name", "strength", "intelligence", "spirit", "hp", "skills")):
            raise UsageError("--remove takes no scores")
        return call.apply(remove_animal(call.need_state(), aid))
    import re
    if not re.fullmatch(r"[a-z][a-z0-9-]{0,39}", aid):
        raise UsageError(f"an id is a lowercase letter then letters, digits or '-' (at most 40): {quoted(aid)}")
    if o.get("hp") is None:
        raise UsageError("an animal needs --hp N (the rulebook's HP formula is for cats)")
    abilities = {a: o.get(a) for a in ("strength", "intelligence", "spirit")}
    call.apply(add_animal(call.need_state(), rules(), aid, o.get("name") or aid.capitalize(), abilities,
                          o["hp"], _skills(o.get("skills"))))
