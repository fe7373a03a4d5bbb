"""The `claw` entry point.

Start-up is a feature: the app registers only the command being run (argv[1]) and
each command imports its heavy modules inside its body. `claw --help` and unknown
words register everything.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import typer

# foundation commands: name → module with ``register(app)``
FOUNDATION = {
    "roll": "claw.cli.shell.commands.roll",
    "new": "claw.cli.shell.commands.new",
    "validate": "claw.cli.shell.commands.validate",
    "schema": "claw.cli.shell.commands.schema",
    "undo": "claw.cli.shell.commands.undo",
    "redo": "claw.cli.shell.commands.undo",
    "log": "claw.cli.shell.commands.log",
    "note": "claw.cli.shell.commands.note",
    "adjust": "claw.cli.shell.commands.adjust",
    "lookup": "claw.cli.shell.commands.lookup",
    "play": "claw.cli.shell.commands.play",
    "simulate": "claw.cli.shell.commands.simulate",
    "serve": "claw.cli.shell.commands.serve",
}


COMPLETION_WORDS = ("--install-completion", "--show-completion")


def make_app(completion: bool = False) -> typer.Typer:
    # typer's completion options cost start-up (shell detection), so only when asked for
    return typer.Typer(
        name="claw",
        help="Rules utilities for cats-and-vermin tabletop games: msm, ratcatcher, warriors, mice.",
        add_completion=completion,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )


def build_app(word: str | None, completion: bool = False, game: str | None = None) -> typer.Typer:
    """The app with the command ``word`` (all commands when unknown); a game command with
    only ``game``'s options when the game in hand is known (see dispatch.build)."""
    app = make_app(completion)
    if word in FOUNDATION:
        importlib.import_module(FOUNDATION[word]).register(app)
        _version(app)
        return app
    from claw.cli.shell import dispatch

    if word is not None and not word.startswith("-") and dispatch.register_all(app, only=word, game=game):
        _version(app)
        return app
    for module in dict.fromkeys(FOUNDATION.values()):  # undo's module registers redo too
        importlib.import_module(module).register(app)
    dispatch.register_all(app)
    _version(app)
    return app


HELP_WORDS = ("-h", "--help")


def _help_or_unknown(args: list[str]) -> bool:
    """Answer `claw --help`, `claw help ...`, `claw VERB --help` and an unknown command
    ourselves (claw.cli.shell.help) without building the app; True when answered."""
    word = args[0] if args else None
    if word is not None and word.startswith("-") and word not in HELP_WORDS:
        return False  # --version: typer's
    before_dashes = args[:args.index("--")] if "--" in args else args
    if word is None or word == "help" or any(a in HELP_WORDS for a in before_dashes):
        from claw.cli.shell import help as helptext

        text, code = helptext.answer(args)
        _write_help(text, to_stdout=code == 0, debug="--debug" in args)
        if code:
            raise SystemExit(code)
        return True
    from claw.cli.framework.adapter import commands_of
    from claw.cli.shell.dispatch import collect, game_guess

    guess = game_guess(args)
    if guess is not None and word in commands_of(guess):
        return False  # the game in hand has it: no need to load every adapter to know
    verbs = collect()
    if word in verbs:
        return False
    from claw.cli.framework.runner import guard
    from claw.cli.render.wording import unknown_command

    def refuse() -> int:
        raise unknown_command(word, command_words(guess), guess)

    raise SystemExit(guard(refuse))


def command_words(game: str | None) -> list[str]:
    """The command words a suggestion may name: the shared ones and, when the game in hand
    is known, its own verbs only (never another game's); else every game's."""
    from claw.cli.framework.adapter import commands_of
    from claw.cli.shell.dispatch import collect

    verbs = list(commands_of(game)) if game is not None else list(collect())
    return [*FOUNDATION, *verbs, "help"]


def _write_help(text: str, *, to_stdout: bool, debug: bool) -> None:
    """Help text through claw's streams: ASCII stand-ins where the encoding lacks a glyph,
    and a closed or broken stdout answered by the one error handler, not a traceback."""
    from claw.cli.framework.runner import guard
    from claw.cli.render.output import Output

    output = Output()
    stream = output.out if to_stdout else output.errors
    code = guard(lambda: stream.write_raw(text), debug=debug, output=output)
    if code:
        raise SystemExit(code)


def _names_app() -> typer.Typer:
    """For completing the command word: the commands by name and summary, nothing built —
    the game in hand's own when CLAW_STATE names one (claw.cli.shell.completion.command_names),
    and `help` with its topics."""
    from claw.cli.framework.adapter import GAMES, commands_of
    from claw.cli.shell.completion import command_names, for_help_topic, game_in_env
    from claw.cli.shell.dispatch import collect
    from claw.cli.shell.help_turns import RULES, SHARED

    app = make_app(completion=True)
    game = game_in_env()
    specs = {v: {game: c} for v, c in commands_of(game).items()} if game in GAMES else collect()
    for verb in command_names(game):
        summary = SHARED.get(verb) or RULES.get(verb) or next(iter(specs[verb].values())).help.split(". ")[0]
        app.command(name=verb, help=summary)(lambda: None)

    @app.command(name="help", help="Help on a game or a command.")
    def help_names(topic: str = typer.Argument("", autocompletion=for_help_topic)) -> None:
        pass

    _version(app)
    return app


def _version(app: typer.Typer) -> None:
    def show_version(value: bool) -> None:
        if value:
            from claw import __version__

            print(f"claw {__version__}")
            raise typer.Exit(0)

    @app.callback()
    def root(version: bool = typer.Option(False, "--version", callback=show_version,
                                          is_eager=True, help="Print the version and exit.")) -> None:
        """Rules utilities for cats-and-vermin tabletop games."""


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if "_CLAW_COMPLETE" not in os.environ and args and args[0].partition("=")[0] in COMPLETION_WORDS:
        from claw.cli.shell import shells

        sys.exit(shells.main(args))  # each shell's own script (claw.cli.shell.shells)
    if "_CLAW_COMPLETE" in os.environ:
        from claw.cli.shell.completion import completing, verb_being_completed

        # a completion answer builds only the command being completed (or all, for its name)
        word = verb_being_completed() if completing() else None
        app = _names_app() if completing() and word in (None, "help") else build_app(word, completion=True)
        app(args=args, prog_name="claw")
        return
    if args[:1] == ["help"] and len(args) > 1 and args[1] in FOUNDATION:
        args = [args[1], "--help"]  # a shared command's own help
    word = args[0] if args else None
    if word not in FOUNDATION and _help_or_unknown(args):
        return
    from claw.cli.framework.runner import guard

    # one error handler for everything, the click layer included: `claw: ...`, never a traceback
    sys.exit(guard(lambda: run_game_aware(word, args), debug="--debug" in args))


def run_game_aware(word: str | None, args: list[str]) -> int:
    """Run the command built for the game the command line names (--game, or the state
    file's own ``game``): fewer options to build. With no game known before the read (a
    state on stdin), the command takes every game's options and the runner picks."""
    if word in FOUNDATION:
        return run_click(build_app(word), args)
    from claw.cli.shell.dispatch import game_guess

    return run_click(build_app(word, game=game_guess(args)), args)


def run_click(app: typer.Typer, args: list[str], obj: Any = None) -> int:
    """Run the click app without its own error printing: click's usage errors are shown the
    way claw shows its own (``claw: ...`` and a hint line), exit 2. ``obj``: the store the
    commands use (None: files; `claw play` passes its session)."""
    from typer.exceptions import Abort

    from claw.cli.shell.bridge import click_errors as errors

    click_errors = errors()
    try:
        code = app(args=args, prog_name="claw", standalone_mode=False, obj=obj)
    except click_errors.NoArgsIsHelpError as exc:  # bare `claw`: the help, as before
        exc.show()
        return exc.exit_code
    except click_errors.UsageError as exc:
        from claw.cli.render.output import Output

        output = Output()
        unknown = _unknown_word(exc, args)
        if unknown is not None:  # click's own "Did you mean" would name every game's verbs
            from claw.cli.framework.runner import guard
            from claw.cli.render.wording import unknown_command

            envelope = getattr(obj, "envelope", None)
            game = envelope["game"] if isinstance(envelope, dict) else None

            def refuse() -> int:
                raise unknown_command(unknown, command_words(game), game)

            return guard(refuse, output=output)
        message = " ".join(exc.format_message().split())
        if isinstance(exc, click_errors.NoSuchOption) and exc.ctx is not None:
            message = _no_such_option(exc.option_name, exc.ctx.command)
        output.error(message[:1].lower() + message[1:] if message[1:2].islower() else message)
        path = _command_path(exc, app, args)
        word = getattr(exc, "option_name", None) or ""
        if isinstance(exc, click_errors.NoSuchOption) and word[1:2].isdigit():  # `claw roll -1d6`
            typed = next((a for a in args if a.startswith(word)), word)
            output.error_hint(f"an argument that starts with '-' goes after `--`: {path} -- {typed}")
        else:
            output.error_hint(f"see `{path} --help`")
        return exc.exit_code
    except click_errors.ClickException as exc:  # e.g. a file option click could not open
        from claw.cli.render.output import Output

        Output().error(" ".join(exc.format_message().split()))
        return exc.exit_code
    except Abort:
        raise KeyboardInterrupt from None
    return code if isinstance(code, int) else 0


def _unknown_word(exc, args: list[str]) -> str | None:
    """The command word click could not find, when that is what ``exc`` says."""
    group = exc.ctx.command if exc.ctx is not None else None
    commands = getattr(group, "commands", None)
    word = args[0] if args else None
    if commands is None or word is None or word.startswith("-") or word in commands:
        return None
    return word


def _command_path(exc, app: typer.Typer, args: list[str]) -> str:
    """`claw VERB` for the hint line: click leaves the context out of some errors (an option
    missing its value), and the hint must still point at the command's own help."""
    path = exc.ctx.command_path if exc.ctx is not None else "claw"
    if path == "claw" and args and not args[0].startswith("-"):
        names = {info.name for info in app.registered_commands}
        if args[0] in names:
            return f"claw {args[0]}"
    return path


def _no_such_option(flag: str, command) -> str:
    """click lists every option sharing a few letters; say the one meant, as game commands do."""
    from claw.cli.render.suggest import hint

    shown = [name for param in command.params if not getattr(param, "hidden", False)
             for name in getattr(param, "opts", []) if name.startswith("--")]
    from claw.core.errors import quoted

    near = hint(flag, shown, show_all=0)
    return f"no such option: {flag if flag.isprintable() else quoted(flag)}" + (f"; {near}" if near else "")
