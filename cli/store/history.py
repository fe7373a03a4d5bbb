"""Undo and redo: a state's earlier and later versions, kept beside it and bounded by size.

**Where it lives.** In the folder ``.NAME.claw-undo/`` beside the real file (links
resolved), not in the state: every read (`claw show`) would otherwise parse the history
too. It is written only under the state's own lock (``.NAME.claw-lock``, held for the whole
read-modify-write), and every file in it is replaced atomically (cli/store/atomic.py), so
two writers never lose each other's step.

**What a step costs.** A record rebuilds one version's exact text from its neighbour's: the
common start is copied (the envelope's head), then the changed middle (the game part,
zlib-compressed against the neighbour's game part as a dictionary, so only what changed
costs bytes), then the common log (copied: the log only grows), then the end. A step of a
300 kB game is a few hundred bytes, not a copy of the file. Each record names the digest
(length, CRC-32) of the text it applies to and of the text it gives, so a file changed by
another program is never "undone" into a mix: its history then starts again from it.

**Layout.** The undo records are a stack in segment files ``undo-000001.hist`` … (oldest
first; at most SEGMENT_BYTES each, so a write rewrites one small file and a listing stays
short), the redo records likewise in ``redo-…``. Undo pops from one and pushes the reverse
onto the other; a new change clears redo. When both together pass HISTORY_BYTES the oldest
undo segments go. Entries ``000001.json`` (whole old states, before this layout) are read as
the oldest records. Only these names are claw's: anything else in the folder is left alone.

**Crash safety.** A travel writes the other stack first, then the state, then drops what it
used. A record whose base is not the current text is stale (a step that never committed, or
one already taken): the usable history starts at the topmost record that applies to the
current text, and follows the chain while each record applies to the previous one's result.
"""

from __future__ import annotations

import json
import os
import re
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from claw.core.errors import CannotWrite, IllegalAction, InvalidInput

if TYPE_CHECKING:  # a protocol: nothing to load at run time
    from claw.cli.store.rules import StateRules

HISTORY_BYTES = 16 * 1024 * 1024  # both stacks of one state, on disk (about 20,000 msm steps)
SEGMENT_BYTES = 64 * 1024  # one history file; a write rewrites the newest one
MAGIC = b"claw-history 1\n"
LOG_MARK = '\n "log": ['  # where the envelope's log starts, as claw writes it
_ZDICT = 32 * 1024  # zlib's window: the part of a dictionary it can use
_SEGMENT = r"^(undo|redo)-(\d{6,})\.hist$"
_LEGACY = r"^(\d{6,})\.json$"
_SEQ_MARK = '\n   "seq": '  # a log entry's own seq (its members sit three spaces in)
_BROKEN = {"b": [-1, -1], "t": [-1, -1], "seq": -1}


def folder(path: str) -> Path:
    """Where the history of the state file ``path`` lives (beside the real file)."""
    real = Path(os.path.realpath(path))
    return real.parent / f".{real.name}.claw-undo"


def digest(text: str | bytes) -> list[int]:
    """What identifies a version: its length in bytes and CRC-32 (accidents, not forgeries)."""
    raw = text if isinstance(text, bytes) else text.encode("utf-8")
    return [len(raw), zlib.crc32(raw)]


def last_seq(text: str) -> int:
    """The seq of the last log entry in a state's text (0 for an empty log)."""
    at = text.rfind(_SEQ_MARK)
    if at >= 0 and text.find(LOG_MARK) < at:
        digits = re.match(r"\d+", text[at + len(_SEQ_MARK):])
        if digits:
            return int(digits[0])
    try:  # a layout claw does not write: read it properly
        log = json.loads(text).get("log") or []
        return int(log[-1]["seq"]) if log else 0
    except (ValueError, TypeError, KeyError, AttributeError):
        return 0


def _common_prefix(a: str, i: int, b: str, j: int) -> int:
    """How many characters ``a[i:]`` and ``b[j:]`` share at their start (C compares in blocks)."""
    n, limit, block = 0, min(len(a) - i, len(b) - j), 4096
    while block:  # 4096, 512, 64, 8, 1 characters at a time
        while n + block <= limit and a[i + n:i + n + block] == b[j + n:j + n + block]:
            n += block
        block //= 8
    return n


class Record:
    """One step: rebuilds ``target`` from ``base`` (or holds ``target`` whole: ``full``)."""

    __slots__ = ("_head", "blob", "framed")

    def __init__(self, head: dict | bytes, blob: bytes, framed: bytes | None = None) -> None:
        self._head, self.blob, self.framed = head, blob, framed  # a stored header is parsed when asked

    @property
    def head(self) -> dict:
        if isinstance(self._head, bytes):
            try:
                head = json.loads(self._head)
            except ValueError:
                head = None
            ok = isinstance(head, dict) and isinstance(head.get("t"), list) and isinstance(head.get("seq"), int)
            self._head = head if ok else dict(_BROKEN)  # a damaged record applies to nothing: the chain ends
        return self._head

    @property
    def base(self) -> list[int] | None:
        return self.head.get("b")

    @property
    def target(self) -> list[int]:
        return self.head["t"]

    @property
    def seq(self) -> int:
        return self.head["seq"]

    def applies_to(self, text_digest: list[int]) -> bool:
        return self.base is None or self.base == text_digest

    def apply(self, base: str) -> str:
        if self.base is None:
            return zlib.decompress(self.blob).decode("utf-8")
        h = self.head
        p, lb, k, m = h["p"], h["lb"], h["k"], h["m"]
        inflate = zlib.decompressobj(zdict=_dictionary(base, p, lb, k))
        rest = (inflate.decompress(self.blob) + inflate.flush()).decode("utf-8")
        return base[:p] + rest[:m] + base[lb:lb + k] + rest[m:]

    def frame(self) -> bytes:
        """The record as a segment stores it: two lengths, the header (JSON), the blob."""
        if self.framed is None:
            head = json.dumps(self.head, separators=(",", ":")).encode("ascii")
            self.framed = len(head).to_bytes(4, "big") + len(self.blob).to_bytes(4, "big") + head + self.blob
        return self.framed


def _dictionary(base: str, p: int, lb: int, k: int) -> bytes:
    """What a record's changed text is compressed against: the base's own changed part."""
    return (base[p:lb] + base[lb + k:]).encode("utf-8")[-_ZDICT:]


def make(base: str, target: str, target_digest: list[int] | None = None) -> Record:
    """The record that turns ``base`` back into ``target`` (both a state's whole text)."""
    p = _common_prefix(base, 0, target, 0)
    lt, lb = target.find(LOG_MARK), base.find(LOG_MARK)
    if min(lt, lb) < p:  # no log to copy apart (or the change starts inside it)
        lt, lb, k = len(target), len(base), 0
    else:
        k = _common_prefix(target, lt, base, lb)
    mid, tail = target[p:lt], target[lt + k:]
    deflate = zlib.compressobj(6, zdict=_dictionary(base, p, lb, k))
    blob = deflate.compress((mid + tail).encode("utf-8")) + deflate.flush()
    head = {"b": digest(base), "t": target_digest or digest(target), "seq": last_seq(target),
            "p": p, "lb": lb, "k": k, "m": len(mid)}
    return Record(head, blob)


def _full(text: str) -> Record:
    return Record({"t": digest(text), "seq": last_seq(text)}, zlib.compress(text.encode("utf-8")))


def _records(data: bytes) -> list[Record]:
    """The records of one segment's bytes (headers parsed when asked); a frame that runs
    past the end ends the list (never a guess)."""
    if not data.startswith(MAGIC):
        return []
    out, at = [], len(MAGIC)
    while at + 8 <= len(data):
        hlen, blen = int.from_bytes(data[at:at + 4], "big"), int.from_bytes(data[at + 4:at + 8], "big")
        end = at + 8 + hlen + blen
        if end > len(data):
            break
        out.append(Record(data[at + 8:at + 8 + hlen], data[at + 8 + hlen:end], data[at:end]))
        at = end
    return out


class Stack:
    """The undo or redo records of one state, in segment files, loaded from the newest down."""

    def __init__(self, history: History, kind: str, names: list[tuple[int, str]]) -> None:
        self.history, self.kind = history, kind
        self.names = [name for _, name in sorted(names)]  # oldest first
        self.loaded: dict[int, list[Record]] = {}
        self.original: dict[int, bytes | None] = {}  # segments as they were (to put back)
        self.next = max((n for n, _ in names), default=0) + 1

    def _load(self, index: int) -> list[Record]:
        if index not in self.loaded:
            path = self.history.folder / self.names[index]
            data = path.read_bytes()
            self.original[index] = data
            if path.suffix == ".json":  # a whole old state (the layout before)
                self.loaded[index] = [_full(data.decode("utf-8"))]
            else:
                self.loaded[index] = _records(data)
        return self.loaded[index]

    def chain(self, current: list[int], want: int | None = None) -> tuple[list[Record], int]:
        """The usable records from the top (each applies to the previous one's result, the
        first to ``current``) and how many stale records sit above them. ``want``: stop once
        that many are found (a write needs only the top)."""
        found: list[Record] = []
        stale = 0
        expect: list[int] | None = current
        for index in range(len(self.names) - 1, -1, -1):
            for record in reversed(self._load(index)):
                if expect is not None and record.applies_to(expect):
                    found.append(record)
                    expect = record.target
                    if want is not None and len(found) >= want:
                        return found, stale
                elif found:
                    return found, stale  # the chain breaks here: older records are unreachable
                else:
                    stale += 1
        return found, stale

    def drop(self, count: int) -> None:
        """Take ``count`` records off the top (written by :meth:`save`)."""
        index = len(self.names) - 1
        while count > 0 and index >= 0:
            records = self._load(index)
            taken = min(count, len(records))
            del records[len(records) - taken:]
            count -= taken
            index -= 1

    def drop_all(self) -> None:
        for index in range(len(self.names)):
            self._load(index)  # its bytes are kept, to put back if the write fails
            self.loaded[index] = []

    def cut(self, current: list[int]) -> list[Record]:
        """Drop what cannot lead on from ``current`` (stale records above the chain, or all
        when none applies: the file was changed outside claw); the usable chain."""
        chain, stale = self.chain(current)
        if chain:
            self.drop(stale)
        else:
            self.drop_all()
        return chain

    def push(self, records: list[Record]) -> None:
        """Put ``records`` on top, in order (the last one ends on top)."""
        for record in records:
            last = len(self.names) - 1
            fits = last >= 0 and self.names[last].startswith(self.kind)
            if fits:
                held = self._load(last)
                fits = sum(len(r.frame()) for r in held) + len(record.frame()) <= SEGMENT_BYTES or not held
            if not fits:
                self.names.append(f"{self.kind}-{self.next:06d}.hist")
                self.next += 1
                last = len(self.names) - 1
                self.loaded[last], self.original[last] = [], None
            self.loaded[last].append(record)

    def save(self) -> None:
        """Write every segment that changed (atomically), remove the emptied ones."""
        for index, records in self.loaded.items():
            data = MAGIC + b"".join(r.frame() for r in records) if records else None
            if data == self.original.get(index):
                continue
            path = self.history.folder / self.names[index]
            if data is None or path.suffix == ".json":
                if data is not None:  # a whole old state is never rewritten: its record moves on
                    raise RuntimeError("a history entry of the old layout cannot be changed")
                path.unlink(missing_ok=True)
            else:
                self.history.write(path, data)

    def restore(self) -> None:
        """Put back the segments :meth:`save` changed (the state's write failed)."""
        for index, data in self.original.items():
            path = self.history.folder / self.names[index]
            if data is None:
                path.unlink(missing_ok=True)
            elif not path.exists() or path.read_bytes() != data:
                self.history.write(path, data)


class History:
    """Both stacks of one state file (call under the state's lock)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.real = os.path.realpath(path)
        self.folder = folder(path)
        if self.folder.is_symlink():
            raise CannotWrite(f"the undo folder {self.folder} is a symbolic link; claw will not follow it "
                              "(remove the link); nothing written")
        names: dict[str, list[tuple[int, str]]] = {"undo": [], "redo": []}
        if self.folder.is_dir():
            for name in os.listdir(self.folder):
                match = re.match(_SEGMENT, name)
                if match:
                    names[match[1]].append((int(match[2]), name))
                elif re.match(_LEGACY, name):
                    names["undo"].append((-1_000_000 + int(name[:-5]), name))  # older than any segment
        self.undo = Stack(self, "undo", names["undo"])
        self.redo = Stack(self, "redo", names["redo"])

    def write(self, path: Path, data: bytes) -> None:
        from claw.cli.store import atomic as safewrite

        if not self.folder.is_dir():
            try:
                self.folder.mkdir(exist_ok=True)
            except OSError as exc:
                raise safewrite.cannot(self.path, exc) from None
            if not self.folder.is_dir():
                raise CannotWrite(f"cannot keep undo history: {self.folder} is not a folder; nothing written")
        safewrite.replace_file(str(path), data, self.path, commit=False,  # errors name the state
                               like=self.real)  # a private state's history stays private

    def prune(self) -> None:
        """Drop the oldest undo segments while the history is larger than HISTORY_BYTES."""
        segments = [(self.undo, name) for name in self.undo.names] + [(self.redo, name) for name in self.redo.names]
        if len(segments) * SEGMENT_BYTES <= HISTORY_BYTES:
            return  # cannot be over the bound: no need to look at the sizes
        sizes = {}
        for _, name in segments:
            try:
                sizes[name] = (self.folder / name).stat().st_size
            except OSError:
                sizes[name] = 0
        total = sum(sizes.values())
        for name in list(self.undo.names):
            if total <= HISTORY_BYTES:
                break
            (self.folder / name).unlink(missing_ok=True)
            total -= sizes[name]

    def steps(self, current: list[int]) -> tuple[int, int]:
        """(steps to undo, steps to redo) from the text whose digest is ``current``."""
        return len(self.undo.chain(current)[0]), len(self.redo.chain(current)[0])


class Kept:
    """The undo step of one in-place write: saved before the state is replaced, put back if
    that fails, and redo cleared and the size bound kept once it succeeded."""

    def __init__(self, path: str, old_text: str, new_raw: bytes) -> None:
        self.history = History(path)
        old = digest(old_text)
        undo = self.history.undo
        chain, stale = undo.chain(old, want=1)  # the usual case: the top applies, nothing else read
        if chain:
            undo.drop(stale)  # steps that never committed, or were taken back
        else:
            undo.drop_all()  # the file was changed outside claw: its history cannot lead back from it
        undo.push([make(new_raw.decode("utf-8"), old_text, old)])

    def __enter__(self) -> Kept:
        try:
            self.history.undo.save()
        except BaseException:
            self.history.undo.restore()
            raise
        return self

    def __exit__(self, kind, exc, tb) -> None:
        if exc is not None:  # the old state stays current: its undo step would be a lie
            self.history.undo.restore()
            return
        self.history.redo.drop_all()
        self.history.redo.save()
        self.history.prune()


def travel(path: str, rules: StateRules, back: bool, steps: int = 1, to: int | None = None
           ) -> tuple[dict, str, int, int]:
    """Undo (``back``) or redo ``steps`` steps, or to the state after command ``to``, under the
    state's lock. Returns the restored envelope and text, the steps left to undo and to redo."""
    from claw.cli.store import atomic as safewrite
    from claw.cli.store import statefile
    from claw.cli.store.lock import StateLock

    word = "undo" if back else "redo"
    with StateLock(path) as lock:
        text, _ = statefile.read_state_text(path)
        history = History(path)
        source, other = (history.undo, history.redo) if back else (history.redo, history.undo)
        current = digest(text)
        chain, stale = source.chain(current)
        if not chain:
            raise InvalidInput(f"nothing to {word} for {path}" + (" (no saved history)" if back else ""))
        if to is not None:
            steps = _steps_to(chain, to, last_seq(text), word, path)
        if steps > len(chain):
            raise IllegalAction(f"only {len(chain)} step(s) of history kept for {path}; asked for {steps}")
        reverse = []
        for record in chain[:steps]:
            try:
                earlier = record.apply(text)
            except (zlib.error, UnicodeDecodeError, KeyError, TypeError):
                earlier = ""  # a damaged record: said below
            if digest(earlier) != record.target:
                raise InvalidInput(f"the history of {path} is damaged before #{record.seq}; nothing changed")
            reverse.append(make(earlier, text))
            text = earlier
        envelope = statefile.parse_state(text, path, rules)  # never restore something broken
        kept = other.cut(current)
        other.push(reverse)
        try:
            other.save()
            safewrite.replace_file(os.path.realpath(path), text.encode("utf-8"), path, expect=lock.stamp)
        except BaseException:
            other.restore()
            raise
        source.drop(stale + steps)
        source.save()
        history.prune()
        rest, opposite = len(chain) - steps, len(kept) + steps  # left this way, and the other way
        return (envelope, text, rest, opposite) if back else (envelope, text, opposite, rest)


def _steps_to(chain: list[Record], to: int, now: int, word: str, where: str) -> int:
    """How many steps of ``chain`` lead to the state after command ``to``."""
    for n, record in enumerate(chain, 1):
        if record.seq == to:
            return n
    if to == now:
        raise IllegalAction(f"{where} is already at the state after #{to}")
    reach = sorted({chain[0].seq, chain[-1].seq})
    raise IllegalAction(f"no state after #{to} to {word} to for {where} (the history reaches "
                        + " to ".join(f"#{seq}" for seq in reach) + ")")


class MemoryHistory:
    """Undo and redo of `claw play` without a file: earlier game parts as compact JSON text
    (a copy that nothing can change, whose size is known), bounded by HISTORY_BYTES too."""

    def __init__(self) -> None:
        self.back: list[tuple[dict, str, int]] = []  # (rng, game part, log length) per step
        self.forward: list[tuple[dict, str, list]] = []  # (rng, game part, log entries taken back)
        self.size = 0

    def push(self, before: dict) -> None:
        """A change was made: remember ``before``; what was undone can no longer be redone."""
        part = json.dumps(before["state"], ensure_ascii=False, separators=(",", ":"))
        self.back.append((dict(before["rng"]), part, len(before.get("log", []))))
        self.size += len(part)
        self.forward.clear()
        while self.size > HISTORY_BYTES and len(self.back) > 1:
            self.size -= len(self.back.pop(0)[1])

    def travel(self, envelope: dict, back: bool, steps: int = 1, to: int | None = None) -> dict:
        """The envelope ``steps`` steps back (or forward), or after command ``to``."""
        word = "undo" if back else "redo"
        source = self.back if back else self.forward
        if not source:
            raise InvalidInput(f"nothing to {word} in this session yet")
        log = envelope.get("log", [])
        now = log[-1]["seq"] if log else 0
        if to is not None:
            if back:
                seqs = [log[n - 1]["seq"] if n else 0 for _, _, n in reversed(self.back)]
            else:
                seqs, last = [], now
                for _, _, entries in reversed(self.forward):
                    last = entries[-1]["seq"] if entries else last
                    seqs.append(last)
            steps = next((n for n, seq in enumerate(seqs, 1) if seq == to), 0)
            if not steps:
                raise IllegalAction(f"the session is already at the state after #{to}" if to == now
                                    else f"no state after #{to} to {word} to in this session")
        if steps > len(source):
            raise IllegalAction(f"only {len(source)} step(s) of history in this session; asked for {steps}")
        for _ in range(steps):
            envelope = self._step(envelope, back)
        return envelope

    def _step(self, envelope: dict, back: bool) -> dict:
        log = envelope.get("log", [])
        part = json.dumps(envelope["state"], ensure_ascii=False, separators=(",", ":"))
        if back:
            rng, text, length = self.back.pop()
            self.size -= len(text)
            self.forward.append((dict(envelope["rng"]), part, log[length:]))
            new_log = log[:length]
        else:
            rng, text, entries = self.forward.pop()
            self.back.append((dict(envelope["rng"]), part, len(log)))
            self.size += len(part)
            new_log = log + list(entries)
        changed = {"rng": rng, "state": json.loads(text), "log": new_log}
        return {key: changed.get(key, value) for key, value in envelope.items()}
