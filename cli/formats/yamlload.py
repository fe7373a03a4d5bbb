"""Safe, positioned loading of hand-written YAML (and JSON) files.

We read ruamel.yaml's parser *events* — each carries where it starts — and build plain
dicts, lists and scalars ourselves, with a ``Document`` index of positions beside them.
No composer, constructor or round-trip comment machinery runs (they crash on some
valid YAML and recurse on deep nesting); one iterative pass also refuses what could hurt
or cannot be a claw file: aliases (a few hundred bytes of nested aliases expand to
millions of nodes), tags other than YAML's own, keys that are not plain text, more than
one document, absurd nesting or size. Scalars are resolved by the YAML 1.2 core schema.
"""

from __future__ import annotations

import math
import re
from typing import Any

from claw.cli.formats.positions import (  # noqa: F401  (re-exported for diagnostics)
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_NODES,
    Document,
    ParseProblem,
    Repeated,
    check_duplicates_mode,
    column_in_string,
    duplicate_message,
    locate,
    node_start,
    offset_line_col,
    to_plain,
)
from claw.core.errors import quoted

MAX_FILE_BYTES = 4 * 1024 * 1024
_CORE = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}

# the YAML 1.2 core schema (spec 10.3.2)
_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_SPECIAL_FLOAT = re.compile(r"[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")


def _mark(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


class _Loader:
    """The little a ruamel Reader, Scanner and Parser need from their loader."""

    processing_version = (1, 2)
    comment_handling = None

    def __init__(self, text: str) -> None:
        from types import SimpleNamespace

        from ruamel.yaml.reader import Reader

        from claw.cli.formats.yamlscan import StrictParser, StrictScanner

        self.doc_infos = [SimpleNamespace(doc_version=None, tags=[])]  # the scanner notes %YAML here
        self._resolver = self
        Reader(text, loader=self)
        StrictScanner(loader=self)
        self.parser = StrictParser(loader=self)

    def events(self):
        parser = self.parser
        while parser.check_event():
            yield parser.get_event()


def _number(text: str, mark, tag: str) -> Any:
    """A core-schema int or float (``tag`` says which was asked for), finite and bounded."""
    if tag == "int" or _INT.fullmatch(text):
        digits = text.lstrip("+-")
        base = {"0o": 8, "0x": 16}.get(digits[:2], 10)
        digits = digits[2:] if base != 10 else digits
        if len(digits) > MAX_INT_DIGITS:
            raise ParseProblem(*_mark(mark), f"integer with {len(digits)} digits: more than "
                               f"{MAX_INT_DIGITS} are refused")
        whole = int(digits, base)
        return -whole if text.startswith("-") else whole
    if _SPECIAL_FLOAT.fullmatch(text):
        raise ParseProblem(*_mark(mark), f"{text} is not a finite number (claw files hold finite numbers only)")
    value = float(text)
    if not math.isfinite(value):
        raise ParseProblem(*_mark(mark), f"number too large for a float: {text[:20]}")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _text(event) -> str:
    """A scalar's text; ``"\\ud83d\\ude00"`` escapes (as JSON writes them) join into one
    character, and a lone surrogate — not a Unicode character — is refused."""
    text = event.value
    if _SURROGATE.search(text):
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
        if _SURROGATE.search(text):
            raise ParseProblem(*_mark(event.start_mark),
                               "lone surrogate escape in a string: not a Unicode character; remove it")
    return text


def _scalar(event) -> Any:
    """The value of a scalar event: core-schema resolution for plain scalars, text otherwise."""
    text, tag = _text(event), event.tag
    if tag is not None and str(tag) == "!":  # the non-specific tag: a scalar is a string (spec 6.9.1)
        return text
    tag = None if tag is None else str(tag)
    if tag is None:
        if event.style is not None:  # quoted or block: a string
            return text
        if text in _NULL:
            return None
        if text in _BOOL:
            return _BOOL[text]
        if _INT.fullmatch(text) or _FLOAT.fullmatch(text) or _SPECIAL_FLOAT.fullmatch(text):
            return _number(text, event.start_mark, "")
        return text
    kind = tag[len(_CORE):]
    if kind == "str":
        return text
    if kind == "null" and text in _NULL:
        return None
    if kind == "bool" and text in _BOOL:
        return _BOOL[text]
    if kind == "int" and _INT.fullmatch(text):
        return _number(text, event.start_mark, "int")
    if kind == "float" and (_INT.fullmatch(text) or _FLOAT.fullmatch(text) or _SPECIAL_FLOAT.fullmatch(text)):
        return float(_number(text, event.start_mark, "float"))
    raise ParseProblem(*_mark(event.start_mark), f"{quoted(text)} is not a valid !!{kind}")


def _build(events, duplicates: str = "refuse") -> Document:
    from ruamel.yaml import events as ev

    doc = Document(None)
    report = duplicates == "report"
    keys, values = doc.keys, doc.values
    # one frame per open collection: [container, its path, pending key or _NO_KEY, {key: mark}]
    stack: list[list] = []
    nodes = documents = 0
    for event in events:
        kind = type(event)
        if kind is ev.AliasEvent:
            raise ParseProblem(*_mark(event.start_mark), f"YAML aliases are not allowed here: *{event.anchor}")
        if kind is ev.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise ParseProblem(*_mark(event.start_mark),
                                   "more than one YAML document in the file; keep one (claw reads one per file)")
            continue
        if kind in (ev.MappingEndEvent, ev.SequenceEndEvent):
            stack.pop()
            continue
        if kind not in (ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent):
            continue  # stream and document boundaries
        tag = event.tag
        if tag is not None and str(tag) != "!" and str(tag) not in _PLAIN_TAGS:
            raise ParseProblem(*_mark(event.start_mark), f"YAML tag not allowed: {tag}")
        nodes += 1
        if nodes > MAX_NODES:
            raise ParseProblem(*_mark(event.start_mark), f"more than {MAX_NODES} values")
        mark = _mark(event.start_mark)
        frame = stack[-1] if stack else None
        if frame is not None and isinstance(frame[0], dict) and frame[2] is _NO_KEY:
            frame[2] = _key(event, frame, doc, mark, report)
            continue
        if frame is None:
            path: tuple = ()
            keys[path] = mark
        elif isinstance(frame[0], dict):
            path = frame[1] + (frame[2],)
        else:
            path = frame[1] + (len(frame[0]),)
            keys[path] = mark
        values[path] = mark
        if kind is ev.ScalarEvent:
            value = _scalar(event)
            if event.style in ("'", '"'):
                doc.quoted.add(path)
        else:
            if len(stack) >= MAX_DEPTH:
                raise ParseProblem(*mark, f"nesting deeper than {MAX_DEPTH} levels")
            value = {} if kind is ev.MappingStartEvent else []
        if frame is None:
            doc.data = value
        elif isinstance(frame[0], dict):
            if type(frame[2]) is not Repeated:  # a repeated key's value is read, then dropped
                frame[0][frame[2]] = value
            frame[2] = _NO_KEY
        else:
            frame[0].append(value)
        if kind is not ev.ScalarEvent:
            stack.append([value, path, _NO_KEY, {}])
    return doc


_NO_KEY = object()


def _key(event, frame: list, doc: Document, mark: tuple[int, int], report: bool) -> str | Repeated:
    """A mapping key: its text. Collections and empty keys are refused; so is a repeat,
    unless ``report``: then it is noted in ``doc.duplicates`` and stands for its value's
    place, which no path reaches (the first value stays)."""
    from ruamel.yaml import events as ev

    if type(event) is not ev.ScalarEvent:
        raise ParseProblem(*mark, "a key that is itself a list or mapping: claw files need plain text keys")
    key = _text(event)
    if key == "" and event.style is None:
        raise ParseProblem(*mark, "a key with no name: claw files need plain text keys")
    seen = frame[3]
    if key in seen:
        if report:
            doc.duplicates.append((frame[1] + (key,), mark, seen[key]))
            return Repeated(key)
        raise ParseProblem(*mark, duplicate_message(key, seen[key]))
    seen[key] = mark
    doc.keys[frame[1] + (key,)] = mark
    return key



def _syntax_problem(exc) -> ParseProblem:
    from claw.cli.formats.yamlscan import explain

    return ParseProblem(*explain(exc))


def _unclosed_before(events, problem: ParseProblem, syntax_error: type[Exception]) -> ParseProblem:
    """The problem to report: a ``[`` or ``{`` opened before ``problem`` and never closed
    explains it better (``[1, 2`` then ``key: value`` reads as an item with an empty key),
    so read on to the end of the stream and report the unclosed flow if there is one."""
    try:
        for _ in events:
            pass
    except syntax_error as exc:
        later = _syntax_problem(exc)
        if " never closed: close it with " in later.message and \
                (later.line, later.column) < (problem.line, problem.column):
            return later
    except Exception:  # anything else that goes wrong further on: the first problem stands
        pass
    return problem


def load_positioned(text: str, duplicates: str = "refuse") -> Document:
    """Parse YAML (JSON is YAML too) into plain data with positions.

    Raises ParseProblem with the position of the first problem; a repeated key is one
    too, unless ``duplicates="report"`` (see ``positions.DUPLICATES``).
    """
    check_duplicates_mode(duplicates)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ParseProblem(1, 1, f"file larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    import claw.cli.formats.ruamel_light  # noqa: F401  (first: ruamel's submodules without all of ruamel)

    # isort: split
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    events = None
    try:
        events = _Loader(text).events()
        return _build(events, duplicates)
    except MarkedYAMLError as exc:
        raise _syntax_problem(exc) from None
    except ParseProblem as problem:
        raise _unclosed_before(events or (), problem, MarkedYAMLError) from None
    except ReaderError as exc:
        position = exc.position if isinstance(exc.position, int) else 0
        raise ParseProblem(*offset_line_col(text, position),
                           f"character U+{exc.character:04X} is not allowed in YAML; remove it") from None
    except YAMLError as exc:
        raise ParseProblem(1, 1, str(exc).strip().splitlines()[0]) from None


def decode_text(raw: bytes) -> str:
    """UTF-8 bytes → text (a byte order mark is kept: both readers skip it); the place of
    the first byte that is not UTF-8 otherwise."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start].decode("utf-8", "replace")
        raise ParseProblem(*offset_line_col(before, len(before)), f"not UTF-8 text ({exc.reason}, byte "
                           f"0x{raw[exc.start]:02x}): save the file as UTF-8") from None


def load_json_positioned(text: str, duplicates: str = "refuse") -> Document:
    """Strict JSON with a position for every node (see ``claw.cli.formats.jsonload``)."""
    from claw.cli.formats.jsonload import parse

    return parse(text, duplicates)


def load_yaml_plain(text: str, name: str = "<data>") -> Any:
    """Safe YAML → plain data, for packaged data files."""
    try:
        return load_positioned(text).data
    except ParseProblem as exc:
        from claw.core.errors import InvalidInput

        raise InvalidInput(f"{name}:{exc}") from None
