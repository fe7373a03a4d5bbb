"""What a game handler receives: the parsed command, the state, dice and output."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from claw.cli.render.output import Output
from claw.cli.render.text import Styled, plain, styled
from claw.core.errors import InvalidInput

if TYPE_CHECKING:
    from claw.core.outcome import Outcome

# how the CLI shows events core/ reports as plain sentences (outcomes stand out)
EVENT_STYLES = {"victory": "bold green", "defeat": "bold red"}


def event_style(type: str, data: dict) -> str | None:
    if type == "outcome":  # msm: one event type, the result in a field
        return EVENT_STYLES.get(str(data.get("result")))
    return EVENT_STYLES.get(type)


class RecordingDice:
    """Wraps a dice source and remembers each draw for the log entry."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.drawn: list[dict] = []
        self.table_draws = None  # claw.core.draws.TableDraws when --draw was given

    def draw(self, low: int, high: int, label: str = "") -> int:
        value = self.inner.draw(low, high, label)
        self.drawn.append({"die": label or f"{low}..{high}", "value": value})
        return value

    def draw_named(self, low: int, high: int, label: str, names: dict[str, int] | None) -> int:
        """A draw whose physical die may be typed by a face name (see core.rng)."""
        named = getattr(self.inner, "draw_named", None)
        value = named(low, high, label, names) if named else self.inner.draw(low, high, label)
        self.drawn.append({"die": label or f"{low}..{high}", "value": value})
        return value

    def die(self, sides: int) -> int:
        return self.draw(1, sides, f"d{sides}")

    def draw_tens(self, label: str = "d100 tens die") -> int:
        from claw.core.rng import draw_tens

        value = draw_tens(self.inner, label)   # physical dice accept the face (70) or the digit (7)
        self.drawn.append({"die": label, "value": value})
        return value

    def shuffle(self, items: list) -> list:
        out = self.inner.shuffle(items)
        self.drawn.append({"die": "shuffle", "value": len(out)})
        return out


class Call:
    """One command invocation as a game handler sees it (docs/dev/architecture.md)."""

    def __init__(self, *, command: str, game: str | None, args: list[str], opts: dict,
                 envelope: dict | None, dice, output: Output, json: bool = False,
                 docs: list[dict] | None = None, sources: list[str] | None = None) -> None:
        self.command = command
        self.game = game
        self.args = args
        self.opts = opts
        self.envelope = envelope
        self.dice = dice
        self.output = output
        self.json = json
        self.docs = docs or []
        self.sources = sources or []
        self.events: list[dict] = []
        self.read_only = False
        self.correction: dict | None = None  # `claw adjust`: what the log entry records
        self.values: dict[str, Any] | None = None  # the positionals parsed by kind (claw.cli.framework.kinds)
        self.state_folder = "."  # paths a state stores are relative to its file's folder

    def arg(self, name: str) -> Any:
        """The positional ``name`` (as in the usage: ``CAT``) parsed by its kind before the
        handler ran: a canonical id, a square (x, y), a number, a list for a repeated one;
        None for an optional one not given."""
        if self.values is None:
            raise RuntimeError(f"`claw {self.command}` declares no positionals to parse")
        return self.values[name.upper()]

    # files a state refers to (issue 10 item 9: relative, never absolute) -------------
    def stored_path(self, path: str) -> str:
        """``path`` as the state stores it: relative to the state's folder."""
        import os

        return os.path.relpath(os.path.abspath(path), os.path.abspath(self.state_folder))

    def state_file(self, stored: str) -> str:
        """The file a path stored in the state names, resolved from the state's folder."""
        import os

        if os.path.isabs(stored):
            raise InvalidInput(f"the state names an absolute path, which claw does not follow: {stored}")
        return os.path.join(os.path.abspath(self.state_folder), stored)

    def query(self) -> None:
        """Mark this run as a question (odds, a preview): the state is not written."""
        self.read_only = True

    # the game's part of the state --------------------------------------------------
    @property
    def state(self) -> dict | None:
        return None if self.envelope is None else self.envelope["state"]

    @state.setter
    def state(self, value: dict) -> None:
        if self.envelope is None:
            raise RuntimeError("no state envelope to hold the game state")
        self.envelope["state"] = value

    def need_state(self) -> dict:
        """The game part, for a handler that only runs with one (its command has
        ``needs_state=True``, or it checked ``state`` first): typed ``dict``, not ``None``."""
        if self.envelope is None:
            from claw.cli.render.wording import needs_state

            raise needs_state(self.command)
        return self.envelope["state"]

    # scenario documents (for `new`) -----------------------------------------------
    @property
    def doc(self) -> dict | None:
        return self.docs[0] if self.docs else None

    def need_doc(self) -> dict:
        """The first file given to `claw new` (always there when its handler runs)."""
        if not self.docs:
            from claw.core.errors import UsageError

            raise UsageError(f"`claw {self.command}` needs a file to read")
        return self.docs[0]

    @property
    def source(self) -> str | None:
        return self.sources[0] if self.sources else None

    def load(self, relative: str, kind_hint: str | None = None) -> dict:
        """Load and validate another file named by the scenario (relative to it)."""
        from claw.cli.validation.diagnostics import check_file

        base = Path(self.source).parent if self.source else Path(".")
        path = str((base / relative) if not Path(relative).is_absolute() else Path(relative))
        report = check_file(path)
        if not report.ok:
            first = report.errors[0]  # warnings do not stop a command
            more = len(report.errors) - 1
            raise InvalidInput(first.text() + (f" (and {more} more; run claw validate {path})" if more else ""))
        return report.data

    # talking -----------------------------------------------------------------------
    def event(self, type: str, text: str | Styled = "", **data: Any) -> dict:
        """Log an event (a type and its fields) and say its sentence. ``text`` is literal
        (a ``str``) or claw-styled (:class:`Styled`); the log keeps the plain sentence."""
        entry = {"type": type, **data}
        if text:
            entry["text"] = plain(text)
            style = event_style(type, data)
            self.output.say(styled(style, text) if style and isinstance(text, str) else text)
        self.events.append(entry)
        return entry

    def apply(self, outcome: Outcome, *, json_info: bool = False,
              styles: Mapping[str, str | Callable[[dict], Styled]] | None = None) -> None:
        """Take a rule's :class:`~claw.core.outcome.Outcome`: its state becomes the new
        state (unless the rule only answered a question) and each event is logged and
        said. With ``json_info`` and ``--json``, what the rule reports (``info``) is
        printed with the events. ``styles``: a game's own look for events by type (event
        type → a style name for the whole sentence, or a function of the event giving the
        styled sentence, for a part in emphasis); the other types keep ``EVENT_STYLES``."""
        if outcome.state is not None:
            self.state = outcome.state
        for ev in outcome.events:
            data = {k: v for k, v in ev.items() if k not in ("type", "text")}
            text = ev.get("text", "")
            style = styles.get(ev["type"]) if styles else None
            said: str | Styled = text
            if callable(style) and text:
                said = style(ev)
            elif isinstance(style, str) and style and text:
                said = styled(style, text)
            self.event(ev["type"], said, **data)
        if json_info and self.json and outcome.info:
            self.emit_json(dict(outcome.info, events=[dict(ev) for ev in outcome.events]))

    def answer(self, text: str | Styled, data: Any = None) -> None:
        """Answer a question (odds, options): ``data`` as JSON with --json, else ``text``,
        on stdout; the state is not written."""
        self.query()
        if self.json and data is not None:
            self.emit_json(data)
        else:
            self.out(text)

    def say(self, text: str | Styled) -> None:
        self.output.say(text)

    def out(self, text: str | Styled) -> None:
        self.output.emit(text)

    def status(self, lines: Iterable[str | Styled], indent: str = "    ") -> None:
        """Status lines (`claw show`) on stdout: on a screen each is wrapped at word
        boundaries to the terminal's width; in a pipe each stays whole, for grep."""
        from claw.cli.render.text import screen_width, wrap

        width = screen_width(self.output.out.stream)
        for line in lines:
            for part in wrap(line, width, indent) if width else [line]:
                self.out(part)

    def emit_json(self, obj: Any) -> None:
        self.output.emit_json(obj)
