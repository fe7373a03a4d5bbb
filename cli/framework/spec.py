"""Declarative command specs that game adapters export (see docs/dev/architecture.md).

Kept free of typer so that adapters import in microseconds; ``claw.cli.shell.dispatch``
turns merged specs into typer commands. Plain classes with ``__slots__``: a
``typing.NamedTuple`` class costs an ``exec`` each at import, on every command's path.
"""

from __future__ import annotations

import keyword
from typing import Any


class _Spec:
    """Value semantics for the spec records: equal when their fields are, readable repr."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Spec) and type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *map(repr, self._values())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self.__slots__)})"


class Opt(_Spec):
    """One option. ``flag`` like ``--attack-dice``; ``type`` is str, int, float or bool.

    ``dest``: the parameter name when the flag's is unusable (``--as`` → ``as_``);
    ``aliases``: old or other spellings still accepted, never shown in help; ``choices``:
    the values the shell completes (the handler still checks them); ``kind``: the kind of
    name it takes (claw.cli.framework.kinds), completed from the state; ``hidden``: a
    retired option still accepted for one release, left out of help, docs and completion;
    ``among``: the completion of its value in the situation (see :class:`Arg`); ``metavar``:
    what help calls its value when the flag's last word would not say (``--as MODE``).
    """

    __slots__ = ("flag", "type", "help", "default", "short", "multiple", "dest", "aliases", "choices", "kind",
                 "hidden", "among", "metavar")

    def __init__(self, flag: str, type: type = str, help: str = "", default: Any = None,
                 short: str | None = None, multiple: bool = False, dest: str | None = None,
                 aliases: tuple[str, ...] = (), choices: tuple[str, ...] = (), kind: str | None = None,
                 hidden: bool = False, among: str | None = None, metavar: str | None = None) -> None:
        self.flag, self.type, self.help, self.default, self.short = flag, type, help, default, short
        self.multiple, self.dest, self.aliases, self.choices, self.kind = multiple, dest, aliases, choices, kind
        self.hidden, self.among, self.metavar = hidden, among, metavar

    @property
    def name(self) -> str:
        if self.dest:
            return self.dest
        name = self.flag.lstrip("-").replace("-", "_")
        return name + "_" if keyword.iskeyword(name) else name


class Arg(_Spec):
    """One positional argument: ``name`` as in the usage (``CAT``) and the ``kind`` of thing
    it names (``claw.cli.framework.kinds``: figure, cat, square, card, zone, herb, knack, …).

    ``among``: completion only, a ``"module:function"`` hook giving the names of the kind
    that fit the situation — ``function(state, words)``, ``words`` being the positionals
    typed before this one (``move CAT SQUARE``: the squares that cat may reach now). It
    returns None when it cannot tell (then every name of the kind is offered); the parse and
    the handler never use it."""

    __slots__ = ("name", "kind", "optional", "many", "among")

    def __init__(self, name: str, kind: str, optional: bool = False, many: bool = False,
                 among: str | None = None) -> None:
        self.name, self.kind, self.optional, self.many, self.among = name, kind, optional, many, among


class Command(_Spec):
    """One verb of a game. ``args``: the positionals' kinds, checked before the handler
    runs and completed."""

    __slots__ = ("help", "handler", "usage", "options", "needs_state", "changes_state", "args")

    def __init__(self, help: str, handler: str, usage: str = "", options: tuple[Opt, ...] | list[Opt] = (),
                 needs_state: bool = False, changes_state: bool = True, args: tuple[Arg, ...] = ()) -> None:
        self.help, self.handler, self.options = help, handler, options
        self.needs_state, self.changes_state, self.args = needs_state, changes_state, args
        # the usage shown in help and errors: derived from the declared positionals; a
        # hand-written one only for a command whose handler reads its words itself
        self.usage = usage_of(args) if args else usage


LIST_KINDS = frozenset({"herb"})  # kinds typed as one comma-separated word: HERB[,HERB...]


def usage_of(args: tuple[Arg, ...]) -> str:
    """The usage line of ``args``: ``CAT``, ``[SQUARE]``, ``ZONE...``, ``[RAT...]``,
    ``HERB[,HERB...]``; a run of optional positionals is one bracket (``[ATTACKER TARGET]``):
    they are filled in order while words are spare (claw.cli.framework.kinds.place)."""
    parts: list[str] = []
    run: list[str] = []
    for a in args:
        word = a.name + ("..." if a.many else f"[,{a.name}...]" if a.kind in LIST_KINDS else "")
        if a.optional:
            run.append(word)
            continue
        if run:
            parts.append(f"[{' '.join(run)}]")
            run = []
        parts.append(word)
    if run:
        parts.append(f"[{' '.join(run)}]")
    return " ".join(parts)


def picture_options(what: str = "the picture") -> list[Opt]:
    """The options of a command that can draw (issue 22): --svg, --png FILE, --size PX.
    Declared here, not in claw.cli.render.svg, so that a text run imports no picture code;
    the numbers in the help are render.svg's MIN_SIZE and MAX_SIZE (a test checks)."""
    return [Opt("--svg", bool, help=f"print {what} as an SVG document on stdout instead of text"),
            Opt("--png", str, help=f"write {what} as a PNG image to FILE (needs the png extra: "
                "pip install 'claw-tabletop[png]')"),
            Opt("--size", int, help="with --png: the longer side in pixels (16-8192; default the "
                "drawing's own size)")]
