"""What a state file's own text says about its last check, so a command need not repeat it.

Every read checks the game part against its fully typed schema (issue 21), and every
write checks the new state again: for an msm state that is ~800 schema nodes twice a
command, most of start-up's cost over a bare app (docs/performance.md). Two facts make
most of that work unnecessary without trusting anything claw did not check itself:

- **The seal.** After the write's check passes, claw appends ``"checked": "<64-bit
  digest>"`` to the envelope: a CRC-32 and an Adler-32 of the ``"state"`` member's exact
  text, keyed by the bytes of the schema files that member was checked against. A read
  whose text still matches the seal is the game part claw checked, byte for byte, under
  the same schemas; it skips the game part's schema check (the envelope's check and the
  game's own consistency check still run). Any edit of the game part, a reformatting,
  or a claw whose schemas changed fails the seal, and the read checks in full. The digest
  catches accidents, not forgeries: anyone can compute it, and a forged seal on a broken
  state only brings back what an unchecked read would meet.
- **Unchanged members.** A write checks only the members of the game part whose text
  differs from the text that was read (and checked), down to LEVELS deep (a top-level
  member, one figure, cat or zone of it, or one field of that) — the copied map, the loot deck, the
  scenario are checked when `claw new` writes them, and again only when they change.
  Text, not value, is compared: ``true`` and ``1`` are equal in Python.

Both read the layout claw writes (``json.dumps(indent=1)``: one space before a member of
the envelope, two before a member of the game part; a JSON string holds no raw newline,
so ``,\\n "`` occurs only between the envelope's members). Any other layout simply gets the
full check.
"""

from __future__ import annotations

import re
import zlib  # already loaded by the interpreter's start-up: the digest costs no import
from functools import cache

STATE_MARK = '\n "state": '
_NEXT_MEMBER = ',\n "'        # the envelope's next member (its members have one space)
_REF = re.compile(r"urn:claw:schema:([a-z0-9-]+)")
SEAL_VERSION = b"claw-seal-1\n"


def state_span(text: str) -> str | None:
    """The text of the envelope's ``"state"`` member as claw writes it, or None when the
    text is laid out otherwise (or the member is missing, twice, or last)."""
    at = text.find(STATE_MARK)
    if at < 0 or text.find(STATE_MARK, at + 1) >= 0:
        return None
    start = at + len(STATE_MARK)
    end = text.find(_NEXT_MEMBER, start)
    return None if end < 0 else text[start:end]


@cache
def _key(game: str) -> tuple[int, int]:
    """The running CRC and Adler of the schema files a game part is checked against: the
    envelope's, the game's and every file they reach by $ref (read as bytes, not parsed)."""
    from claw.cli.formats.content import schema_text

    seen: dict[str, str] = {}
    todo = ["state", f"state-{game}"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen[name] = schema_text(name)
            todo += _REF.findall(seen[name])
    crc, adler = zlib.crc32(SEAL_VERSION), zlib.adler32(SEAL_VERSION)
    for name in sorted(seen):
        raw = f"{name}\n{seen[name]}".encode()
        crc, adler = zlib.crc32(raw, crc), zlib.adler32(raw, adler)
    return crc, adler


def seal_of(game: str, span: str) -> str:
    """The seal of a game part's text under ``game``'s schemas (16 hex digits)."""
    crc, adler = _key(game)
    raw = span.encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(raw, crc):08x}{zlib.adler32(raw, adler):08x}"


def sealed(text: str, game: str, seal: object) -> bool:
    """Does ``text``'s game part still match the seal it carries?"""
    if not isinstance(seal, str):
        return False
    span = state_span(text)
    return span is not None and seal_of(game, span) == seal


def add_seal(text: str, game: str) -> str:
    """``text`` (a checked state, as dump_state writes it) with its seal as the last member."""
    span = state_span(text)
    if span is None or not text.endswith("\n}\n"):
        return text
    return f'{text[:-3]},\n "checked": "{seal_of(game, span)}"\n}}\n'


def _pieces(text: str, depth: int) -> list[str] | None:
    """An object's members, each as ``"key": value`` text, from its indent=1 text at
    ``depth`` (its members sit ``depth`` spaces in); None for an empty or odd text."""
    open_, close = "{\n" + " " * depth, "\n" + " " * (depth - 1) + "}"
    if not (text.startswith(open_) and text.endswith(close)):
        return None
    body = text[len(open_):-len(close)]
    parts = body.split(",\n" + " " * depth + '"')
    return [parts[0]] + ['"' + p for p in parts[1:]]


def _by_key(pieces: list[str]) -> dict[str, str]:
    """``"key": value`` pieces as {key's JSON text: value's text}. A key whose text holds
    ``": `` is cut wrong, into a text no key encodes to: it is then only never skipped."""
    out = {}
    for piece in pieces:
        head, sep, value = piece.partition(": ")
        if sep:
            out[head] = value
    return out


LEVELS = 3  # a game part's member, its members (figures, cats, zones), theirs (a cat's weapons)


def _same(new: str, old: str, value: object, depth: int, levels: int) -> dict | None | bool:
    """None: ``new`` is ``old``; a dict: what inside is (key → the same answer); False:
    nothing to skip. ``value``: what ``new`` encodes; ``depth``: the spaces before its members."""
    if new == old:
        return None
    if levels == 0 or not isinstance(value, dict) or not value:
        return False
    new_pieces, old_pieces = _pieces(new, depth), _pieces(old, depth)
    if new_pieces is None or old_pieces is None or len(new_pieces) != len(value):
        return False
    from claw.cli.formats.cjson import encode_basestring

    if encode_basestring is None:
        return False
    was = _by_key(old_pieces)
    out = {}
    for key, piece in zip(value, new_pieces, strict=True):
        head = encode_basestring(key)
        old_value = was.get(head)
        if old_value is None or not piece.startswith(head + ": "):
            continue
        inner = _same(piece[len(head) + 2:], old_value, value[key], depth + 1, levels - 1)
        if inner is not False and inner != {}:
            out[key] = inner
    return out


def unchanged(new_span: str, old_span: str | None, part: dict) -> dict:
    """What a write need not check again: the parts of the new game part whose text is
    the old, checked text's, as a tree: key → None (all of it) or key → the same tree for
    its members, down to LEVELS. ``part``: the new game part, as written."""
    if old_span is None:
        return {}
    same = _same(new_span, old_span, part, 2, LEVELS)
    if same is None:
        return dict.fromkeys(part)
    return same if isinstance(same, dict) else {}
