"""ruamel.yaml's scanner held to the YAML 1.2 spec where it strays, and its errors in
words that say where the problem starts and what to do.

Imported only when a YAML file is read.
"""

from __future__ import annotations

import copy
from typing import Any

import claw.cli.formats.ruamel_light  # noqa: F401  (first: ruamel's submodules without all of ruamel)

# isort: split
from ruamel.yaml import tokens
from ruamel.yaml.parser import Parser
from ruamel.yaml.scanner import Scanner, ScannerError

_END = "\0\r\n\x85\u2028\u2029"
_TAB_PROBLEM = "found character '\\t' that cannot start any token"


class StrictScanner(Scanner):
    """The safe (comment-free) scanner, with YAML 1.2's rules where ruamel's differ.

    Tabs (spec 6.1, 6.2): allowed as separation inside a line, on blank lines, and in a
    line's leading white space before flow content — never as indentation, i.e. not
    before a block structure token (``-``, ``?``, ``:`` or a key of a block mapping).
    Block scalars (8.1.1.1): leading empty lines may not have *more* spaces than the first
    content line (ruamel compared them with each other). Flows (7.x): an implicit key of a
    ``{}`` may span lines (``{"foo"\n: bar}``), ``"key":value`` needs no space after a
    JSON-like key, a lone ``-`` is no value, and lines inside a flow or a quoted string
    nested in a block are indented more than that block. Comments (6.6): ``#`` after
    anything but white space is refused. Each rule is a case of the yaml-test-suite.
    """

    # --- tabs ------------------------------------------------------------------------
    def scan_to_next_token(self) -> None:
        srp, srf, reader = self.reader.peek, self.reader.forward, self.reader
        if reader.index == 0 and srp() == "\ufeff":
            srf()
        line_start = False
        while True:
            spaces = 0
            while srp() in " \t":
                if line_start and srp() == " " and spaces == reader.column:
                    spaces += 1
                srf()
            if srp() == "#":
                if reader.pointer > 0 and reader.buffer[reader.pointer - 1] not in " \t\r\n\ufeff":
                    raise ScannerError(None, None, "a comment needs a space before '#'", reader.get_mark())
                while srp() not in _END:
                    srf()
            if self.scan_line_break():
                line_start = True
                if not self.flow_level:
                    self.allow_simple_key = True
            else:
                if line_start and self.flow_level and srp() != "\0" and spaces <= self.indent:
                    self._refuse_outdent()
                return None

    def _refuse_outdent(self) -> None:
        raise ScannerError(None, None, "this line must be indented more than the block around it "
                           f"(at least {self.indent + 1} space(s); tabs do not count)", self.reader.get_mark())

    def scan_flow_scalar_breaks(self, double, start_mark):
        """ruamel's, plus: each continuation line of quoted text is indented more than its block."""
        chunks = super().scan_flow_scalar_breaks(double, start_mark)
        if self.indent >= 0 and self.reader.peek() not in _END:
            reader = self.reader
            at = reader.pointer - reader.column
            spaces = len(reader.buffer[at:reader.pointer]) - len(reader.buffer[at:reader.pointer].lstrip(" "))
            if spaces <= self.indent:  # most often a quote left open: say where it opened
                raise ScannerError("while scanning a quoted scalar", start_mark, "line not indented",
                                   reader.get_mark())
        return chunks

    def _tab_before(self):
        """The mark of a tab in the blank run just before the reader, or None."""
        reader = self.reader
        buffer, at, tab = reader.buffer, reader.pointer, None
        while at > 0 and buffer[at - 1] in " \t":
            at -= 1
            if buffer[at] == "\t":
                tab = at
        if tab is None:
            return None
        mark = copy.copy(reader.get_mark())
        mark.column -= reader.pointer - tab
        return mark

    def _refuse_tab(self, mark) -> None:
        raise ScannerError(None, None, _TAB_PROBLEM, mark)

    def fetch_block_entry(self) -> None:
        if self.flow_level:
            raise ScannerError(None, None, "'-' (a block list entry) cannot stand alone inside [ ] or { }: "
                               "quote it", self.reader.get_mark())
        if tab := self._tab_before():
            self._refuse_tab(tab)
        super().fetch_block_entry()

    def fetch_key(self) -> None:
        if not self.flow_level and (tab := self._tab_before()):
            self._refuse_tab(tab)
        super().fetch_key()

    def save_possible_simple_key(self) -> None:
        super().save_possible_simple_key()
        key = self.possible_simple_keys.get(self.flow_level)
        if key is not None and not self.flow_level:
            key.tab = self._tab_before()

    def fetch_value(self) -> None:
        if not self.flow_level:
            key = self.possible_simple_keys.get(self.flow_level)
            tab = getattr(key, "tab", None) if key is not None else self._tab_before()
            if tab:
                self._refuse_tab(tab)
        super().fetch_value()

    def _skip_blanks(self) -> None:
        while self.reader.peek() in " \t":
            self.reader.forward()

    def scan_yaml_directive_value(self, start_mark):
        self._skip_blanks()
        return super().scan_yaml_directive_value(start_mark)

    def scan_directive_ignored_line(self, start_mark) -> None:
        self._skip_blanks()
        super().scan_directive_ignored_line(start_mark)

    def scan_block_scalar_ignored_line(self, start_mark):
        self._skip_blanks()
        return super().scan_block_scalar_ignored_line(start_mark)

    def scan_plain_spaces(self, indent, start_mark):
        """ruamel's, with tabs as white space within and between the lines of a plain scalar."""
        srp, srf = self.reader.peek, self.reader.forward
        chunks = []
        length = 0
        while srp(length) in " \t":
            length += 1
        whitespaces = self.reader.prefix(length)
        srf(length)
        if srp() in "\r\n\x85\u2028\u2029":
            line_break = self.scan_line_break()
            self.allow_simple_key = True
            if self._at_document_marker():
                return None
            breaks = []
            while srp() in " \t\r\n\x85\u2028\u2029":
                if srp() in " \t":
                    srf()
                else:
                    breaks.append(self.scan_line_break())
                    if self._at_document_marker():
                        return None
            if line_break != "\n":
                chunks.append(line_break)
            elif not breaks:
                chunks.append(" ")
            chunks.extend(breaks)
        elif whitespaces:
            chunks.append(whitespaces)
        return chunks

    def _at_document_marker(self) -> bool:
        prefix = self.reader.prefix(3)
        return prefix in ("---", "...") and self.reader.peek(3) in "\0 \t\r\n\x85\u2028\u2029"

    # --- block scalars -----------------------------------------------------------------
    def scan_block_scalar_indentation(self):
        srp, srf = self.reader.peek, self.reader.forward
        chunks = []
        max_indent = 0
        end_mark = self.reader.get_mark()
        while srp() in " \r\n\x85\u2028\u2029":
            if srp() != " ":
                chunks.append(self.scan_line_break())
                end_mark = self.reader.get_mark()
            else:
                srf()
                max_indent = max(max_indent, self.reader.column)
        if srp() == "\t" and self.reader.column < max(self.indent + 1, 1):
            self._refuse_tab(self.reader.get_mark())
        if srp() != "\0" and chunks and max_indent > self.reader.column:
            raise ScannerError("while scanning a block scalar", None,
                               "a leading empty line has more spaces than the first line of text",
                               self.reader.get_mark())
        return chunks, max_indent, end_mark

    # --- flow mappings -------------------------------------------------------------------
    def check_plain(self) -> bool:
        # in a flow, '-', '?' or ':' followed by an indicator is not a value (7.3.3)
        if self.flow_level and self.reader.peek() in "-?:" and self.reader.peek(1) in ",[]{}":
            return False
        return super().check_plain()

    def check_value(self) -> bool:
        # after a JSON-like key ("quoted", [..] or {..}) in a flow, ':' needs no space (7.4.2)
        if self.flow_level and self.tokens and self.reader.peek(1) not in _END + " \t,[]{}":
            last = self.tokens[-1]
            if isinstance(last, (tokens.FlowSequenceEndToken, tokens.FlowMappingEndToken)) or (
                    isinstance(last, tokens.ScalarToken) and not last.plain):
                return True
        return super().check_value()

    # --- speed ---------------------------------------------------------------------------
    _settled: tuple = ()  # (reader index, tokens taken, tokens queued) when no more were needed
    reader: Any = None  # a plain attribute over ruamel's property (looked up ~15 times a character)

    def __init__(self, loader) -> None:
        self.reader = loader._reader  # claw's loader holds the Reader before the scanner is made
        super().__init__(loader=loader)

    def need_more_tokens(self) -> bool:
        """ruamel's answer, remembered: the parser peeks at the same token several times, and
        ruamel re-checks every possible simple key each time (a third of the scan's calls).
        Only a fetch (the reader moves, tokens are queued) or a take changes the answer."""
        if self.done:
            return False
        if not self.tokens:
            return True
        here = (self.reader.index, self.tokens_taken, len(self.tokens))
        if here == self._settled:
            return False
        self.stale_possible_simple_keys()
        if self.next_possible_simple_key() == self.tokens_taken:
            return True
        self._settled = here
        return False

    def check_token(self, *choices) -> bool:
        tokens = self.tokens
        if not tokens or self._settled != (self.reader.index, self.tokens_taken, len(tokens)):
            while self.need_more_tokens():
                self.fetch_more_tokens()
            tokens = self.tokens
        return bool(tokens) and (not choices or isinstance(tokens[0], choices))

    def peek_token(self):
        tokens = self.tokens
        if not tokens or self._settled != (self.reader.index, self.tokens_taken, len(tokens)):
            while self.need_more_tokens():
                self.fetch_more_tokens()
            tokens = self.tokens
        return tokens[0] if tokens else None

    def stale_possible_simple_keys(self) -> None:
        if self.flow_level and self.flow_context[-1] == "{":
            key = self.possible_simple_keys.get(self.flow_level)
            if key is not None and self.reader.index - key.index <= 1024:
                saved = self.possible_simple_keys.pop(self.flow_level)
                super().stale_possible_simple_keys()
                self.possible_simple_keys[self.flow_level] = saved
                return
        super().stale_possible_simple_keys()


class StrictParser(Parser):
    """ruamel's parser, plus two things YAML 1.2 allows: a stream that opens with ``...``
    (a document end with no document), and ``[ : value ]`` (a pair with an empty key)."""

    scanner: Any = None  # a plain attribute over ruamel's property, which asks the loader each time

    def __init__(self, loader) -> None:
        self.scanner = loader._scanner
        super().__init__(loader)

    def parse_implicit_document_start(self):
        while self.scanner.check_token(tokens.DocumentEndToken):
            self.scanner.get_token()
        return super().parse_implicit_document_start()

    def parse_flow_sequence_entry(self, first: bool = False):
        if not first and self.scanner.check_token(tokens.FlowEntryToken):
            self.scanner.get_token()
            first = True
        if self.scanner.check_token(tokens.ValueToken):
            from ruamel.yaml.events import MappingStartEvent

            token = self.scanner.peek_token()
            self.state = self._empty_key
            return MappingStartEvent(None, None, True, token.start_mark, token.end_mark, flow_style=True)
        return super().parse_flow_sequence_entry(first)

    def _empty_key(self):
        self.state = self.parse_flow_sequence_entry_mapping_value
        return self.process_empty_scalar(self.scanner.peek_token().start_mark)


def _at(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _where(mark) -> str:
    return ":".join(map(str, _at(mark)))


def explain(exc) -> tuple[int, int, str]:
    """(line, column, message) for a ruamel MarkedYAMLError."""
    problem = (exc.problem or "").strip()
    context = (exc.context or "").strip()
    here = exc.problem_mark or exc.context_mark
    if "'\\t'" in problem:
        return (*_at(here), "a tab where YAML allows only spaces (indentation): use spaces")
    if context.startswith("while scanning a quoted scalar"):
        opened = exc.context_mark
        return (*_at(opened), f"quoted text never closed: close the quote opened at {_where(opened)} "
                                 "(or indent its next lines)")
    if problem.startswith("found character") and "cannot start any token" in problem:
        char = problem.split("found character", 1)[1].split("that cannot", 1)[0].strip()
        return (*_at(here), f"{char} cannot start a plain value: put the value in quotes")
    if problem == "mapping values are not allowed here":
        return (*_at(here), "':' not allowed here: quote a value that contains ': ', or put a nested "
                            "mapping on its own lines under its key")
    if context.startswith("while scanning a simple key"):
        return (*_at(exc.context_mark), "expected ':' after this key (is a line missing 'key: value', "
                                        "or a value split over lines without quotes?)")
    if context.startswith("while parsing a flow ") and exc.context_mark is not None:
        opener, closer = ("[", "]") if "sequence" in context else ("{", "}")
        if "<stream end>" in problem or "<document" in problem:
            return (*_at(exc.context_mark), f"'{opener}' never closed: close it with '{closer}' "
                                            f"(opened at {_where(exc.context_mark)})")
        return (*_at(here), f"{_plain(problem)} in the '{opener}' opened at {_where(exc.context_mark)}: "
                            f"separate its items with ',' and close it with '{closer}'")
    if problem.startswith("expected <block end>") and exc.context_mark is not None:
        return (*_at(here), f"this line does not line up with the block that starts at {_where(exc.context_mark)}: "
                            "indent it like its siblings (spaces), or quote a value containing ': ' or '- '")
    message = problem or context or "invalid YAML"
    if context and exc.context_mark is not None and exc.problem_mark is not None:
        message += f" ({context} at {_where(exc.context_mark)})"
    return (*_at(here), _plain(message))


def _plain(message: str) -> str:
    """ruamel's token names without their angle brackets (``<stream end>``)."""
    return message.replace("<", "").replace(">", "")
