"""The full-screen `claw play` (issue 23 item 1): one stable screen for the whole game.

    +--------------+---------------------------+
    | board pane   | events pane               |   side by side when the board is narrow
    | (`show`)     | (newest at the bottom)    |   enough, else the board above the events
    +--------------+---------------------------+
    | status: game · round · phase · turn · reminders · saved  |
    | > the input line (Tab completes)                          |

prompt_toolkit (imported only here and in claw.cli.session.interactive, only by `claw play`)
draws it and redraws it on resize. Each line runs through the same
:class:`claw.cli.session.interactive.Typed` as the line session, so the words, the
refusals and the saving are the same; only where they are shown differs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from claw.cli.session.engine import EndSession, Session
from claw.cli.session.interactive import Typed, closing, history_path, opening, status, summary_lines

EVENTS_MIN_WIDTH = 30  # below this the events pane goes under the board instead of beside it
EVENTS_MIN_ROWS = 6  # the events pane keeps at least this many rows under the board
Fragments = list[tuple[str, str]]


@dataclass
class Entry:
    """One line typed and what it said (or a message of the session's own)."""

    line: str | None
    chunks: list[tuple[str, str]]
    code: int = 0
    _rows: tuple[int, bool, list[Fragments]] | None = None  # (width, old, rows) as last wrapped

    def rows(self, width: int, old: bool) -> list[Fragments]:
        """The entry wrapped to ``width``: the line typed, then what it said (dim when ``old``)."""
        if self._rows is not None and self._rows[:2] == (width, old):
            return self._rows[2]
        rows: list[Fragments] = []
        if self.line is not None:
            rows += wrap([("class:old-command" if old else "class:command", f"> {self.line}")], width)
        mark = "class:old " if old else "class:last "
        for line in _lines(_fragments("".join(text for _, text in self.chunks))):
            rows += wrap([(mark + style, text) for style, text in line], width)
        self._rows = (width, old, rows)
        return rows


def reminders_due(session: Session) -> list[str]:
    """The scenario's round reminders of the round in hand, for the status line."""
    from claw.core.reminders import due_reminders

    envelope = session.envelope or {}
    state = envelope.get("state")
    return [r["text"] for r in due_reminders(str(envelope.get("game") or ""), state)] if isinstance(state, dict) else []


def board_focus(session: Session) -> str | None:
    """The square or figure the board pane is drawn around when the board does not fit
    (`show --around`), from the game's hooks; None draws the board from its top."""
    envelope = session.envelope or {}
    game, state = envelope.get("game"), envelope.get("state")
    if not game or not isinstance(state, dict):
        return None
    from claw.cli.framework.adapter import GAMES, game_hooks

    return game_hooks(game).board_focus(state) if game in GAMES else None


@contextmanager
def _columns(width: int) -> Iterator[None]:
    """Commands wrap and size what they draw to COLUMNS: the pane's width while they run."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(max(20, width))
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = saved


def _short(path: str) -> str:
    """A file name for the status line: relative to here when under it, else the name alone."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return os.path.basename(path)
    return relative if not relative.startswith("..") else os.path.basename(path)


def _fragments(text: str) -> Fragments:
    """Text with claw's SGR codes as prompt_toolkit fragments."""
    from prompt_toolkit.formatted_text import ANSI, to_formatted_text

    if "\x1b" not in text:
        return [("", text)]
    return [(style, piece) for style, piece, *_ in to_formatted_text(ANSI(text))]


def _lines(fragments: Fragments) -> list[Fragments]:
    lines: list[Fragments] = [[]]
    for style, text in fragments:
        parts = text.split("\n")
        for at, part in enumerate(parts):
            if at:
                lines.append([])
            if part:
                lines[-1].append((style, part))
    if lines and not lines[-1]:
        lines.pop()
    return lines


def _width(line: Fragments) -> int:
    from prompt_toolkit.utils import get_cwidth

    return sum(get_cwidth(text) for _, text in line)


def crop(line: Fragments, width: int) -> Fragments:
    """``line`` cut at ``width`` cells (the board pane: a map row must not wrap)."""
    from prompt_toolkit.utils import get_cwidth

    out: Fragments = []
    left = width
    for style, text in line:
        if left <= 0:
            break
        if get_cwidth(text) <= left:
            out.append((style, text))
            left -= get_cwidth(text)
            continue
        piece = ""
        for ch in text:
            if get_cwidth(piece + ch) > left:
                break
            piece += ch
        out.append((style, piece))
        left = 0
    return out


def wrap(line: Fragments, width: int, indent: int = 2) -> list[Fragments]:
    """``line`` in rows of ``width`` cells, broken at spaces where it can be (the events pane);
    the rows after the first are indented."""
    from prompt_toolkit.utils import get_cwidth

    chars = [(style, ch) for style, text in line for ch in text]
    rows: list[Fragments] = []
    first = True
    while chars:
        room = width if first else width - indent
        used, cut = 0, len(chars)
        for at, (_, ch) in enumerate(chars):
            used += get_cwidth(ch)
            if used > room:
                cut = at
                break
        if cut < len(chars):
            space = max((i for i in range(cut) if chars[i][1] == " "), default=-1)
            if space > room // 3:
                cut = space + 1
        row, chars = chars[:cut], chars[cut:]
        frags: Fragments = [] if first else [("", " " * indent)]
        for style, ch in row:
            if frags and frags[-1][0] == style:
                frags[-1] = (style, frags[-1][1] + ch)
            else:
                frags.append((style, ch))
        rows.append(frags)
        first = False
    return rows or [[]]


class Screen:
    """The full-screen session: its panes, its keys and the lines typed."""

    def __init__(self, session: Session, input: Any = None, output: Any = None) -> None:
        self.session = session
        self.typed = Typed(session)
        self.entries: list[Entry] = [Entry(None, [("stderr", opening(session) + "\n")])]
        self.scroll = 0  # rows above the newest that the events pane is scrolled by
        self.events_rows = 10  # the events pane's height at the last draw (for PgUp/PgDn)
        self._board: tuple[Any, tuple[int, int], list[Fragments], int] | None = None  # state, size, lines, width
        self._widths: dict[int, int] = {}  # terminal width → the board's width beside the events (0: above)
        self._tall: dict[tuple[int, int], bool] = {}  # (width, rows) → the whole board was too tall for them
        self.question: tuple[str, dict[str, Callable[[], None]]] | None = None  # text, key → action
        self.app = self._application(input, output)

    # --- what the panes show ---------------------------------------------------------
    def board(self) -> tuple[list[Fragments], int]:
        """The board pane's lines and its width when it stands beside the events (0: above
        them), for the terminal's size now; drawn again when the state or the size changed."""
        size = self.size()
        key = (size.columns, size.rows)
        if self._board is not None and self._board[0] is self.session.envelope and self._board[1] == key:
            return self._board[2], self._board[3]
        beside = self._beside(size.columns)
        rows = size.rows - 2 if beside else size.rows - 3 - EVENTS_MIN_ROWS
        lines = self.board_lines(beside or size.columns, rows)
        self._board = (self.session.envelope, key, lines, beside)
        return lines, beside

    def _beside(self, columns: int) -> int:
        """The width the board takes beside the events pane, or 0 when it is too wide for that:
        its header row, drawn once for the room left by the narrowest events pane."""
        if columns not in self._widths:
            room = columns - EVENTS_MIN_WIDTH - 1
            probe = self._draw(["show"], room) if self.session.envelope is not None and room >= 20 else []
            head = _width(probe[0]) + 2 if probe else 0
            self._widths[columns] = head if 0 < head <= room else 0
        return self._widths[columns]

    def board_lines(self, width: int, rows: int) -> list[Fragments]:
        """The board as `show` draws it ``width`` columns wide, drawn around the action
        (`show --around`) when it is taller than ``rows``."""
        if self.session.envelope is None:
            return []
        focus = board_focus(self.session)
        if focus and self._tall.get((width, rows)):  # the whole board did not fit at this size
            return self._draw(["show", "--around", focus], width)
        lines = self._draw(["show"], width)
        if len(lines) > rows and focus:
            self._tall[(width, rows)] = True
            lines = self._draw(["show", "--around", focus], width)
        return lines

    def _draw(self, words: list[str], width: int) -> list[Fragments]:
        import shlex

        with _columns(width):
            _, chunks = self.typed.run(shlex.join(words), tty=True, track=False)
        return _lines(_fragments("".join(text for stream, text in chunks if stream == "stdout")))

    def event_rows(self, width: int, need: int) -> tuple[list[Fragments], bool]:
        """The last ``need`` rows of the entries wrapped to ``width`` (the newest last, the
        last entry highlighted), and whether there are rows above them."""
        rows: list[Fragments] = []
        last = len(self.entries) - 1
        for at in range(last, -1, -1):
            rows[:0] = self.entries[at].rows(width, old=at < last)
            if len(rows) > need:
                return rows[-need:], True
        return rows, False

    def status_text(self) -> str:
        envelope = self.session.envelope or {}
        parts = [status(envelope.get("game"), envelope.get("state"))]
        parts += [f"reminder: {text}" for text in reminders_due(self.session)]
        if self.session.dirty:
            parts.append("not saved" if self.session.path is None else "unsaved changes")
        elif self.session.autosave and self.session.path:
            parts.append(f"saved to {_short(self.session.path)}")
        if self.scroll:
            parts.append(f"scrolled up {self.scroll} (PgDn)")
        return " · ".join(p for p in parts if p)

    # --- lines typed -------------------------------------------------------------------
    def run_line(self, line: str) -> None:
        """Run what was typed and show it: its events at the bottom of the events pane."""
        if not line.strip():
            return
        width = self._events_width()
        try:
            with _columns(width):
                code, chunks = self.typed.run(line, tty=True)
        except EndSession:
            self.ask_quit()
            return
        except KeyboardInterrupt:
            code, chunks = 130, [("stderr", "claw: interrupted\n")]
        self.entries.append(Entry(line, chunks, code))
        self.scroll = 0
        if code and self.session.changed_outside and self.session.path:
            self.ask(f"reload {self.session.path} as it is now? [y]es / [n]o",
                     {"y": lambda: self._say_line("reload"), "n": lambda: None})
        elif self.typed.ended_now():
            self.entries[-1].chunks += [("stderr", text + "\n") for text in summary_lines(self.session)]
            self.ask("the game is over: [q]uit / [s]tay (look around, undo)",
                     {"q": self.ask_quit, "s": lambda: None})

    def _say_line(self, line: str) -> None:
        self.run_line(line)

    def _events_width(self) -> int:
        columns = self.size().columns
        beside = self.board()[1]
        return columns - beside - 1 if beside else columns

    def ask(self, text: str, answers: dict[str, Callable[[], None]]) -> None:
        """A question answered by one key (Esc or Ctrl-C: the last answer)."""
        self.question = (text, answers)

    def answer(self, key: str) -> None:
        if self.question is None:
            return
        text, answers = self.question
        if key in answers:
            self.question = None
            answers[key]()

    def ask_quit(self) -> None:
        """`quit`, Ctrl-D: leave, or first ask what to do with unsaved changes."""
        lost = self.typed.unsaved()
        if lost is None:
            self.app.exit(result=0)
            return
        where = self.session.path
        if where:
            self.ask(f"{lost}: [s]ave to {where} / [q]uit without saving / [c]ancel",
                     {"s": self._save_and_quit, "q": lambda: self.app.exit(result=0), "c": lambda: None})
        else:
            self.ask(f"{lost}: [s]ave (type the file name) / [q]uit without saving / [c]ancel",
                     {"s": self._type_save, "q": lambda: self.app.exit(result=0), "c": lambda: None})

    def _save_and_quit(self) -> None:
        self.run_line("save")
        if self.typed.unsaved() is None:
            self.app.exit(result=0)

    def _type_save(self) -> None:
        buffer = self.app.layout.current_buffer
        if buffer is not None:
            buffer.text = "save "
            buffer.cursor_position = len(buffer.text)
        self.quit_after_save = True

    quit_after_save = False

    # --- the application ---------------------------------------------------------------
    def _application(self, input: Any, output: Any) -> Any:
        from prompt_toolkit.application import Application
        from prompt_toolkit.buffer import Buffer
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.history import FileHistory, InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.layout import (
            ConditionalContainer,
            DynamicContainer,
            Float,
            FloatContainer,
            HSplit,
            Layout,
            VSplit,
            Window,
        )
        from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl, UIContent, UIControl
        from prompt_toolkit.layout.menus import CompletionsMenu
        from prompt_toolkit.styles import Style

        from claw.cli.session.interactive import _completer

        screen = self

        class Pane(UIControl):
            """Rows computed for the pane's size at each draw."""

            def __init__(self, rows: Callable[[int, int], list[Fragments]]) -> None:
                self.rows = rows

            def create_content(self, width: int, height: int) -> UIContent:
                rows = self.rows(width, height)
                return UIContent(get_line=lambda i: rows[i], line_count=len(rows))  # type: ignore[arg-type,return-value]

        cropped: dict[str, Any] = {}

        def board_rows(width: int, height: int) -> list[Fragments]:
            lines = screen.board()[0]
            if cropped.get("for") is not lines or cropped.get("width") != width:  # crop once per drawing
                cropped.update({"for": lines, "width": width, "rows": [crop(line, width) for line in lines]})
            return cropped["rows"][:height]

        def events_rows(width: int, height: int) -> list[Fragments]:
            screen.events_rows = height
            rows, _ = screen.event_rows(width, height + screen.scroll)
            screen.scroll = max(0, min(screen.scroll, len(rows) - height))
            shown = rows[:len(rows) - screen.scroll][-height:] if height else []
            return [[]] * (height - len(shown)) + shown  # the newest at the bottom

        events_window = Window(Pane(events_rows), wrap_lines=False, width=lambda: screen._events_width())

        # the two layouts are built once (a layout built anew at each draw would also make
        # prompt_toolkit merge its key bindings again at every key)
        beside_board = Window(Pane(board_rows), width=lambda: screen.board()[1], wrap_lines=False)
        side_by_side = VSplit([beside_board, Window(width=1, char="│", style="class:rule"), events_window])
        above_board = Window(Pane(board_rows), height=lambda: screen._board_height(), wrap_lines=False)
        stacked = HSplit([above_board, Window(height=1, char="─", style="class:rule"), events_window])

        def body() -> Any:
            if screen.board()[1]:
                return side_by_side
            return stacked if screen._board_height() else events_window

        asking = Condition(lambda: screen.question is not None)
        history: Any
        try:
            game = (self.session.envelope or {}).get("game")
            path = history_path(game)
            path.parent.mkdir(parents=True, exist_ok=True)
            history = FileHistory(str(path))
        except OSError:
            history = InMemoryHistory()

        def accept(buffer: Any) -> bool:
            line = buffer.text
            if line.strip():
                buffer.append_to_history()
            buffer.reset()
            screen.run_line(line)
            if screen.quit_after_save and screen.typed.unsaved() is None:
                screen.app.exit(result=0)
            screen.quit_after_save = False
            return True

        buffer = Buffer(completer=_completer(self.session), complete_while_typing=False, history=history,
                        accept_handler=accept, multiline=False)

        def prompt() -> Any:
            if screen.question is not None:
                return [("class:question", screen.question[0] + " ")]
            return [("class:prompt", "> ")]

        input_line = VSplit([Window(FormattedTextControl(prompt), dont_extend_width=True),
                             ConditionalContainer(Window(BufferControl(buffer)), filter=~asking)], height=1)
        status_line = Window(FormattedTextControl(lambda: [("class:status", " " + screen.status_text())]),
                             height=1, style="class:status")
        root = FloatContainer(HSplit([DynamicContainer(body), status_line, input_line]),
                              floats=[Float(xcursor=True, ycursor=True,
                                            content=CompletionsMenu(max_height=8, scroll_offset=1))])
        keys = KeyBindings()

        @keys.add("<any>", filter=asking, eager=True)
        def _(event: Any) -> None:
            screen.answer(event.data.lower())

        @keys.add("escape", filter=asking, eager=True)
        @keys.add("c-c", filter=asking, eager=True)
        @keys.add("c-d", filter=asking, eager=True)
        def _(event: Any) -> None:
            if screen.question is not None:
                screen.answer(list(screen.question[1])[-1])

        @keys.add("tab", filter=~asking)
        def _(event: Any) -> None:
            buffer = event.current_buffer
            if buffer.complete_state:
                buffer.complete_next()
            else:
                buffer.start_completion(select_first=False)

        @keys.add("c-c", filter=~asking)
        def _(event: Any) -> None:
            event.current_buffer.reset()

        @keys.add("c-d", filter=~asking)
        def _(event: Any) -> None:
            if event.current_buffer.text:
                event.current_buffer.delete()
            else:
                screen.run_line("quit")

        @keys.add("pageup")
        def _(event: Any) -> None:
            screen.scroll += max(1, screen.events_rows - 1)

        @keys.add("pagedown")
        def _(event: Any) -> None:
            screen.scroll = max(0, screen.scroll - max(1, screen.events_rows - 1))

        style = Style.from_dict({
            "status": "reverse", "rule": "fg:ansibrightblack", "old": "fg:ansibrightblack",
            "old-command": "fg:ansibrightblack", "command": "bold", "question": "bold reverse",
        })
        return Application(layout=Layout(root, focused_element=buffer), key_bindings=keys, style=style,
                           full_screen=True, input=input, output=output, mouse_support=False)

    def _board_height(self) -> int:
        """The rows of a board drawn above the events (at most what leaves the events theirs)."""
        return max(0, min(len(self.board()[0]), self.size().rows - 3 - EVENTS_MIN_ROWS))

    def size(self) -> Any:
        """The terminal's size (rows, columns); 24 × 80 while the layout is being built."""
        from prompt_toolkit.data_structures import Size

        app = getattr(self, "app", None)
        return app.output.get_size() if app is not None else Size(rows=24, columns=80)

    def run(self) -> int:
        return self.app.run() or 0


def fullscreen_session(session: Session, *, input: Any = None, output: Any = None) -> int:
    """`claw play` on a terminal: the full-screen session until `quit` or Ctrl-D."""
    screen = Screen(session, input=input, output=output)
    code = screen.run()
    import sys

    sys.stderr.write(closing(session) + "\n")
    return code
