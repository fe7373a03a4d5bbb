"""Help screens claw renders itself: `claw --help` grouped by game, `claw VERB --help`
for the game in hand, and `claw help GAME`.

Rendered from the command specs and ``help_turns`` without building the typer app, so
help costs no more start-up than a command. Plain text wrapped to the terminal (at
most 100 columns), so it reads the same in a pipe.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap

from claw.cli.framework.adapter import GAMES, NAMES, commands_of, game_hooks, game_of_file
from claw.cli.shell.help_turns import EXAMPLES, RULES, SHARED

GAME_WORDS = ("--game",)
STATE_WORDS = ("-s", "--state")


def width() -> int:
    return max(40, min(100, shutil.get_terminal_size((80, 24)).columns))


def _rows(pairs: list[tuple[str, str]], cols: int, indent: int = 2) -> list[str]:
    """``name  summary`` rows, the summary wrapped under itself."""
    if not pairs:
        return []
    left = min(max(len(name) for name, _ in pairs) + 2, 24)
    lines = []
    for name, text in pairs:
        pad = " " * (indent + left)
        head = " " * indent + name.ljust(left - 2) + "  "
        if len(head) > indent + left:  # a long name: the summary starts on the next line
            lines.append(head.rstrip())
            head = pad
        lines += _wrap(text, cols, head, pad) or [head.rstrip()]
    return lines


def _wrap(text: str, cols: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, cols, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def _para(text: str, cols: int, indent: int = 0) -> list[str]:
    return _wrap(text, cols, " " * indent, " " * indent)


def first_sentence(text: str) -> str:
    """The first whole sentence of a spec's help (a period that ends a word, not "e.g.")."""
    match = re.search(r"(?<!e\.g)(?<!i\.e)\.(\s|$)", text)
    return text[:match.start() + 1] if match else text.rstrip(".") + "."


def _turn(game: str) -> list[tuple[str, str, str]]:
    """The game's verbs in turn order; verbs the table does not list yet go last."""
    listed = list(game_hooks(game).turns)
    names = {verb for verb, _, _ in listed}
    extra = [(verb, first_sentence(c.help), "") for verb, c in commands_of(game).items() if verb not in names]
    return listed + extra


def top_help() -> str:
    cols = width()
    out = ["Usage: claw COMMAND [ARGS]... [OPTIONS]", ""]
    out += _para("Rules utilities for four cats-and-vermin tabletop games: "
                 + ", ".join(f"{NAMES[g]} ({g})" for g in GAMES) + ".", cols)
    out += ["", "Shared commands:"] + _rows(list(SHARED.items()), cols)
    out += ["", "Rule commands (in every game that has the rule):"] + _rows(list(RULES.items()), cols)
    for game in GAMES:
        own = [(verb, summary) for verb, summary, _ in _turn(game) if verb not in SHARED and verb not in RULES]
        rules = [verb for verb, _, _ in _turn(game) if verb in RULES]
        out += ["", f"{NAMES[game]} ({game}), in turn order:"] + _rows(own, cols)
        if rules:
            out += _para("and the rule commands " + ", ".join(rules) + ".", cols, indent=2)
    out += ["", "Examples:"] + ["  " + e for e in EXAMPLES]
    out += ["", "Options:"] + _rows([("--version", "Print the version and exit."),
                                     ("--install-completion [SHELL]", "Install completion for bash, zsh or fish."),
                                     ("--show-completion [SHELL]", "Print the completion script to install by hand."),
                                     ("-h, --help", "Show this message and exit.")], cols) + [""]
    out += _para("`claw help GAME` lists a game's commands with an example each; `claw COMMAND --help "
                 "--game GAME` (or with -s FILE / CLAW_STATE) shows one game's options. Guides: "
                 "docs/games/, every command: docs/commands/.", cols)
    return "\n".join(out) + "\n"


def game_help(game: str) -> str:
    cols = width()
    out = _para(f"{NAMES[game]} ({game}): the commands in the order a turn uses them.", cols) + [""]
    turn = _turn(game)
    left = max(len(verb) for verb, _, _ in turn) + 2
    for verb, summary, example in turn:
        out += _rows([(verb.ljust(left - 2), summary)], cols)
        if example:
            out += _wrap("$ " + example, cols, " " * (left + 2), " " * (left + 6))
    out += [""] + _para(f"Examples assume table mode (export CLAW_STATE=game.json). One command in full: "
                        f"claw VERB --help --game {game}. Guide: docs/games/{game}.md.", cols)
    return "\n".join(out) + "\n"


COMMON_LINES = [
    ("-s, --state FILE", "State file ('-' for stdin); default $CLAW_STATE (updated in place)."),
    ("-i, --in-place", "Rewrite the state file (the old one kept for claw undo)."),
    ("-o, --output FILE", "Write the new state to FILE instead of stdout."),
    ("--game GAME", "Stateless use: msm, ratcatcher, warriors, mice."),
    ("--seed N", "Seed for stateless dice."),
    ("--dice V1,V2,...", "Physical dice, used in order."),
    ("--draw DECK=CARD,...", "Cards or tokens drawn at the table, in order (repeatable)."),
    ("--json", "Machine-readable result on stdout."),
    ("-q, --quiet", "No explanation on stderr."),
    ("-h, --help", "Show this message and exit."),
]


# Options the shell adds to a verb in every game (claw.cli.shell.dispatch.build)
SHELL_OPTIONS = {"show": [("--watch", "Redraw whenever the state file changes, for a second terminal "
                                      "(Ctrl-C stops; a picture that follows the game: claw serve FILE).")]}


FILE_FLAGS = ("--png", "--map", "--campaign")


def metavar(opt) -> str:
    """What an option's value is called in help and in docs/commands, for people: the spec's
    own name for it, N for a number, FILE for a file, else the flag's last word (``--weapon
    WEAPON``)."""
    if opt.type is bool:
        return ""
    if opt.metavar:
        return " " + opt.metavar
    if opt.type in (int, float):
        return " N"
    return " FILE" if opt.flag in FILE_FLAGS else " " + opt.flag.lstrip("-").split("-")[-1].upper()


def verb_help(verb: str, game: str | None) -> str:
    """`claw VERB --help`: one game's usage and options, or a per-game summary."""
    cols = width()
    owners = {g: commands_of(g)[verb] for g in GAMES if verb in commands_of(g)}
    summary = RULES.get(verb) or SHARED.get(verb)
    if game is not None and game in owners:
        spec = owners[game]
        out = [f"Usage: claw {verb} {spec.usage} [OPTIONS]".replace("  ", " "), ""]
        out += _para(spec.help, cols) + ["", f"Options ({game}):"]
        out += _rows([(opt.flag + ("" if opt.short is None else ", " + opt.short) + metavar(opt), opt.help)
                      for opt in spec.options if not opt.hidden] + SHELL_OPTIONS.get(verb, []), cols) \
            or ["  (none of its own)"]
        out += ["", "Common options:"] + _rows(COMMON_LINES, cols)
        return "\n".join(out) + "\n"
    out = [f"Usage: claw {verb} ... [OPTIONS]", ""]
    if game is not None:
        from claw.cli.render.wording import foreign_verb

        out += _para(f"{foreign_verb(verb, owners, game, from_state=False)}.", cols) + [""]
    if summary:
        out += _para(summary, cols) + [""]
    if not owners:
        return "\n".join(out + ["No game implements this rule yet."]) + "\n"
    for g, spec in owners.items():
        out.append(f"  {g}: claw {verb} {spec.usage}".rstrip())
        out += _para(first_sentence(spec.help), cols, indent=6)
        flags = " ".join([o.flag for o in spec.options if not o.hidden] + [f for f, _ in SHELL_OPTIONS.get(verb, [])])
        if flags:
            out += textwrap.wrap(flags, cols, initial_indent="      options: ", subsequent_indent=" " * 15)
    out += [""] + _para(f"One game's options in full: claw {verb} --help --game GAME (or -s FILE, or with "
                        "CLAW_STATE set). Common options: -s FILE, -i, -o FILE, --game, --seed, --dice, --draw, "
                        "--json, -q.",
                        cols)
    return "\n".join(out) + "\n"


def game_in_hand(args: list[str]) -> str | None:
    """The game named by --game, or that of the state in -s FILE / CLAW_STATE (a cheap look)."""
    path = None
    for i, word in enumerate(args):
        value = args[i + 1] if i + 1 < len(args) else None
        if word.startswith("--game="):
            value, word = word.split("=", 1)[1], "--game"
        elif word.startswith("--state="):
            value, word = word.split("=", 1)[1], "--state"
        if word in GAME_WORDS and value in GAMES:
            return value
        if word in STATE_WORDS and value:
            path = value
    if path is None or path == "-":
        path = os.environ.get("CLAW_STATE") or None
    return game_of_file(path) if path else None


def known(word: str) -> bool:
    from claw.cli.shell.dispatch import collect

    return word in GAMES or word in SHARED or word in collect()


def answer(args: list[str]) -> tuple[str, int]:
    """The help text for these arguments and its exit code (2 for `claw help NOSUCH`)."""
    word = args[0] if args else None
    if word is None or word.startswith("-"):
        return top_help(), 0
    if word == "help":
        topic = args[1] if len(args) > 1 else None
        if topic is None:
            return top_help(), 0
        if topic in GAMES:
            return game_help(topic), 0
        word, args = topic, args[1:]
        if not known(word):
            from claw.cli.render.suggest import hint

            near = hint(word, [*GAMES, *SHARED, *_all_verbs()], what="topics")
            return (f"claw: no help on '{word}'" + (f"; {near}" if near else "")
                    + "\nhint: see `claw help` for the games and commands\n"), 2
    return verb_help(word, game_in_hand(args[1:])), 0


def _all_verbs() -> list[str]:
    from claw.cli.shell.dispatch import collect

    return list(collect())
