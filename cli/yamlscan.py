"""ruamel.yaml's scanner held to the YAML 1.2 spec where it strays, and its errors in
words that say where the problem starts and what to do.

Imported only when a YAML file is read.
"""

from __future__ import annotations

from ruamel.yaml.scanner import Scanner


class StrictScanner(Scanner):
    """The safe (comment-free) scanner with the spec's rules for tabs and a few others."""


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
        return (*_at(opened), f"quoted text never closed: close the quote opened at {_where(opened)}")
    if problem.startswith("found character") and "cannot start any token" in problem:
        char = problem.split("found character", 1)[1].split("that cannot", 1)[0].strip()
        return (*_at(here), f"{char} cannot start a plain value: put the value in quotes")
    if problem == "mapping values are not allowed here":
        return (*_at(here), "':' not allowed here: quote a value that contains ': ', or put a nested "
                            "mapping on its own lines under its key")
    if context.startswith("while scanning a simple key"):
        return (*_at(exc.context_mark), "expected ':' after this key (is a line missing 'key: value', "
                                        "or a value split over lines without quotes?)")
    if problem.startswith("expected <block end>") and exc.context_mark is not None:
        return (*_at(here), f"this line does not line up with the block that starts at {_where(exc.context_mark)}: "
                            "indent it like its siblings (spaces), or quote a value containing ': ' or '- '")
    message = problem or context or "invalid YAML"
    if context and exc.context_mark is not None and exc.problem_mark is not None:
        message += f" ({context} at {_where(exc.context_mark)})"
    return (*_at(here), message.replace("<", "").replace(">", ""))
