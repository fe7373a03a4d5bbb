"""Validation of any claw file into positioned diagnostics (one pass: parse, schema, rule
checks, the files it names). Output formats are in cli/reporters.py."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from claw.cli.formats.yamlload import (
    ParseProblem,
    column_in_string,
    load_json_positioned,
    load_positioned,
    locate,
    node_start,
    to_plain,
)
from claw.cli.store.statefile import MAX_STATE_BYTES
from claw.core.errors import quoted

STATE_FORMAT = "claw-state"


PARSE_ERROR, UNSAFE_FILE, UNREADABLE, FILE_TYPE = "P001", "P002", "P003", "S007"
MISSING_REFERENCE, WRONG_REFERENCE = "R001", "R002"
RULE_FALLBACK = "X001"  # a rule message from a check that names no code of its own
IGNORE_MARK = re.compile(r"#\s*claw:\s*ignore[ =]+([A-Za-z0-9_, ]+)")


@dataclass
class Diagnostic:
    file: str
    line: int
    column: int
    message: str
    kind: str = "schema"  # "parse", "schema", "rule" or "reference"
    code: str = ""
    severity: str = "error"  # or "warning"
    path: str = ""  # dotted path of the value inside the file

    def text(self) -> str:
        head = "warning: " if self.severity == "warning" else ""
        tail = f" [{self.code}]" if self.code else ""
        return f"{self.file}:{self.line}:{self.column}: {head}{self.message}{tail}"


@dataclass
class FileReport:
    file: str
    schema: str | None
    diagnostics: list[Diagnostic]
    data: Any = None  # plain data when it parsed
    followed: list = field(default_factory=list)  # reports of the files it names (validate)

    @property
    def ok(self) -> bool:
        """No errors (warnings do not make a file invalid)."""
        return not self.errors

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]


def read_text(path: str) -> str:
    # a bounded read: stat() says 0 bytes for /dev/zero and pipes, which never end
    with open(path, "rb") as handle:
        return _decode_bounded(handle.read(MAX_STATE_BYTES + 1))


def read_stdin_text() -> str:
    """``-``: stdin under the same cap as files and states."""
    from claw.cli.store.statefile import read_stdin_bounded

    return _decode_bounded(read_stdin_bounded(MAX_STATE_BYTES))


def _decode_bounded(raw: bytes) -> str:
    """One cap for everything claw reads (the state cap: what claw writes, it reads back);
    YAML has its own smaller one inside the parser (cli/yamlload.py MAX_FILE_BYTES)."""
    from claw.cli.formats.yamlload import decode_text

    if len(raw) > MAX_STATE_BYTES:
        raise ParseProblem(1, 1, f"file larger than {MAX_STATE_BYTES // (1024 * 1024)} MiB")
    return decode_text(raw)


def schema_for(data: Any) -> tuple[str | None, tuple, str | None]:
    """Pick the schema for a document: (name, path to blame, problem)."""
    if not isinstance(data, dict):
        return None, (), "the file should be a mapping with a 'game' key"
    if data.get("format") == STATE_FORMAT:
        return "state", (), None
    from claw.cli.framework.adapter import GAMES
    from claw.cli.render.suggest import hint

    game = data.get("game")
    if game is None:
        return None, (), f"missing 'game' key (one of: {', '.join(GAMES)})"
    if game not in GAMES:
        from claw.cli.render.wording import unknown_game_text

        return None, ("game",), unknown_game_text(game, GAMES)
    kind = data.get("kind", "scenario")
    from claw.cli.formats.content import schema_names

    name = f"{kind}-{game}"
    if name not in schema_names():
        kinds = sorted(n[: -len(game) - 1] for n in schema_names() if n.endswith("-" + game)
                       and not n.startswith("state-"))
        where = ("kind",) if "kind" in data else ()
        near = hint(str(kind), kinds)
        tip = f"; {near}" if near.startswith("did you") else ""
        return None, where, f"no {quoted(kind)} files for {game} (kinds: {', '.join(kinds) or 'none yet'}){tip}"
    return name, (), None


def parse_document(name: str, text: str, duplicates: str = "refuse") -> Any:
    """Text → positioned nodes (raises ParseProblem). The one place the format is chosen:
    JSON by the name, or a claw state under any name (claw writes states as JSON, and a
    state may be larger than the YAML parser's cap). ``duplicates``: positions.DUPLICATES."""
    head = text[:256].lstrip("\ufeff \t\r\n")
    if name.endswith(".json") or (head.startswith("{") and f'"format": "{STATE_FORMAT}"' in head):
        return load_json_positioned(text, duplicates)
    return load_positioned(text, duplicates)


def _parse_code(message: str) -> str:
    unsafe = ("alias", "tag not allowed", "larger than", "nesting", "more than")
    return UNSAFE_FILE if any(word in message for word in unsafe) else PARSE_ERROR


def check_document(name: str, text: str, *, schema: str | None = None, ignore: frozenset = frozenset(),
                   follow: bool = False, base: str | None = None, seen: set | None = None,
                   duplicates: str = "refuse") -> FileReport:
    """Parse, schema-check and rule-check one document's text, in one pass; with
    ``follow``, the files it names too (their reports in ``followed``). A repeated key
    stops the check (a parse error), or with ``duplicates="report"`` (validate) is one
    diagnostic, and the rest is checked with the first value."""
    try:
        root = parse_document(name, text, duplicates)
    except ParseProblem as exc:
        diag = Diagnostic(name, exc.line, exc.column, exc.message, "parse", _parse_code(exc.message))
        return FileReport(name, None, _filtered([diag], text, ignore))
    repeats = _duplicate_diagnostics(name, root)
    data = to_plain(root)
    chosen, where, problem = (schema, (), None) if schema is not None else schema_for(data)
    if chosen is None or problem:
        line, col = locate(root, where) if where else (1, 1)
        diag = Diagnostic(name, line, col, problem or "no schema for this file", "schema", FILE_TYPE,
                          path=_path_text(where))
        found = sorted(repeats + [diag], key=lambda d: (d.line, d.column, d.code))
        return FileReport(name, None, _filtered(found, text, ignore), data)
    diags, broken = _schema_diagnostics(name, root, data, chosen)
    diags += repeats
    diags += _rule_diagnostics(name, root, data, chosen, broken)
    others: list[FileReport] = []
    if follow:
        ref_diags, others = _follow(name, root, data, chosen, broken, ignore, base, seen, duplicates)
        diags += ref_diags
    diags.sort(key=lambda d: (d.line, d.column, d.code))
    return FileReport(name, chosen, _filtered(diags, text, ignore), data, others)


def _duplicate_diagnostics(name: str, root: Any) -> list[Diagnostic]:
    """A repeated key (a ``"report"`` read): one error at the repeat, naming the first."""
    from claw.cli.formats.positions import duplicate_message

    diags = []
    for path, where, first in getattr(root, "duplicates", ()):
        line, col = root.line_col(where)
        diags.append(Diagnostic(name, line, col, duplicate_message(path[-1], root.line_col(first)), "parse",
                                PARSE_ERROR, path=_path_text(path)))
    return diags


def schema_problems(schema: str, value: Any) -> list[tuple[tuple, str, bool, str]]:
    """Every schema problem (cli/schemacheck.py). The small hot-path checker answers first:
    a valid file, the usual case, never pays for importing `jsonschema` (~100 ms)."""
    from claw.cli.validation.fastschema import first_error

    if first_error(schema, value) is None:
        return []
    from claw.cli.validation.schemacheck import iter_problems

    return list(iter_problems(schema, value))


def _schema_diagnostics(name: str, root: Any, data: Any, chosen: str) -> tuple[list[Diagnostic], list[tuple]]:
    problems = schema_problems(chosen, data)
    if chosen == "state" and not problems:
        problems = _state_problems(data, name)
    diags = []
    for path, message, at_key, code in problems:
        line, col = locate(root, path) if (at_key or _exists(data, path)) else node_start(root, path)
        missing = code == "S004" and bool(path)  # a missing key: point at the mapping that lacks it
        if missing:
            line, col = node_start(root, path[:-1])
        where = _path_text(path)
        shown = _path_text(path[:-1]) if at_key or missing else where  # the message names the key
        kind = "rule" if code == RULE_FALLBACK else "schema"
        diags.append(Diagnostic(name, line, col, f"{shown}: {message}" if shown else message, kind, code,
                                path=where))
    return diags, [p for p, _, _, _ in problems]


def _rule_diagnostics(name: str, root: Any, data: Any, chosen: str, broken: list[tuple]) -> list[Diagnostic]:
    """The game's rule checks on the parts the schema accepted: a check that trips over a
    broken part is skipped, and a finding inside a broken part is dropped (the schema
    error there says it first)."""
    diags = []
    for problem in rule_checks(chosen, data, tolerant=bool(broken)):
        path, message = tuple(problem[0]), problem[1]
        if any(path[: len(b)] == b for b in broken if b):
            continue
        line, col = locate(root, path)
        offset = getattr(problem, "offset", None)
        if offset is None and len(problem) > 2:  # a plain (path, message, offset)
            offset = problem[2]
        if offset is not None:  # a character inside a one-line string
            line, col = _inside_string(root, path, line, col, offset)
        choices = getattr(problem, "choices", None)
        if choices:
            message += _choice_hint(*choices)
        diags.append(Diagnostic(name, line, col, message, "rule", getattr(problem, "code", "") or RULE_FALLBACK,
                                getattr(problem, "severity", "error"), _path_text(path)))
    return diags


def _choice_hint(typed: str, allowed, what: str) -> str:
    """ "; did you mean X?" or the allowed names (single characters: always the list)."""
    from claw.cli.render.suggest import hint

    names = [str(a) for a in allowed]
    if len(str(typed)) <= 1:
        return f"; known {what}: {' '.join(names)}" if names else ""
    tip = hint(str(typed), names, what=what, show_all=40)
    return f"; {tip}" if tip else ""


def _follow(name: str, root: Any, data: Any, chosen: str, broken: list[tuple], ignore: frozenset,
            base: str | None, seen: set | None, duplicates: str) -> tuple[list[Diagnostic], list[FileReport]]:
    """Check each file the document names: a missing or wrong-kind one is an error at the
    referring key; the named file's own problems come in its own report."""
    import os

    from claw.cli.validation.references import CROSS_CHECKS, references

    seen = seen if seen is not None else {os.path.realpath(name)}
    folder = base if base is not None else os.path.dirname(name)
    # no command reads the files a state names (a loot deck was copied in by `claw new`):
    # a missing or broken one is a warning, so validate accepts what every command reads
    severity = "warning" if chosen == "state" else "error"
    diags: list[Diagnostic] = []
    reports: list[FileReport] = []
    for path, ref, kind in references(chosen, data):
        if any(path[: len(b)] == b for b in broken if b):
            continue
        full = ref if os.path.isabs(ref) else os.path.join(folder, ref)
        line, col = locate(root, path)  # the referring key (or list item)
        where = _path_text(path)
        if not os.path.isfile(full):
            problem = "no such file" if not os.path.exists(full) else "not a regular file"
            looked = f" (looked for {full})" if full != ref else ""
            diags.append(Diagnostic(name, line, col, f"{where}: {problem}: {ref}{looked}", "reference",
                                    MISSING_REFERENCE, severity, path=where))
            continue
        real = os.path.realpath(full)
        if real in seen:  # reported on its own (given too, or a cycle); its kind still matters here
            # no cross check: its own problems are not known here
            named, named_ok, checked = _peek(full, duplicates), False, False
        else:
            seen.add(real)
            own = check_file(full, ignore=ignore, follow=True, seen=seen, duplicates=duplicates)
            if severity == "error":  # a state's named files are not read: their problems are one warning here
                reports += [own] + own.followed
            named, named_ok, checked = own.data, own.ok, True
        actual = named.get("kind", "scenario") if isinstance(named, dict) else None
        if severity == "warning":
            if named is None or actual != kind or (checked and not named_ok):
                diags.append(Diagnostic(name, line, col, f"{where}: {ref} is not a valid {quoted(kind)} file (`claw "
                                        f"validate {full}` lists why); no command reads it", "reference",
                                        WRONG_REFERENCE, severity, path=where))
            continue
        if named is not None and actual != kind:
            what = f"is a {quoted(actual)} file" if isinstance(actual, str) else "is not a claw file"
            diags.append(Diagnostic(name, line, col, f"{where}: {ref} {what}; a {quoted(kind)} file is needed here",
                                    "reference", WRONG_REFERENCE, path=where))
        elif named_ok and (chosen, kind) in CROSS_CHECKS:
            from functools import partial

            from claw.cli.framework.adapter import import_target
            from claw.core.findings import collect

            check = partial(import_target(CROSS_CHECKS[(chosen, kind)]), data, path, named)
            for found in collect([check], tolerant=bool(broken)):
                at = tuple(found.path)
                if at == path or not _exists(data, at) or any(at[: len(b)] == b for b in broken if b):
                    diags.append(Diagnostic(name, line, col, f"{where}: {found.message}", "rule", found.code,
                                            found.severity, where))
                    continue
                # a finding about the referring file's own value (a Tallyman reward): point there
                message = found.message + (_choice_hint(*found.choices) if found.choices else "")
                diags.append(Diagnostic(name, *locate(root, at), message, "rule", found.code, found.severity,
                                        _path_text(at)))
    diags += _bundle_diagnostics(name, root, data, chosen, folder, duplicates) if not broken else []
    return diags, reports


def _bundle_diagnostics(name: str, root: Any, data: Any, chosen: str, folder: str, duplicates: str) -> list[Diagnostic]:
    """The rule checks across a file and every file it reaches (references.BUNDLE_CHECKS),
    e.g. a campaign's cards against its and its scenario's loot decks."""
    from claw.cli.validation.references import BUNDLE_CHECKS, reached

    if chosen not in BUNDLE_CHECKS:
        return []
    from claw.cli.framework.adapter import import_target
    from claw.core.findings import collect

    target, chains = BUNDLE_CHECKS[chosen]
    docs = reached(chains, data, folder, lambda path: _peek(path, duplicates))
    if docs is None:  # a named file is missing or broken: reported above, the set is incomplete
        return []
    found = collect([lambda: import_target(target)(data, docs)])
    return [Diagnostic(name, *locate(root, tuple(f.path)), f.message + (_choice_hint(*f.choices) if f.choices else ""),
                       "rule", f.code, f.severity, _path_text(tuple(f.path))) for f in found]


def _peek(path: str, duplicates: str) -> Any:
    """The document of a file checked elsewhere in the run, or None if it does not parse."""
    try:
        return to_plain(parse_document(path, read_text(path), duplicates))
    except (ParseProblem, UnicodeDecodeError, OSError):
        return None


def ignored_codes(text: str) -> tuple[set[str], dict[int, set[str]]]:
    """``# claw: ignore CODE, ...`` comments: on a line of their own they silence the codes
    in the whole file; after a value, on that line only."""
    whole: set[str] = set()
    by_line: dict[int, set[str]] = {}
    if "claw:" not in text:
        return whole, by_line
    for number, line in enumerate(text.splitlines(), 1):
        found = IGNORE_MARK.search(line)
        if not found:
            continue
        codes = {c.strip().upper() for c in found.group(1).replace(",", " ").split() if c.strip()}
        if line[: found.start()].strip():
            by_line.setdefault(number, set()).update(codes)
        else:
            whole |= codes
    return whole, by_line


def _filtered(diags: list[Diagnostic], text: str, ignore: frozenset) -> list[Diagnostic]:
    whole, by_line = ignored_codes(text)
    whole |= set(ignore)
    return [d for d in diags if d.code not in whole and d.code not in by_line.get(d.line, ())]


def _state_problems(envelope: dict, name: str = "<stdin>") -> list[tuple[tuple, str, bool, str]]:
    """What every command checks when it reads a state, in the same order (statefile.
    parse_state): the format version, the migration of an older one, the game part's
    schema, the game's STATE_CHECK."""
    import copy

    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store.statefile import migrate, version_problem

    problem = version_problem(envelope)
    if problem:
        return [(("version",), problem, False, "S005")]  # a version out of the range this claw reads
    envelope = migrate(copy.deepcopy(envelope), STATE_RULES, name)  # the same values a command then checks
    problems = [(("state",) + p, m, k, c) for p, m, k, c in _game_part_problems(envelope)]
    if not problems:
        problems = [(("state",) + p, m, False, RULE_FALLBACK) for p, m in _state_rule_problems(envelope)]
    return problems


def _game_part_problems(envelope: dict):
    """A state's own part, checked against ``state-<game>`` (the envelope only says 'object')."""
    from claw.cli.formats.content import schema_names

    name = f"state-{envelope['game']}"
    if name in schema_names():
        yield from schema_problems(name, envelope["state"])


def _state_rule_problems(envelope: dict) -> list[tuple[tuple, str]]:
    """The game's own consistency checks of a state (adapter ``STATE_CHECK``), the very
    function every read runs (statefile.rule_problems)."""
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store.statefile import rule_problems

    return rule_problems(envelope, STATE_RULES)


def rule_checks(schema: str, data: Any, *, tolerant: bool = False) -> list:
    """The game's rule-level checks (pure functions in core): each problem is a Finding
    (core/findings.py), or a plain (path, message[, character offset in a string]).
    ``tolerant``: the schema refused part of ``data``; a check that trips over it is
    skipped instead of failing the run."""
    if schema == "state" or "-" not in schema:
        return []
    kind, _, game = schema.rpartition("-")
    from claw.cli.framework.adapter import adapter
    from claw.core.findings import BROKEN_PART

    check = adapter(game).check
    if check is None:
        return []
    try:
        return list(check(kind, data, tolerant=tolerant))
    except BROKEN_PART:
        if not tolerant:
            raise
        return []


def _inside_string(root: Any, path: tuple, line: int, col: int, offset: int) -> tuple[int, int]:
    """Column of character ``offset`` of the string at ``path`` (past its opening quote)."""
    return column_in_string(root, path, line, col, offset)


def _exists(data: Any, path: tuple) -> bool:
    node = data
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def _path_text(path: tuple) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def check_file(path: str, *, ignore: frozenset = frozenset(), follow: bool = False,
               seen: set | None = None, duplicates: str = "refuse") -> FileReport:
    """Check one file, ``-`` for stdin (and, with ``follow``, the files it names: see
    ``followed``; those of stdin are found from the current folder). ``duplicates``: see
    ``check_document``; only `claw validate` reads past a repeated key."""
    stdin = path == "-"
    if stdin:
        path = "<stdin>"
    try:
        text = read_stdin_text() if stdin else read_text(path)
    except ParseProblem as exc:
        return FileReport(path, None, [Diagnostic(path, exc.line, exc.column, exc.message, "parse",
                                                  _parse_code(exc.message))])
    except UnicodeDecodeError as exc:
        return FileReport(path, None, [Diagnostic(path, 1, 1, f"not UTF-8 text ({exc.reason})", "parse",
                                                  UNREADABLE)])
    except OSError as exc:
        return FileReport(path, None, [Diagnostic(path, 1, 1, f"cannot read: {exc.strerror}", "parse",
                                                  UNREADABLE)])
    return check_document(path, text, ignore=ignore, follow=follow, seen=seen, base="." if stdin else None,
                          duplicates=duplicates)
