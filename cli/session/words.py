"""Words for where you are (issue 23 item 4): inside `claw play` a line is a command without
`claw` and without -s/-i/-o, so the hints and help screens the commands print are shown
that way too. Only what is shown changes: the log keeps the commands' own sentences, so a
script still gives byte for byte what separate processes give."""

from __future__ import annotations

import re
from collections.abc import Iterable

# the common options a session line may not take (the session holds the state)
NOT_IN_SESSION_OPTIONS = ("-s, --state", "-i, --in-place", "-o, --output")


def claw_prefix(verbs: Iterable[str]) -> re.Pattern[str]:
    """The `claw ` in front of one of ``verbs`` (longest first, so `moves` is not `move`+s)."""
    names = sorted({v for v in verbs if v not in ("new", "play")}, key=len, reverse=True)
    return re.compile(r"\bclaw (?=(?:" + "|".join(map(re.escape, names)) + r")(?![\w-]))")


def for_session(text: str, prefix: re.Pattern[str]) -> str:
    """``text`` with `claw VERB` written as the session's `VERB`, and help screens without the
    options a session refuses."""
    text = prefix.sub("", text)
    if "--state" in text and "Usage:" in text:
        text = without_state_options(text)
    return text


def without_state_options(text: str) -> str:
    """A help screen without the -s, -i and -o lines (and the lines that continue them)."""
    kept: list[str] = []
    skipping = 0  # the indent of the option being dropped, 0 when none
    for line in text.splitlines(True):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if stripped.startswith(NOT_IN_SESSION_OPTIONS):
            skipping = indent
            continue
        if skipping and stripped.strip() and indent > skipping and not stripped.startswith("-"):
            continue  # the option's help, wrapped onto the next line
        skipping = 0
        kept.append(line)
    return "".join(kept)
