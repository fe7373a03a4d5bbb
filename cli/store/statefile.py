"""Reading, checking, writing and undoing state files.

A state file is replaced only by a complete, valid new one (cli/safewrite.py: temporary
file, fsync, ``os.replace``, folder fsync), under a lock for read-modify-writes
(cli/statelock.py). Before an in-place replace, the step back goes to the history beside
the file (cli/store/history.py) so `claw undo` can bring it back. Reads and writes share
one size cap.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from claw.core.errors import CannotWrite, InvalidInput, UsageError

if TYPE_CHECKING:  # a protocol: nothing to load at run time
    from claw.cli.store.rules import StateRules

FORMAT = "claw-state"
VERSION = 2  # 2: log texts are literal (1: they could hold rich markup)
MAX_STATE_BYTES = 32 * 1024 * 1024


def read_state_text(source: str) -> tuple[str, str]:
    """(text, display name) of ``-`` (stdin) or a path. At most MAX_STATE_BYTES bytes, the
    same cap ``encode_state`` applies before writing: claw reads back all it writes."""
    if source == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise InvalidInput("no state on stdin (pipe one in, or give -s FILE)")
        raw = read_stdin_bounded(MAX_STATE_BYTES)
        name = "<stdin>"
    else:
        try:
            with open(source, "rb") as handle:
                raw = handle.read(MAX_STATE_BYTES + 1)
        except FileNotFoundError:
            raise InvalidInput(f"state file not found: {source}") from None
        except OSError as exc:
            raise InvalidInput(f"cannot read state file {source}: {exc.strerror or exc}") from None
        name = source
    if len(raw) > MAX_STATE_BYTES:
        raise InvalidInput(f"{name}: state larger than {MAX_STATE_BYTES // (1024 * 1024)} MiB")
    try:
        return raw.decode("utf-8"), name
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{name}: not UTF-8 text (byte {exc.start + 1})") from None


def stdin_is_pipe() -> bool:
    """Is stdin a pipe (or a socket)? Only then did a command before claw write to it."""
    import stat

    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError, AttributeError):
        return True  # no descriptor (a test's text stream stands for a pipe)
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def read_stdin_bounded(limit: int) -> bytes:
    """Up to ``limit + 1`` bytes of stdin (so a caller can tell "too large"), never more:
    ``claw validate - < /dev/zero`` must not eat the memory."""
    stream = sys.stdin
    if stream is None:
        return b""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return buffer.read(limit + 1)
    return stream.read(limit + 1).encode("utf-8", "surrogatepass")  # a text-only stream (tests)


def parse_state(text: str, name: str, rules: StateRules) -> dict:
    """The envelope in ``text``, checked as every read checks it: strict JSON, format and
    version, migration, the schemas, then the game's own consistency check (``rules``)."""
    if not text.strip():
        if name == "<stdin>":  # issue 11: in a pipeline, the stage before us wrote nothing
            from claw.cli.render.wording import empty_stdin

            raise empty_stdin(piped=stdin_is_pipe())
        raise InvalidInput(f"{name}: empty input, expected a claw state (JSON)")
    from claw.cli.formats.jsonload import loads as strict_json

    data = strict_json(text, name)  # InvalidInput NAME:LINE:COL: … on anything but strict JSON
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidInput(f"{name}: not a claw state (no \"format\": \"{FORMAT}\")")
    problem = version_problem(data)
    if problem:
        raise InvalidInput(f"{name}: {problem}")
    seal = data.get("checked")
    trusted = data["version"] == VERSION and isinstance(data.get("game"), str) and _seals(text, data["game"], seal)
    data = migrate(data, rules, name)
    check_state(data, name, trusted=trusted)  # the envelope's check sees the seal too (as validate does)
    data.pop("checked", None)  # never carried into a new state: each write seals its own
    check_rules(data, name, rules)
    return data


def _seals(text: str, game: str, seal: object) -> bool:
    if seal is None or not _has_part_schema(game):
        return False
    from claw.cli.store.seal import sealed

    return sealed(text, game, seal)


def _has_part_schema(game: str) -> bool:
    """Does ``game`` have a schema for its part (so a seal can vouch for a check of it)?"""
    from claw.cli.formats.content import schema_names

    return f"state-{game}" in schema_names()


def migrate(data: dict, rules: StateRules, name: str = "<stdin>") -> dict:
    """Bring an older state up to VERSION, one step at a time. ``name``: where it was read
    (a path, or ``<stdin>``), the folder its relative paths are taken from."""
    if data["version"] == 1:
        # v1 → v2: old log texts may hold markup (keep their words only), and v1 stored the
        # files a state names (msm loot decks) as absolute paths: make them relative to the
        # state's folder (the current one for stdin), the only form v2 accepts
        from claw.cli.render.text import legacy_plain

        for entry in data.get("log") or []:
            for event in (entry.get("events") or []) if isinstance(entry, dict) else []:
                if isinstance(event, dict) and isinstance(event.get("text"), str):
                    event["text"] = legacy_plain(event["text"])
        _relative_paths(data, "." if name == "<stdin>" else os.path.dirname(os.path.abspath(name)), rules)
        data["version"] = 2
    return data


def _relative_paths(data: dict, folder: str, rules: StateRules) -> None:
    from claw.cli.formats.content import schema_names

    if not isinstance(data.get("game"), str) or f"state-{data['game']}" not in schema_names() \
            or not isinstance(data.get("state"), dict):
        return  # the schema check that follows names the problem
    rules.rebase(data["game"], data["state"], lambda p: os.path.relpath(p, folder) if os.path.isabs(p) else p)


def check_state(data: dict, name: str, trusted: bool = False, unchanged: dict | None = None) -> None:
    """Schema-check the envelope and the game's part. One line per problem.

    ``trusted``: the game part is what claw checked and sealed (cli/store/seal.py), so only
    the envelope is checked; ``unchanged``: parts of the game part whose text is the
    checked text read (``seal.unchanged``), not checked again."""
    from claw.cli.validation.fastschema import first_error, format_path

    problem = first_error("state", data)
    if problem is None and isinstance(data.get("state"), dict) and not trusted:
        from claw.cli.formats.content import schema_names

        part = f"state-{data['game']}"
        if part in schema_names():
            problem = first_error(part, data["state"], skip=unchanged)
            if problem:
                problem = (("state",) + problem[0], problem[1])
    if problem:
        path, message = problem
        raise InvalidInput(f"{name}: invalid state at {format_path(path)}: {message}")


def check_rules(data: dict, name: str, rules: StateRules) -> None:
    """The game's consistency check of a schema-valid state, as every read runs it."""
    problems = rule_problems(data, rules, raw=True)
    if problems:
        first = problems[0]
        text = first if isinstance(first, str) else ".".join(map(str, first[0])) + ": " + first[1]
        more = f" (and {len(problems) - 1} more; run claw validate)" if len(problems) > 1 else ""
        raise InvalidInput(f"{name}: inconsistent {data['game']} state: {text}{more}")


def version_problem(data: dict) -> str | None:
    """Why this claw cannot read a state's format version (None when it can)."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        return "state has no integer format version"
    if version > VERSION:
        return f"state format version {version} is newer than this claw reads (up to {VERSION}); upgrade claw"
    return None


def rule_problems(envelope: dict, rules: StateRules, raw: bool = False) -> list:
    """The game's own consistency checks of its part (adapter ``STATE_CHECK``), as
    (path inside the game part, message). Run on every read and by ``claw validate``, so
    both accept exactly the same states. Only meaningful once the part passed its schema."""
    from claw.cli.formats.content import schema_names

    if f"state-{envelope['game']}" not in schema_names():
        return []
    found = rules.problems(envelope["game"], envelope["state"])
    if raw:  # the game's own wording: "path: message" strings or (path, message) pairs
        return list(found)
    return [p if isinstance(p, tuple) else _dotted(envelope["state"], p) for p in found]


def _dotted(part: dict, message: str) -> tuple[tuple, str]:
    """``"cats.ember.hp: 25 …"`` → the path it names (when it exists) and the rest."""
    head, sep, rest = message.partition(": ")
    if sep and head and " " not in head:
        path: list = []
        node = part
        for step in head.split("."):
            if isinstance(node, list) and step.isdigit() and int(step) < len(node):
                step = int(step)
            elif not (isinstance(node, dict) and step in node):
                return (), message
            path.append(step)
            node = node[step]
        return tuple(path), rest
    return (), message


def new_envelope(game: str, seed: int) -> dict:
    return {"format": FORMAT, "version": VERSION, "game": game,
            "rng": {"algorithm": "splitmix64", "seed": seed, "position": 0},
            "state": {}, "log": []}


def dump_state(data: dict) -> str:
    from claw.cli.formats.jsondump import dumps_indent1  # json.dumps(indent=1)'s bytes, about 2.5x faster

    return dumps_indent1(data) + "\n"


def encode_new_state(envelope: dict, old_text: str | None, encoded: str | None = None) -> bytes:
    """A new state's bytes, checked and sealed (cli/store/seal.py): the game part's members
    whose text is unchanged since ``old_text`` (read and checked) are not checked again.
    ``encoded``: the caller checked the envelope and gives its text, sealed with
    ``sealed_text`` (`claw play`, which keeps the text it wrote).
    InvalidInput when the new state is invalid (claw's bug: the caller refuses to write)."""
    from claw.cli.store import seal

    text = encoded
    if text is None:
        try:
            text = dump_state(envelope)
        except ValueError as exc:  # NaN/Infinity are not JSON
            raise UsageError(f"the new state would not be valid JSON ({exc}); nothing written") from None
        new_span = seal.state_span(text)
        same = None
        if new_span is not None and old_text is not None and isinstance(envelope.get("state"), dict):
            same = seal.unchanged(new_span, seal.state_span(old_text), envelope["state"])
        check_state(envelope, "new state", unchanged=same)
        text = sealed_text(envelope, text)
    return encode_state(envelope, text=text)


def sealed_text(envelope: dict, text: str) -> str:
    """``text`` (the checked ``envelope``, dumped) with its seal (cli/store/seal.py)."""
    from claw.cli.store.seal import add_seal

    game = envelope.get("game")
    return add_seal(text, game) if isinstance(game, str) and _has_part_schema(game) else text


def encode_state(data: dict, text: str | None = None) -> bytes:
    """The bytes to write, refused when claw could not read them back (``text``: the state
    already dumped, by `claw play`'s incremental encoder)."""
    try:
        raw = (dump_state(data) if text is None else text).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise UsageError(f"the new state would hold text that is not valid UTF-8 "
                         f"({exc.object[exc.start:exc.end]!r}); nothing written") from None
    except ValueError as exc:  # NaN/Infinity are not JSON
        raise UsageError(f"the new state would not be valid JSON ({exc}); nothing written") from None
    if len(raw) > MAX_STATE_BYTES:
        # in bytes: one byte over would round to "32.0 MiB, more than the 32 MiB"
        raise CannotWrite(f"the new state would be {len(raw):,} bytes, more than the {MAX_STATE_BYTES:,} bytes "
                          f"({MAX_STATE_BYTES / (1024 * 1024):g} MiB) claw reads; nothing written. Keep a copy and "
                          "shorten its log (usually what grows)")
    return raw


def write_to(path: str, raw: bytes, *, expect: tuple | None = None) -> None:
    """Write a state to ``path``: atomically for a regular file (through links), as a
    stream into a FIFO or device (cli/safewrite.py)."""
    from claw.cli.store import atomic as safewrite

    kind, real = safewrite.destination(path)
    if kind == "stdout":
        safewrite.write_stdout(sys.stdout, raw.decode("utf-8"))
    elif kind == "stream":
        safewrite.write_stream(real, raw, path)
    else:
        safewrite.replace_file(real, raw, path, expect=expect)


def atomic_write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one."""
    from claw.cli.store import atomic as safewrite

    safewrite.replace_file(os.path.realpath(path), text.encode("utf-8"), path)


def stream_folder(stream) -> str | None:
    """The folder of the regular file behind a redirected stdin/stdout (``> games/g.json``),
    so paths a state stores stay relative to the state's own folder; None for pipes."""
    import stat

    try:
        fd = stream.fileno()
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        target = os.readlink(f"/proc/self/fd/{fd}")  # Linux; elsewhere: None, the current folder
    except (OSError, ValueError, AttributeError):
        return None
    return os.path.dirname(target) if os.path.isabs(target) and os.path.exists(target) else None


def load_any(source: str, rules: StateRules) -> tuple[dict, str, str]:
    text, name = read_state_text(source)
    return parse_state(text, name, rules), name, text


def env_state() -> str | None:
    value = os.environ.get("CLAW_STATE")
    return value or None
