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

from claw.cli.framework.adapter import GAMES, commands_of, import_target
from claw.cli.framework.runner import Common, guard, run_state_command
from claw.cli.framework.spec import Command, Opt
from claw.cli.render.output import Output
from claw.cli.shell import help_turns
from claw.cli.shell.options import COMMON
from claw.cli.store.stores import FILES
from claw.core.errors import ClawError, IllegalAction, InvalidInput, UsageError

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


def _typer_param(opt: Opt, games: list[str], aliases: list[str], completers: bool = True) -> inspect.Parameter:
    base = opt.type
    annotation: Any = list[base] if opt.multiple else (base if base is bool else Optional[base])  # type: ignore[valid-type]  # noqa: UP045
    default = opt.default if opt.default is not None else ([] if opt.multiple else (False if base is bool else None))
    names = [opt.flag] + aliases + ([opt.short] if opt.short else [])
    where = "" if len(games) == len(GAMES) else f" [{', '.join(games)}]"
    complete = None
    if (opt.choices or opt.kind) and completers:
        from claw.cli.shell.completion import for_option

        complete = for_option(opt.choices, opt.kind)
    # every number a user types has a limit (docs/conventions.md): no game counts, rolls or
    # modifies anything by a million, and a huge one only makes huge work or text
    bound = MAX_OPTION_INT if base is int else None
    info = typer.Option(*names, help=(opt.help + where).strip(), autocompletion=complete,
                        min=-bound if bound else None, max=bound)
    return inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY,
                             default=default, annotation=Annotated[annotation, info])


class BuildForAll(BaseException):
    """The command was built for the game guessed from the command line, and the state (or a
    flag) says otherwise: main builds it again with every game's options and runs it again.
    A BaseException, so the command's error guard lets it through; raised before anything
    is read from stdin, printed or written."""


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
        common = Common(**{k: kwargs.pop(k) for k in COMMON})
        output = Output(quiet=common.quiet)

        def resolve(game: str | None):
            if built_for is not None and game != built_for:
                raise BuildForAll  # the state is another game's than its head suggested
            if game is None:
                raise UsageError(f"`claw {verb}` needs a state (-s FILE) or --game GAME")
            spec = per_game.get(game)
            if spec is None:
                raise IllegalAction(f"{game} has no '{verb}' rule in claw"
                                    + (f" (games with it: {', '.join(full)})" if full else ""))
            given = {k for k, v in kwargs.items() if v not in (None, False, [])}
            foreign = sorted(given - {o.name for o in spec.options})
            if foreign:
                flag = options[foreign[0]].flag
                whose = ", ".join(owners[foreign[0]])
                raise UsageError(f"{flag} is not an option of `claw {verb}` in {game} (it is {whose}'s)"
                                 + _near(flag, spec))
            opts = {o.name: kwargs.get(o.name) for o in spec.options}
            handler = import_target(spec.handler)
            if spec.args:
                from claw.cli.framework.adapter import adapter

                handler = _checked(handler, spec, game, verb, adapter(game).state_gate)
            return handler, spec.needs_state, spec.changes_state, opts

        def body() -> int:
            stray = next((a for a in args if _looks_like_option(a)), None)
            if stray is not None:  # unknown to every game (known flags are parsed by click)
                if built_for is not None:
                    raise BuildForAll  # maybe another game's flag: answer it with every game's options
                raise _no_such_option(stray, verb, per_game, common)
            if common.game is None and not common.state and kwargs.get("map"):
                common.game = _game_of_map(kwargs["map"])  # `claw los --map FILE` needs no --game
            return run_state_command(
                command=verb, args=args, opts={}, common=common, handler=None,
                needs_state=bool(full) and all(c.needs_state for c in full.values()),
                changes_state=True, output=output, resolve=resolve,
                store=store if hasattr(store, "in_memory") else FILES)

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
    params += [_typer_param(o, owners[name], list(aliases[name]), completers) for name, o in options.items()]
    params += [inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=_default(k), annotation=a)
               for k, a in COMMON.items()]
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]  # typer reads it
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__name__ = verb.replace("-", "_")
    # unknown options reach ARGS, where resolve() answers them for the game in hand
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


def _checked(handler, spec: Command, game: str, verb: str, gate=None):
    """The handler, run on the positionals parsed by their kinds (claw.cli.framework.kinds: one parse,
    one error and one "did you mean" per kind), after the game's ``STATE_GATE`` (if any) has
    refused a state it cannot use (exit 3 or 4: names read from such a state would mislead)."""

    def run(call) -> None:
        from claw.cli.framework.kinds import parse_args

        if gate is not None and call.state is not None:
            gate(call)
        call.values = parse_args(verb, spec, game, call.state, call.args)
        handler(call)

    return run


COMMON_FLAGS = ("--state", "--in-place", "--output", "--quiet", "--json", "--seed", "--dice", "--game")


def _looks_like_option(word: str) -> bool:
    """``--flag`` or ``-x``, but not a negative number or a lone ``-`` (stdin)."""
    if not word.startswith("-") or word == "-":
        return False
    try:
        float(word)
    except ValueError:
        return True
    return False


def _near(flag: str, spec: Command) -> str:
    """"; did you mean …?" among the game's flags for this verb and the common ones."""
    from claw.cli.render.suggest import hint

    flags = [o.flag for o in spec.options]  # hidden aliases are accepted, never suggested
    said = hint(flag.split("=")[0], flags + list(COMMON_FLAGS), what="options", show_all=0)
    if said:
        return "; " + said
    own = [o.flag for o in spec.options]
    return f"; its options: {', '.join(own)}" if own else "; it takes only the common options"


def _no_such_option(stray: str, verb: str, per_game: dict[str, Command], common: Common) -> ClawError:
    """`claw: no such option: --defens; did you mean --defence?` for the game in hand when it
    is known (--game, -s FILE, CLAW_STATE: a cheap look), else over every game's options."""
    from claw.cli.framework.runner import with_hint
    from claw.cli.render.suggest import hint
    from claw.cli.shell.help import game_in_hand

    flag = stray.split("=")[0]
    game = common.game or game_in_hand(["--state", common.state] if common.state else [])
    spec = per_game.get(game) if game else None
    if spec is not None:
        return with_hint(UsageError(f"no such option: {flag} (for `claw {verb}` in {game})" + _near(flag, spec)),
                         f"see `claw {verb} --help --game {game}`")
    flags = [o.flag for c in per_game.values() for o in c.options]
    near = hint(flag, flags + list(COMMON_FLAGS), what="options", show_all=0)
    return with_hint(UsageError(f"no such option: {flag}" + (f"; {near}" if near else "")),
                     f"see `claw {verb} --help`")


def game_guess(args: list[str]) -> str | None:
    """The game of this run as the command line tells it, before anything is parsed: --game,
    else the ``"game"`` near the head of the -s FILE or CLAW_STATE file (a regex, no JSON);
    None for a state on stdin or no clue. Only a guess: run_state_command checks it against
    the state it reads (BuildForAll)."""
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
