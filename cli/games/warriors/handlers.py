"""Warriors handlers: party state, validation, checks, pools, knacks, show.

Rules live in claw.core.warriors; this module parses arguments, calls them and
reports what happened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import UsageError, quoted
from claw.core.warriors.party import CHOICES, DEFAULT_OPTIONS

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def rules():
    """The rulebook's tables (loaded once)."""
    from claw.cli.games.warriors.data import rules as load
    return load()


# -- helpers shared by the handler modules -----------------------------------------

def option(call: Call, name: str) -> str:
    """The state's choice for a ruling option, or its default."""
    state = call.state or {}
    return state.get("options", {}).get(name, DEFAULT_OPTIONS[name])


def state_problems(state: dict) -> list[str]:
    """The adapter's STATE_CHECK: a state whose parts contradict each other is refused on
    every read (exit 3) and by `claw validate`, so handlers get consistent states."""
    from claw.core.warriors.party import problems
    return problems(state, rules())


def get_cat(call: Call, cat_id: str) -> dict:
    """The party's cat with this id (exit 2 if there is none); checks the state first.
    Positionals arrive parsed (claw.cli.framework.kinds); options naming cats are checked here."""
    cats = call.need_state()["cats"]
    key = cat_id.strip().lower()
    if key not in cats:
        raise UsageError(f"no cat with id {quoted(cat_id)} in the party (cats: {', '.join(cats)})")
    return cats[key]


def put_cat(call: Call, cat: dict) -> None:
    """Store a changed cat back in the state."""
    call.need_state()["cats"][cat["id"]] = cat


def knack_uses(call: Call, r) -> dict:
    """The --knack options as {knack: paid uses}."""
    from claw.core.warriors.knacks import parse_uses
    out: dict = {}
    for text in call.opts.get("knack") or []:
        k, n = parse_uses(text, r)
        out[k] = out.get(k, 0) + n
    return out


def per_cat(call: Call, name: str) -> dict:
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


def convert_from(call: Call) -> list | None:
    """The --convert-from pools in order (None: the default order)."""
    from claw.core.warriors.rules import ability_name
    text = call.opts.get("convert_from")
    return [ability_name(a) for a in text.split(",") if a.strip()] if text else None


def verdict(call: Call, text: str, obj=None) -> None:
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

def check(kind: str, doc: dict, tolerant: bool = False) -> list:
    """Rule-level checks for `claw validate` (the core function does the work)."""
    if kind != "character":
        return []
    from claw.core.warriors.character import check as check_character
    broken: tuple[tuple, ...] = ()
    if tolerant:  # the schema refused some part: tell the checks which, so they skip only what reads it
        from claw.cli.validation.diagnostics import schema_problems
        broken = tuple(path for path, _, _, _ in schema_problems("character-warriors", doc))
    return check_character(doc, rules(), broken)


def new(call: Call) -> None:
    """`claw new`: a party state from character files, with the ruling options chosen."""
    from claw.core.errors import InvalidInput
    from claw.core.warriors.character import build
    from claw.core.warriors.party import start
    from claw.core.warriors.ranks import party_problems
    r = rules()
    options = dict(DEFAULT_OPTIONS)
    for key, allowed in CHOICES.items():
        value = call.opts.get(key)
        if value is not None:
            if value not in allowed:
                raise UsageError(f"--{key.replace('_', '-')} is one of {', '.join(allowed)}: {quoted(value)}")
            options[key] = value
    cats: dict = {}
    source_of: dict = {}
    for doc, source in zip(call.docs, call.sources, strict=True):
        if doc.get("kind") != "character":
            raise InvalidInput(f"{source}: warriors games start from character files (kind: character)")
        cat, problems = build(doc, r)
        if problems:
            raise InvalidInput(f"{source}: {problems[0][1]} (run claw validate {source})")
        if cat["id"] in cats:
            raise InvalidInput(f"{source}: two cats share the id {quoted(cat['id'])}")
        cats[cat["id"]] = cat
        source_of[cat["id"]] = source
    for cid, why in party_problems(list(cats.values()), r):
        raise InvalidInput(f"{source_of[cid]}: {why} (Clan Ranks)")
    call.apply(start(list(cats.values()), options, r))


# -- pools and knacks ---------------------------------------------------------------------

def refresh(call: Call, only: list[str] | None = None) -> None:
    """`claw refresh [CAT...]`: pools back to the ability scores (HP unchanged)."""
    from claw.core.warriors.points import refresh_party
    names = call.arg("CAT") if only is None else only
    call.apply(refresh_party(call.need_state(), [get_cat(call, a)["id"] for a in names or []]))


def use_knack(call: Call) -> None:
    """`claw knack`: pay for a knack used outside checks and fights."""
    from claw.core.warriors.knacks import use
    cat = get_cat(call, call.arg("CAT"))
    uses = call.opts.get("uses")
    uses = 1 if uses is None else uses      # --uses 0 is refused by the rule, not read as 1
    call.apply(use(call.need_state(), rules(), cat["id"], call.arg("KNACK"), uses, convert_from(call)))


# -- show --------------------------------------------------------------------------

def show(call: Call) -> None:
    """`claw show`: the party, its pools, ailments, pending choices, what each cat keeps and
    any fight; `claw show ID`: one cat (or animal) in full."""
    r = rules()
    s = call.need_state()
    if call.arg("ID"):
        return _show_one(call, s, r, call.arg("ID"))
    lines = [f"Day {s['day']}"]
    for cid in s["order"]:
        lines += _cat_lines(s, r, cid)
    if "herbs" in s:
        lines.append("Herb stock: " + _stock_line(s, r))
    if s.get("fresh_kill"):
        lines.append("Fresh-kill: " + ", ".join(
            f"{r.prey[p['prey']]['name'].lower()} ({r.weights[p['weight']]['name'].lower()}, day {p['day']}, "
            f"{p['hunter']})" for p in s["fresh_kill"]))
    f = s.get("fight")
    if f:
        ini = f.get("initiative", {})
        def fighter(i: int, x: str) -> str:
            notes = ([str(ini[x])] if x in ini else []) + ([] if s["cats"][x]["status"] == "ok"
                                                            else [s["cats"][x]["status"].replace("-", " ")])
            return ("*" if i == f["turn"] else "") + x + (f" ({', '.join(notes)})" if notes else "")
        lines.append(f"Fight, round {f['round']} (* acts now): "
                     + " > ".join(fighter(i, x) for i, x in enumerate(f["order"])))
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
        call.status(lines)


def _cat_lines(s: dict, r, cid: str, full: bool = False) -> list[str]:
    """One cat's block of `claw show` (``full``: also what the short form leaves out)."""
    c = s["cats"][cid]
    a, p = c["abilities"], c["pools"]
    if c.get("animal") and c["status"] != "ok" and not full:  # out of the game: one line, not its scores
        return [f"{c['name']} ({cid}) wild animal: {c['status'].replace('-', ' ')}, out of the fight "
                f"(claw animal {cid} --remove takes it away)"]
    status = "" if c["status"] == "ok" else f" [{c['status'].replace('-', ' ').upper()}]"
    who = "wild animal" if c.get("animal") else f"{r.clans[c['clan']]['name']}, {c['age']} moons"
    lines = [f"{c['name']} ({cid}) {who}{status}"]
    if full and not c.get("animal"):
        rank = r.ranks.get(c.get("rank"), {}).get("name") or c.get("rank") or "no rank"
        lines.append(f"  {rank}" + (f", {c['lives']} lives" if "lives" in c else "")
                     + (", played by the GM" if c.get("npc") else "")
                     + (f", player {c['player']}" if c.get("player") else ""))
    out = " (knocked out: no action until healed to 1 HP or more)" if c["status"] == "knocked-out" else ""
    lines.append(f"  HP {c['hp']}/{c['hp_max']}{out}  STR {p['strength']}/{a['strength']}  "
                 f"INT {p['intelligence']}/{a['intelligence']}  SPT {p['spirit']}/{a['spirit']}")
    lines.append("  skills: " + ", ".join(f"{k} {v}" for k, v in c["skills"].items()))
    if c.get("knacks"):
        lines.append("  knacks: " + ", ".join(k + (f" x{v}" if v > 1 else "") for k, v in c["knacks"].items()))
    ills = [_illness_line(d, r, s["day"]) for d in c.get("diseases", [])] + c.get("ailments", [])
    if c.get("sprain"):
        ills.append(f"sprain ({c['sprain']} sunrise(s) of rest left)")
    if ills or full:
        lines.append("  ailing: " + (", ".join(ills) or "nothing"))
    if c.get("pending"):
        lines.append("  to choose: " + ", ".join(f"{g['type']} (moon {g['moon']})" for g in c["pending"]))
    if any(e["keeper"] == cid for e in s.get("herbs") or []) or (full and not c.get("animal")):
        lines.append("  herbs kept: " + _stock_line(s, r, cid))  # what the cat holds
    if full:
        caught = [p for p in s.get("fresh_kill") or [] if p["hunter"] == cid]
        if caught:
            lines.append("  its catch on the fresh-kill pile: " + ", ".join(
                f"{r.prey[p['prey']]['name'].lower()} ({r.weights[p['weight']]['name'].lower()}, day {p['day']})"
                for p in caught))
        f = s.get("fight")
        if f and cid in f["order"]:
            lines.append(f"  in the fight (round {f['round']})" + (": its turn" if f["order"][f["turn"]] == cid
                                                                      else ""))
    return lines


def _show_one(call: Call, s: dict, r, cid: str) -> None:
    """`claw show ID`: one figure in full (JSON: its record)."""
    if call.json:
        call.emit_json({**s["cats"][cid], "herbs_kept": [e for e in s.get("herbs") or [] if e["keeper"] == cid]})
    else:
        call.out("\n".join(_cat_lines(s, r, cid, full=True)))


def _illness_line(d: dict, r, today: int) -> str:
    """A disease in `show`: its day, when it changes untreated, and what cures it."""
    from claw.core.warriors.healing import deadline, remedy
    when = deadline(d, r, today)
    return (f"{r.diseases[d['id']]['name']} day {d['day']} ({when + '; ' if when else ''}"
            f"cure: {remedy(d['id'], r)})")


def _stock_line(s: dict, r, keeper: str | None = None) -> str:
    """The herb stock in `show` (or one keeper's part of it): portions of each herb with
    their good-through day."""
    from claw.core.warriors.herbstock import portions
    return ", ".join(f"{r.herbs[p['herb']]['name']} x{p['count']} ({'dried' if p['dried'] else 'fresh'}, "
                     + (f"good through day {p['through']}" if p["good"] else f"gone bad after day {p['through']}")
                     + ")" for p in portions(s, keeper)) or ("empty" if keeper is None else "none")
