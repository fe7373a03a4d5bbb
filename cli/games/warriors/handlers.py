"""Warriors handlers: party state, validation, checks, pools, knacks, show.

Rules live in claw.core.warriors; this module parses arguments, calls them and
reports what happened."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted

DEFAULT_OPTIONS = {"criticals": "absolute", "d100": "below", "initiative_order": "roll",
                   "launch_second_cost": "spirit", "complications": "onset"}
CHOICES = {"criticals": ("absolute", "total"), "d100": ("below", "percent"),
           "initiative_order": ("roll", "spirit"), "launch_second_cost": ("spirit", "strength"),
           "complications": ("onset", "daily")}


def rules():
    """The rulebook's tables (loaded once)."""
    from claw.cli.games.warriors.data import rules as load
    return load()


# -- helpers shared by the handler modules -----------------------------------------

def option(call, name: str) -> str:
    """The state's choice for a ruling option, or its default."""
    state = call.state or {}
    return state.get("options", {}).get(name, DEFAULT_OPTIONS[name])


def state_problems(state: dict) -> list[str]:
    """The adapter's STATE_CHECK: a state whose parts contradict each other is refused on
    every read (exit 3) and by `claw validate`, so handlers get consistent states."""
    from claw.core.warriors.party import problems
    return problems(state, rules())


def get_cat(call, cat_id: str) -> dict:
    """The party's cat with this id (exit 2 if there is none); checks the state first.
    Positionals arrive parsed (claw.cli.framework.kinds); options naming cats are checked here."""
    cats = call.state["cats"]
    key = cat_id.strip().lower()
    if key not in cats:
        raise UsageError(f"no cat with id {quoted(cat_id)} in the party (cats: {', '.join(cats)})")
    return cats[key]


def put_cat(call, cat: dict) -> None:
    """Store a changed cat back in the state."""
    call.state["cats"][cat["id"]] = cat


def knack_uses(call, r) -> dict:
    """The --knack options as {knack: paid uses}."""
    from claw.core.warriors.knacks import parse_uses
    out: dict = {}
    for text in call.opts.get("knack") or []:
        k, n = parse_uses(text, r)
        out[k] = out.get(k, 0) + n
    return out


def per_cat(call, name: str) -> dict:
    """A repeatable CAT=N option as {cat id: N} (N at least 0)."""
    out: dict = {}
    flag = "--" + name.replace("_", "-")
    for text in call.opts.get(name) or []:
        cat, sep, n = text.partition("=")
        if not sep or not n.strip().lstrip("-").isdigit():
            raise UsageError(f"{flag} is CAT=N: {quoted(text)}")
        if int(n) < 0:
            raise UsageError(f"points to spend must be 0 or more: {flag} {text}")
        cid = get_cat(call, cat)["id"]
        out[cid] = out.get(cid, 0) + int(n)
    return out


def convert_from(call) -> list | None:
    """The --convert-from pools in order (None: the default order)."""
    from claw.core.warriors.rules import ability_name
    text = call.opts.get("convert_from")
    return [ability_name(a) for a in text.split(",") if a.strip()] if text else None


def verdict(call, text: str, obj=None) -> None:
    """A query answer: on stdout when no state is being written there, else in the
    explanation (stdout carries the state; the log entry keeps the details)."""
    if call.state is None:
        if call.json and obj is not None:
            call.emit_json(obj)
        else:
            call.out(text)
    else:
        call.say(text)


def fmt_chance(p) -> str:
    """A chance as an exact fraction and a percentage."""
    return f"{p.numerator}/{p.denominator} = {float(p):.2%}"


# -- new / validate -----------------------------------------------------------------

def validate(kind: str, doc: dict, tolerant: bool = False) -> list:
    """Rule-level checks for `claw validate` (the core function does the work)."""
    if kind != "character":
        return []
    from claw.core.warriors.character import check
    broken: tuple[tuple, ...] = ()
    if tolerant:  # the schema refused some part: tell the checks which, so they skip only what reads it
        from claw.cli.validation.diagnostics import schema_problems
        broken = tuple(path for path, _, _, _ in schema_problems("character-warriors", doc))
    return check(doc, rules(), broken)


def new(call) -> None:
    """`claw new`: a party state from character files, with the ruling options chosen."""
    from claw.core.errors import InvalidInput
    from claw.core.warriors.character import build
    r = rules()
    options = dict(DEFAULT_OPTIONS)
    for key, allowed in CHOICES.items():
        value = call.opts.get(key)
        if value is not None:
            if value not in allowed:
                raise UsageError(f"--{key.replace('_', '-')} is one of {', '.join(allowed)}: {quoted(value)}")
            options[key] = value
    cats, order = {}, []
    for doc, source in zip(call.docs, call.sources, strict=True):
        if doc.get("kind") != "character":
            raise InvalidInput(f"{source}: warriors games start from character files (kind: character)")
        cat, problems = build(doc, r)
        if problems:
            raise InvalidInput(f"{source}: {problems[0][1]} (run claw validate {source})")
        if cat["id"] in cats:
            raise InvalidInput(f"{source}: two cats share the id {quoted(cat['id'])}")
        cats[cat["id"]] = cat
        order.append(cat["id"])
        call.event("join", f"{cat['name']} ({r.clans[cat['clan']]['name']}, {cat['age']} moons) joins: "
                           f"HP {cat['hp']}/{cat['hp_max']}, pools {_pools(cat)}", cat=cat["id"])
    changed = {k: v for k, v in options.items() if v != DEFAULT_OPTIONS[k]}
    if changed:
        call.event("options", "options: " + ", ".join(f"{k}={v}" for k, v in changed.items()), **changed)
    call.state = {"day": 0, "options": options, "cats": cats, "order": order, "fight": None}


def _pools(cat: dict) -> str:
    p = cat["pools"]
    return f"STR {p['strength']} INT {p['intelligence']} SPT {p['spirit']}"


# -- checks ---------------------------------------------------------------------------

def _yes_no(value: str | None) -> bool | None:
    if value is None:
        return None
    v = value.strip().lower()
    if v in ("yes", "y", "true", "1"):
        return True
    if v in ("no", "n", "false", "0"):
        return False
    raise UsageError(f"--physical is yes or no: {quoted(value)}")


def check(call) -> None:
    """`claw check`: a check for a cat (stateless: 3d6 + --bonus)."""
    from claw.core.warriors.checks import CheckSpec, explain, resolve
    from claw.core.warriors.rules import ABILITIES, ability_name
    r = rules()
    args = list(call.args)
    o = call.opts
    if call.state is None:
        return _stateless_check(call)
    if o.get("refresh"):
        refresh(call, only=args[:1])          # `check CAT SKILL --refresh`: that cat first
        if not args:
            return
    if len(args) != 2:
        raise UsageError("usage: claw check CAT SKILL|ABILITY [--vs N] (or --refresh alone)")
    cat = get_cat(call, args[0])
    word = args[1].strip().lower()
    if word in ABILITIES or word in ("str", "int", "spt", "spi"):
        skill, ability = None, ability_name(word)
    else:
        skill, ability = r.lookup("skill", word), None
    spec = CheckSpec(skill=skill, ability=ability, spend=o.get("points") or 0, knacks=knack_uses(call, r),
                     modifier=o.get("mod") or 0, vs=o.get("vs"), convert_from=convert_from(call),
                     physical=_yes_no(o.get("physical")), label=f"{cat['id']} check")
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']} and cannot make checks: {cat['id']}")
    _orate_audience(call, spec)
    if o.get("odds"):
        return _check_odds(call, cat, spec, r)
    new, result = resolve(cat, r, spec, call.dice, option(call, "criticals"))
    put_cat(call, new)
    text = f"{cat['name']}: " + explain(result, r)
    call.event("check", text, **{k: v for k, v in result.items() if k not in ("knacks",)},
               knacks=result["knacks"])
    for k in result["knacks"]:
        if k.get("condition"):
            call.say(f"  {k['knack']}: only if {k['condition'][0].lower()}{k['condition'][1:]}")


def _orate_audience(call, spec) -> None:
    """Orate works only on cats the GM controls (Knacks: Orate): every --audience cat must be an npc."""
    audience = [get_cat(call, a) for a in call.opts.get("audience") or []]
    if audience and "orate" not in spec.knacks:
        raise UsageError("--audience names whom Orate is used on; give --knack orate with it")
    players = [a for a in audience if not a.get("npc")]
    if "orate" in spec.knacks and players:
        raise IllegalAction("Orate only works on cats controlled by the GM, not players' cats: "
                            + ", ".join(a["id"] for a in players))


def _check_odds(call, cat, spec, r) -> None:
    from claw.core.warriors.checks import prepare
    from claw.core.warriors.odds import chance
    if spec.vs is None:
        raise UsageError("--odds needs --vs N")
    bonus = prepare(cat, r, spec)[1]["bonus"]       # the check's own total, paid as the check would be
    p = chance(bonus, spec.vs, option(call, "criticals"))
    _emit_odds(call, bonus, spec.vs, p)


def _emit_odds(call, bonus, vs, p) -> None:
    call.answer(f"3d6+{bonus} vs {vs}: {fmt_chance(p)}",
            {"bonus": bonus, "vs": vs, "success": {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}})


def _stateless_check(call) -> None:
    o = call.opts
    bonus = o.get("bonus")
    if bonus is None or call.args:
        raise UsageError("without a state, give --bonus N (and --vs N): claw check --game warriors --bonus 5 --vs 12")
    from claw.core.warriors.checks import decide
    from claw.core.warriors.dice import critical, roll_3d6
    crit_rule = DEFAULT_OPTIONS["criticals"]
    vs = o.get("vs")
    if o.get("odds"):
        from claw.core.warriors.odds import chance
        if vs is None:
            raise UsageError("--odds needs --vs N")
        return _emit_odds(call, bonus, vs, chance(bonus, vs, crit_rule))
    rolled = roll_3d6(call.dice, "check")
    total = sum(rolled) + bonus
    crit = critical(rolled)
    ok = decide(total, crit, vs, crit_rule)
    call.say(f"3d6 {'+'.join(map(str, rolled))} + {bonus} = {total}"
             + (f" vs {vs}: {'success' if ok else 'failure'}" if vs is not None else "")
             + (f" (critical {crit})" if crit else ""))
    verdict(call, str(total) if ok is None else f"{total} {'success' if ok else 'failure'}",
            {"dice": rolled, "bonus": bonus, "total": total, "vs": vs, "success": ok, "critical": crit})


# -- pools and knacks ---------------------------------------------------------------------

def refresh(call, only: list[str] | None = None) -> None:
    """`claw refresh [CAT...]`: pools back to the ability scores (HP unchanged)."""
    from claw.core.warriors.points import refresh as refill
    names = call.arg("CAT") if only is None else only
    targets = [get_cat(call, a)["id"] for a in names] if names else list(call.state["order"])
    for cid in targets:
        cat = call.state["cats"][cid]
        put_cat(call, refill(cat))
    call.event("refresh", f"ability points refreshed: {', '.join(targets)}", cats=targets)


def use_knack(call) -> None:
    """`claw knack`: pay for a knack used outside checks and fights."""
    from claw.core.warriors import knacks as K
    from claw.core.warriors.points import describe, pay
    r = rules()
    cat = get_cat(call, call.arg("CAT"))
    knack = call.arg("KNACK")
    row = r.knacks[knack]
    if row["kind"] in ("check", "fight") and knack != "yowl":
        where = "a check (claw check ... --knack)" if row["kind"] == "check" else "a fight (claw attack ... --knack)"
        raise IllegalAction(f"{row['name']} is used in {where}: {knack}")
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']}: {cat['id']}")
    uses = call.opts.get("uses")
    uses = 1 if uses is None else uses      # --uses 0 is refused by K.require, not read as 1
    lvl = K.require(cat, r, knack, uses)
    c = K.cost(r, knack, lvl)
    pools, parts = pay(cat["pools"], c["ability"], c["points"] * uses, convert_from(call), cat["name"], row["name"])
    put_cat(call, dict(cat, pools=pools))
    extra = {"leap": f"the Pounce reaches up to {uses} more body length(s); the landing is uncontrolled",
             "pathfinder": f"{'two answers' if lvl >= 2 else 'one answer'}: distance, direction or nearby known places",
             "yowl": "one simple call heard by cats within range"}.get(knack, row["effect"])
    call.event("knack", f"{cat['name']} uses {row['name']}" + (f" x{uses}" if uses > 1 else "")
               + f" (paid {describe(parts)}): {extra}", cat=cat["id"], knack=knack, uses=uses, paid=parts)


# -- show --------------------------------------------------------------------------

def show(call) -> None:
    """`claw show`: the party, its pools, ailments, pending choices and any fight."""
    r = rules()
    s = call.state
    lines = [f"Day {s['day']}"]
    for cid in s["order"]:
        c = s["cats"][cid]
        a, p = c["abilities"], c["pools"]
        status = "" if c["status"] == "ok" else f" [{c['status'].upper()}]"
        who = "wild animal" if c.get("animal") else f"{r.clans[c['clan']]['name']}, {c['age']} moons"
        lines.append(f"{c['name']} ({cid}) {who}{status}")
        lines.append(f"  HP {c['hp']}/{c['hp_max']}  STR {p['strength']}/{a['strength']}  "
                     f"INT {p['intelligence']}/{a['intelligence']}  SPT {p['spirit']}/{a['spirit']}")
        lines.append("  skills: " + ", ".join(f"{k} {v}" for k, v in c["skills"].items()))
        if c["knacks"]:
            lines.append("  knacks: " + ", ".join(k + (f" x{v}" if v > 1 else "") for k, v in c["knacks"].items()))
        ills = [_illness_line(d, r, s["day"]) for d in c["diseases"]] + c.get("ailments", [])
        if c.get("sprain"):
            ills.append(f"sprain ({c['sprain']} sunrise(s) of rest left)")
        if ills:
            lines.append("  ailing: " + ", ".join(ills))
        if c.get("pending"):
            lines.append("  to choose: " + ", ".join(f"{g['type']} (moon {g['moon']})" for g in c["pending"]))
    if "herbs" in s:
        lines.append("Herb stock: " + _stock_line(s, r))
    f = s.get("fight")
    if f:
        ini = f.get("initiative", {})
        lines.append(f"Fight, round {f['round']} (* acts now): " + " > ".join(
            ("*" if i == f["turn"] else "") + x + (f" ({ini[x]})" if x in ini else "")
            for i, x in enumerate(f["order"])))
        for w in f["wrestles"]:
            lines.append("  wrestling: " + ", ".join(w))
        for pinned, pinner in f["pins"].items():
            lines.append(f"  {pinned} is pinned by {pinner}")
        for biter, bitten in f["chomps"].items():
            lines.append(f"  {biter} holds {bitten} in a Chomp")
        for cid in f["disoriented"]:
            lines.append(f"  {cid} was launched: no attack on its next action")
    if call.json:
        call.emit_json(s)
    else:
        call.out("\n".join(lines))


def _illness_line(d: dict, r, today: int) -> str:
    """A disease in `show`: its day, when it changes untreated, and what cures it."""
    from claw.core.warriors.healing import deadline, remedy
    when = deadline(d, r, today)
    return (f"{r.diseases[d['id']]['name']} day {d['day']} ({when + '; ' if when else ''}"
            f"cure: {remedy(d['id'], r)})")


def _stock_line(s: dict, r) -> str:
    """The herb stock in `show`: portions of each herb with their good-through day."""
    from claw.core.warriors.herbstock import keep_days
    stock: dict = {}
    for e in s["herbs"]:
        through = e["day"] + keep_days(s["cats"].get(e["keeper"]), e["dried"]) - 1
        key = (r.herbs[e["herb"]]["name"], "dried" if e["dried"] else "fresh", through)
        stock[key] = stock.get(key, 0) + 1
    return ", ".join(f"{n} x{c} ({d}, " + (f"good through day {t}" if t >= s["day"] else f"gone bad after day {t}")
                     + ")" for (n, d, t), c in stock.items()) or "empty"
