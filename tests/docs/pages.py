"""The shell blocks of the documentation pages, read as tests/docs/test_docs_run.py replays them.

The convention (CONTRIBUTING.md, "The docs are tests"):

- A shell block is a fenced block tagged ``sh``, ``bash``, ``shell`` or ``console``. An
  untagged block that starts with ``$ `` is refused: tag it, so it is run.
- A block with ``$ `` lines is a transcript: each ``$ `` line is a command (a line ending
  in ``\\`` goes on on the next), and the lines after it, up to the next ``$ ``, are the
  output the page shows, compared with what the command prints (stderr and stdout, blank
  lines left out). A line ``…`` (or ``...``) among them says some lines are left out; without
  it the page shows the whole output. A command with no lines after it is run, not compared.
- A block without ``$ `` is a script: every line is a command; ``#`` starts a comment, and
  a line that is only a comment belongs to the command above it.
- A command's comment that says ``exit N`` expects exit code N; every other command
  must exit 0.
- An HTML comment ``<!-- docs-test: alternatives -->`` just before a block says it is a
  menu: each command runs from the situation the page reached before the block, and
  nothing the block does carries over. ``<!-- docs-test: alternatives after CMD -->``
  runs CMD (which the page's text names) before each command: the situation the menu
  is for. ``<!-- docs-test: skip REASON -->`` leaves a block out (counted, with its reason).
- Install commands are not run: the test runs the claw under test, already installed
  (see POLICY).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

SHELL_TAGS = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<tag>[\w-]*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*docs-test:\s*(?P<what>[\w-]+)\s*(?P<rest>.*?)\s*-->\s*$")
ELISION = {"…", "..."}
EXIT = re.compile(r"\bexit (\d+)\b")

# Lines a reader types that the test does not run, and why. Install steps would install
# a second claw over the one under test; the test suite would run itself.
INSTALL = re.compile(r"^(python3? -m venv\b|\S*pip3? install\b|pipx install\b|uv tool install\b"
                     r"|\S*pre-commit install\b)")
POLICY = (
    (re.compile(r"\bpython3? -m pytest\b"), "the test suite (this test is part of it)"),
    (re.compile(r"\bclaw --install-completion\b"), "writes the reader's shell start-up file"),
)
OPTIONAL_TOOLS = ("jq", "dot")   # a page may pipe into them; without them installed the line is not run
INSTALLED_CLAW = re.compile(r"(?<![\w/.])\.venv/bin/claw\b")


@dataclass
class Command:
    page: str
    line: int                       # 1-based line of the page
    text: str                       # what the shell runs (continuations joined, comment kept)
    shown: list[str] | None = None  # the output the page shows; None: none shown
    code: int = 0                   # the exit code the page expects
    skip: str | None = None         # why it is not run
    adapted: str | None = None      # what the policy changed before running it

    @property
    def compared(self) -> bool:
        return self.shown is not None and self.skip is None


@dataclass
class Block:
    page: str
    line: int
    tag: str
    alternatives: bool = False
    setup: str = ""                 # alternatives: the command that makes the situation
    skip: str | None = None
    commands: list[Command] = field(default_factory=list)


def split_comment(text: str) -> tuple[str, str]:
    """The command and its `#` comment, as a shell splits them (a `#` starts a comment only
    at the start of a word, outside quotes)."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
            elif ch == "\\" and quote == '"':
                continue
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1].isspace()):
            return text[:i].rstrip(), text[i + 1:].strip()
    return text.rstrip(), ""


def _top_level_and(cmd: str) -> list[str]:
    """`a && b` as its parts (outside quotes)."""
    parts, quote, start, i = [], None, 0, 0
    while i < len(cmd):
        ch = cmd[i]
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif cmd.startswith("&&", i):
            parts.append(cmd[start:i].strip())
            start = i + 2
            i += 1
        i += 1
    parts.append(cmd[start:].strip())
    return parts


def apply_policy(c: Command) -> None:
    """Install steps are not run (the claw under test is installed already); `.venv/bin/claw`
    is that claw. Sets c.skip or c.adapted, and rewrites c.text."""
    cmd, _ = split_comment(c.text)
    for pattern, reason in POLICY:
        if pattern.search(cmd):
            c.skip = reason
            return
    for tool in OPTIONAL_TOOLS:
        if re.search(rf"\|\s*{tool}\b", cmd) and shutil.which(tool) is None:
            c.skip = f"needs {tool}, which is not installed here"
            return
    parts = _top_level_and(cmd)
    kept = list(parts)
    while kept and INSTALL.match(kept[0]):
        kept.pop(0)
    if not kept:
        c.skip = "install: the test runs the claw under test, already installed"
        return
    notes = []
    if len(kept) < len(parts):
        notes.append("install steps before && not run")
    text = " && ".join(kept)
    if INSTALLED_CLAW.search(text):
        text = INSTALLED_CLAW.sub("claw", text)
        notes.append(".venv/bin/claw is the installed claw")
    if notes:
        c.adapted = "; ".join(notes)
        c.text = text


def _commands(page: str, first: int, lines: list[str]) -> list[Command]:
    transcript = any(line.startswith("$ ") for line in lines)
    out: list[Command] = []
    i = 0
    while i < len(lines):
        raw, n = lines[i], first + i
        i += 1
        if transcript:
            if not raw.startswith("$ "):
                if out and raw.strip():
                    out[-1].shown = (out[-1].shown or []) + [raw.rstrip()]
                continue
            raw = raw[2:]
        elif not raw.strip() or raw.lstrip().startswith("#"):
            continue
        text = raw
        while split_comment(text)[0].endswith("\\") and i < len(lines):
            text = split_comment(text)[0][:-1] + " " + lines[i].strip()
            i += 1
        _, comment = split_comment(text)
        m = EXIT.search(comment)
        out.append(Command(page, n, text.strip(), code=int(m.group(1)) if m else 0))
    return out


def blocks(root: Path, page: str) -> list[Block]:
    """The shell blocks of one page, in page order."""
    lines = (root / page).read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), len(lines))
        body = [line[len(m["indent"]):] for line in lines[start + 1:end]]
        i = end + 1
        tag = m["tag"]
        if tag == "" and any(line.strip() for line in body) and next(
                line for line in body if line.strip()).startswith("$ "):
            raise ValueError(f"{page}:{start + 1}: an untagged block of commands: tag it ```sh or ```console")
        if tag not in SHELL_TAGS:
            continue
        block = Block(page, start + 1, tag)
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        marker = MARKER.match(lines[k]) if k >= 0 else None
        if marker:
            if marker["what"] == "alternatives":
                block.alternatives = True
                if marker["rest"]:
                    how, _, setup = marker["rest"].partition(" ")
                    if how != "after" or not setup:
                        raise ValueError(f"{page}:{k + 1}: write 'alternatives after CMD'")
                    block.setup = setup
            elif marker["what"] == "skip":
                block.skip = marker["rest"] or "(no reason given)"
            else:
                raise ValueError(f"{page}:{k + 1}: unknown docs-test marker {marker['what']!r}")
        block.commands = _commands(page, start + 2, body)
        for c in block.commands:
            if block.skip:
                c.skip = block.skip
            else:
                apply_policy(c)
        found.append(block)
    return found


def pages(root: Path) -> list[str]:
    """Every page a reader runs commands from: the README, CONTRIBUTING, docs/ and the
    examples' READMEs."""
    names = ["README.md", "CONTRIBUTING.md"]
    names += sorted(str(p.relative_to(root)) for p in (root / "docs").rglob("*.md"))
    names += sorted(str(p.relative_to(root)) for p in (root / "examples").glob("*/README.md"))
    return names
