"""Game commands: one typer command per verb, dispatching on the state's game.

Each game adapter declares its verbs and options (``claw.cli.framework.spec``); a verb several
games share becomes one command whose options are the union. The signature is built
at run time because the option set is data.
"""

from __future__ import annotations

import inspect
import os
from typing import Annotated, Any, Optional

import typer

from claw.cli.framework.adapter import GAMES, commands_of
from claw.cli.framework.choose import COMMON_FLAGS, Choice
from claw.cli.framework.choose import near as near_flags
from claw.cli.framework.runner import Common, guard, run_state_command
from claw.cli.framework.spec import Command, Opt
from claw.cli.render.output import Output
from claw.cli.shell import help_turns
from claw.cli.shell.options import COMMON
from claw.cli.store.stores import FILES
from claw.core.errors import ClawError, InvalidInput, UsageError

# The rule commands of the design exist for every game, implemented or not.
RULE_VERBS = ("attack", "spawn", "los", "tavern", "hunt", "heal", "scenario-step")
RULE_HELP = {**help_turns.RULES, "show": help_turns.SHARED["show"]}  # one summary per verb
ALWAYS = RULE_VERBS + ("show",)


def collect() -> dict[str, dict[str, Command]]:
    """verb → {game: Command} over every game adapter."""
    verbs: dict[str, dict[str, Command]] = {v: {} for v in ALWAYS}
    for game in GAMES:
        for verb, command in commands_of(game).items():
            verbs.setdefault(verb, {})[game] = command
    return verbs


def merged_options(per_game: dict[str, Command]) -> dict[str, Opt]:
    merged: dict[str, Opt] = {}
    for game, command in per_game.items():
        for opt in command.options:
            if opt.name in COMMON:
                raise RuntimeError(f"{game}: option {opt.flag} clashes with a common option")
            seen = merged.get(opt.name)
            if seen is not None and (seen.type, seen.multiple) != (opt.type, opt.multiple):
                raise RuntimeError(f"{opt.flag} has different types in two games")
            merged.setdefault(opt.name, opt)
    return merged


MAX_OPTION_INT = 1_000_000


def _completing() -> bool:
    """Is the shell asking for completions? Only then (or when every command is built, as
    `claw play` does for its completion) do commands need their completers and the
    completion module: a normal run of one command spares the import and the callbacks."""
    return "_CLAW_COMPLETE" in os.environ


def _typer_param(opt: Opt, games: list[str], aliases: list[str], completers: bool = True,
                 per_game: dict[str, Command] | None = None) -> inspect.Parameter:
    base = opt.type
    annotation: Any = list[base] if opt.multiple else (base if base is bool else Optional[base])  # type: ignore[valid-type]  # noqa: UP045
    default = opt.default if opt.default is not None else ([] if opt.multiple else (False if base is bool else None))
    names = [opt.flag] + aliases + ([opt.short] if opt.short else [])
    where = "" if len(games) == len(GAMES) else f" [{', '.join(games)}]"
    complete = None
    if (opt.choices or opt.kind) and completers:
        from claw.cli.shell.completion import for_option

        complete = for_option(opt, per_game or {})
    # every number a user types has a limit (docs/conventions.md): no game counts, rolls or
    # modifies anything by a million, and a huge one only makes huge work or text
    bound = MAX_OPTION_INT if base is int else None
    info = typer.Option(*names, help=(opt.help + where).strip(), autocompletion=complete,
                        min=-bound if bound else None, max=bound, hidden=opt.hidden)
    return inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY,
                             default=default, annotation=Annotated[annotation, info])


def build(app: typer.Typer, verb: str, per_game: dict[str, Command], game: str | None = None,
          completers: bool = True) -> None:
    """One typer command for ``verb``: the union of the games' options, or, when the game in
    hand is known from the command line (``game``), that game's options only — each option
    costs typer and click about as much as a small import."""
    full = per_game
    if game is not None and game in per_game:
        per_game = {game: per_game[game]}
    else:
        game = None
    options = merged_options(per_game)
    owners: dict[str, list[str]] = {name: [] for name in options}
    aliases: dict[str, dict[str, None]] = {name: {} for name in options}  # ordered, no repeats
    for g, c in per_game.items():  # one pass: Opt.name is computed, and verbs have many options
        for o in c.options:
            name = o.name
            if g not in owners[name]:
                owners[name].append(g)
            aliases[name].update(dict.fromkeys(o.aliases))
    help_text = RULE_HELP.get(verb) or next(iter(full.values())).help
    shared = verb in RULE_HELP or len(full) > 1  # else the game's help is the command's help
    usages = [f"  {g}: claw {verb} {c.usage}".rstrip() + (f" — {c.help}" if c.help and shared else "")
              for g, c in full.items()]
    if usages:
        help_text += "\n\n\b\n" + "\n".join(usages)
    else:
        help_text += "\n\nNo game implements this rule yet."

    built_for = game

    def command(**kwargs: Any) -> None:
        store = kwargs.pop("ctx").find_root().obj  # `claw play` runs us with its session as the store
        args = kwargs.pop("args") or []
        watching = kwargs.pop("watch", False)
        common = Common(**{k: kwargs.pop(k) for k in COMMON})
        output = Output(quiet=common.quiet)
        choice = Choice(verb, per_game, full, kwargs, options, owners, built_for)

        def body() -> int:
            stray = next((a for a in args if _looks_like_option(a)), None)
            if stray is not None:  # unknown to the games the command was built with
                choice_all = _with_foreign(choice, stray) if built_for is not None else None
                if choice_all is None:
                    raise _no_such_option(stray, verb, per_game if built_for is None else collect()[verb], common)
                return _run(choice_all)
            if common.game is None and not common.state and kwargs.get("map"):
                common.game = _game_of_map(kwargs["map"])  # `claw los --map FILE` needs no --game
            return _run(choice)

        def _run(chosen: Choice) -> int:
            return run_state_command(
                command=verb, args=args, opts={}, common=common, handler=None,
                needs_state=bool(full) and all(c.needs_state for c in full.values()),
                changes_state=True, output=output, choice=chosen,
                store=store if hasattr(store, "in_memory") else FILES)

        if watching:
            from claw.cli.commands.watch import watch

            refused = [f"--{k}" for k in ("svg", "png", "dot") if kwargs.get(k)] + (["--json"] if common.json else [])
            code = guard(lambda: watch(lambda: guard(body, debug=common.debug, output=Output(quiet=common.quiet)),
                                       common.state, refused, store if hasattr(store, "in_memory") else FILES),
                         debug=common.debug, output=output)
        else:
            code = guard(body, debug=common.debug, output=output)
        raise typer.Exit(code)

    complete_args = None
    if completers:
        from claw.cli.shell.completion import for_args

        complete_args = for_args(per_game)
    params = [inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)]
    params += [inspect.Parameter("args", inspect.Parameter.KEYWORD_ONLY, default=None,
                                annotation=Annotated[list[str] | None, typer.Argument(
                                    metavar="ARGS...", help="Figures, squares or names, per game.",
                                    autocompletion=complete_args)])]
    params += [_typer_param(o, owners[name], list(aliases[name]), completers, per_game)
               for name, o in options.items()]
    if verb == "show":  # every game's show: the shell's loop, not a game's option (claw.cli.commands.watch)
        params.append(inspect.Parameter("watch", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=Annotated[
            bool, typer.Option("--watch", help="Redraw whenever the state file changes (Ctrl-C stops).")]))
    params += [inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=_default(k), annotation=a)
               for k, a in COMMON.items()]
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]  # typer reads it
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__name__ = verb.replace("-", "_")
    # unknown options reach ARGS, where the command's body answers them for the game in hand
    app.command(name=verb, help=help_text, cls=_completing_command(per_game),
                context_settings={"ignore_unknown_options": True})(command)


def _completing_command(per_game: dict[str, Command]) -> type:
    """The click command class of a verb: its Tab completion of option names offers the
    game in hand's options only (claw.cli.shell.completion.shown_options)."""
    from claw.cli.shell.bridge import typer_command_class

    TyperCommand = typer_command_class()

    def shell_complete(self, ctx, incomplete):
        offered = TyperCommand.shell_complete(self, ctx, incomplete)
        if not incomplete.startswith("-"):
            return offered
        from claw.cli.shell.completion import shown_options

        return shown_options(ctx, per_game, offered)

    return type("GameCommand", (TyperCommand,), {"shell_complete": shell_complete})


def _looks_like_option(word: str) -> bool:
    """``--flag`` or ``-x``, but not a negative number or a lone ``-`` (stdin)."""
    if not word.startswith("-") or word == "-":
        return False
    try:
        float(word)
    except ValueError:
        return True
    return False


def _with_foreign(choice: Choice, stray: str) -> Choice | None:
    """The choice over every game's options when ``stray`` is another game's flag for this
    verb (the runner then says whose, once the state is read); None when no game has it."""
    flag = stray.split("=")[0]
    per_game = collect()[choice.verb]
    options = merged_options(per_game)
    owners: dict[str, list[str]] = {name: [] for name in options}
    found = None
    for g, c in per_game.items():
        for o in c.options:
            owners[o.name].append(g)
            if flag == o.flag or flag in o.aliases or flag == o.short:
                found = o.name
    if found is None:
        return None
    return Choice(choice.verb, per_game, per_game, {**choice.values, found: True}, options, owners,
                  choice.built_for)


def _no_such_option(stray: str, verb: str, per_game: dict[str, Command], common: Common) -> ClawError:
    """`claw: no such option: --defens; did you mean --defence?` for the game in hand when it
    is known (--game, -s FILE, CLAW_STATE: a cheap look), else over every game's options."""
    from claw.cli.render.suggest import hint
    from claw.cli.render.wording import with_hint
    from claw.cli.shell.help import game_in_hand

    flag = stray.split("=")[0]
    game = common.game or game_in_hand(["--state", common.state] if common.state else [])
    spec = per_game.get(game) if game else None
    if spec is not None:
        return with_hint(UsageError(f"no such option: {flag} (for `claw {verb}` in {game})" + near_flags(flag, spec)),
                         f"see `claw {verb} --help --game {game}`")
    flags = [o.flag for c in per_game.values() for o in c.options if not o.hidden]
    near = hint(flag, flags + list(COMMON_FLAGS), what="options", show_all=0)
    return with_hint(UsageError(f"no such option: {flag}" + (f"; {near}" if near else "")),
                     f"see `claw {verb} --help`")


def game_guess(args: list[str]) -> str | None:
    """The game of this run as the command line tells it, before anything is parsed: --game,
    else the top-level ``"game"`` of the -s FILE or CLAW_STATE file (read exactly, up to that
    key: claw.cli.framework.adapter.game_of_file); None for a state on stdin or no clue. The
    runner checks it against the state it reads (claw.cli.framework.choose)."""
    path = None
    before_dashes = args[:args.index("--")] if "--" in args else args
    for i, word in enumerate(before_dashes):
        key, eq, value = word.partition("=")
        if not eq:
            key, value = word, (args[i + 1] if i + 1 < len(args) else "")
        if key == "--game":
            return value if value in GAMES else None
        if key in ("-s", "--state"):
            path = value
    if path is None:
        path = os.environ.get("CLAW_STATE") or None
    if not path or path == "-":
        return None
    from claw.cli.framework.adapter import game_of_file

    return game_of_file(path)


def _game_of_map(path: str) -> str | None:
    """The ``game:`` of a scenario file named by ``--map`` (a cheap look, no YAML parser)."""
    import re

    try:
        with open(path, encoding="utf-8") as handle:
            head = handle.read(65536)
    except FileNotFoundError:
        raise InvalidInput(f"--map: no such file: {path}") from None
    except (OSError, UnicodeDecodeError):
        return None  # the handler reports the unreadable file properly
    match = re.search(r"^game:\s*[\"']?([a-z]+)", head, re.M)
    return match.group(1) if match and match.group(1) in GAMES else None


def _default(name: str) -> Any:
    return False if name in ("in_place", "quiet", "json", "debug") else None


def register_all(app: typer.Typer, only: str | None = None, game: str | None = None) -> bool:
    if only is not None and game is not None:
        own = commands_of(game).get(only)
        if own is not None:  # the game in hand has the verb: the other adapters need not load
            build(app, only, {game: own}, game, completers=_completing())
            return True
    verbs = collect()
    if only is not None:
        if only not in verbs:
            return False
        build(app, only, verbs[only], game, completers=_completing())
        return True
    for verb, per_game in verbs.items():
        build(app, verb, per_game)
    return True
