"""Which game's command a verb runs, chosen by the runner once it has read the state.

A verb several games share is one command line (claw.cli.shell.dispatch builds it from
the games' specs); what runs is the spec of the state's game. The shell hands the runner
a :class:`Choice` — the specs and the option values as parsed, plain data — and the runner
calls :meth:`Choice.pick` with the game it read: nothing calls back into the shell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from claw.cli.framework.spec import Command, Opt
from claw.core.errors import UsageError

# the common options' flags, offered by "did you mean" beside a game's own
COMMON_FLAGS = ("--state", "--in-place", "--output", "--quiet", "--json", "--seed", "--dice", "--game")


class Picked:
    """What runs: the handler (positionals parsed by their kinds first), whether it needs
    and changes a state, and its options' values by name."""

    __slots__ = ("handler", "needs_state", "changes_state", "opts")

    def __init__(self, handler: Callable, needs_state: bool, changes_state: bool, opts: dict) -> None:
        self.handler, self.needs_state, self.changes_state, self.opts = handler, needs_state, changes_state, opts


class Choice:
    """One verb's command line as parsed, for every game the command was built with.

    ``per_game``: the specs the command line was built from; ``known``: every game that has
    the verb (for the message when the state's game has not); ``values``: the parsed option
    values by name; ``options`` and ``owners``: each option name's spec and the games that
    have it; ``built_for``: the game the command line was built for alone (its options
    only), known before the read from --game or the state file's own ``game``."""

    __slots__ = ("verb", "per_game", "known", "values", "options", "owners", "built_for")

    def __init__(self, verb: str, per_game: Mapping[str, Command], known: Mapping[str, Command],
                 values: dict[str, Any], options: Mapping[str, Opt], owners: Mapping[str, list[str]],
                 built_for: str | None = None) -> None:
        self.verb, self.per_game, self.known, self.values = verb, per_game, known, values
        self.options, self.owners, self.built_for = options, owners, built_for

    def pick(self, game: str | None, source: str | None = None) -> Picked:
        verb = self.verb
        if self.built_for is not None and game != self.built_for:
            # the game was read from the file before the command line was built; only a file
            # replaced in between can differ now
            from claw.core.errors import InvalidInput

            raise InvalidInput(f"{source or 'the state'}: its game changed while claw read it "
                               f"({self.built_for}, then {game}); nothing done, run the command again")
        if game is None:
            from claw.cli.render.wording import needs_state

            specs = list(self.known.values())  # --game is offered only where it answers something
            raise needs_state(verb, stateless=any(not c.needs_state for c in specs),
                              changes=not specs or any(c.changes_state for c in specs))
        spec = self.per_game.get(game)
        if spec is None:
            from claw.cli.render.wording import foreign_verb

            raise foreign_verb(verb, self.known, game, from_state=source is not None)
        given = {k for k, v in self.values.items() if v not in (None, False, [])}
        foreign = sorted(given - {o.name for o in spec.options})
        if foreign:
            flag = self.options[foreign[0]].flag
            whose = ", ".join(self.owners[foreign[0]])
            raise UsageError(f"{flag} is not an option of `claw {verb}` in {game} (it is {whose}'s)"
                             + near(flag, spec))
        opts = {o.name: self.values.get(o.name) for o in spec.options}
        from claw.cli.framework.adapter import adapter, import_target

        handler = import_target(spec.handler)
        if spec.args:
            handler = checked(handler, spec, game, verb, adapter(game).state_gate)
        return Picked(handler, spec.needs_state, spec.changes_state, opts)


def checked(handler, spec: Command, game: str, verb: str, gate=None):
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


def near(flag: str, spec: Command) -> str:
    """"; did you mean …?" among the game's flags for this verb and the common ones."""
    from claw.cli.render.suggest import hint

    flags = [o.flag for o in spec.options if not o.hidden]  # aliases and retired options: accepted, never suggested
    said = hint(flag.split("=")[0], flags + list(COMMON_FLAGS), what="options", show_all=0)
    if said:
        return "; " + said
    return f"; its options: {', '.join(flags)}" if flags else "; it takes only the common options"
