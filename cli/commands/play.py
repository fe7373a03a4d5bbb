"""`claw play`: a whole game in one process — an interactive session on a terminal, or a
script of claw commands (one per line)."""

from __future__ import annotations

DATA_SUFFIXES = (".yaml", ".yml", ".json")
REDRAW = ("changed", "always", "never")


def _split(words: list[str]) -> tuple[list[str], str | None, list[str]]:
    """(scenario files, the script or None, game options for `new`, e.g. ``--heroes a,b``)."""
    from claw.core.errors import UsageError

    flags = _new_value_flags()
    scenarios: list[str] = []
    scripts: list[str] = []
    extra: list[str] = []
    takes_value = False
    for word in words:
        if takes_value:
            extra.append(word)
            takes_value = False
        elif word.startswith("--"):
            extra.append(word)
            takes_value = "=" not in word and word in flags
        elif word.lower().endswith(DATA_SUFFIXES):
            scenarios.append(word)
        else:
            scripts.append(word)
    if len(scripts) > 1:
        raise UsageError(f"one script at a time: {', '.join(scripts)}")
    if extra and not scenarios:
        raise UsageError(f"{extra[0]}: not an option of `claw play` (game options need a scenario to start)")
    return scenarios, (scripts[0] if scripts else None), extra


def _new_value_flags() -> set[str]:
    """The game options of `claw new` that take a value (the adapters' NEW_OPTIONS)."""
    from claw.cli.framework.adapter import GAMES, adapter

    return {opt.flag for game in GAMES for opt in adapter(game).new_options if opt.type is not bool}


def _folder(source: str | None, output_file: str | None) -> str:
    """The folder the session's state lives in (its stored paths are relative to it)."""
    import os
    import sys

    from claw.cli.store import statefile

    if source == "-":
        return statefile.stream_folder(sys.stdin) or "."
    if source is not None:
        return os.path.dirname(os.path.realpath(source))
    if output_file not in (None, "-"):
        return os.path.dirname(os.path.realpath(output_file))
    return statefile.stream_folder(sys.stdout) or "."


def full_screen(plain: bool) -> bool:
    """The full-screen session, unless asked for the line one or the terminal cannot show it."""
    import os
    import sys

    return not plain and os.environ.get("TERM") != "dumb" and sys.stdout is not None and sys.stdout.isatty()


def run(words, state, in_place, output_file, seed, keep_going, redraw, quiet, output, plain=False) -> int:
    import sys

    from claw.cli.session.engine import Session
    from claw.cli.store import statefile
    from claw.core.errors import InvalidInput, UsageError

    if redraw not in REDRAW:
        raise UsageError(f"--redraw must be one of {', '.join(REDRAW)}: {redraw}")
    scenarios, script, extra = _split(words)
    interactive = script is None and sys.stdin is not None and sys.stdin.isatty()
    if script is None and not interactive:
        script = "-"
    if scenarios and state:
        raise UsageError("give scenario files to start a game or -s FILE to go on with one, not both")
    if seed is not None and not scenarios:
        raise UsageError("--seed starts a game: give the scenario files too (the state keeps its own dice)")
    envelope = text = source = None
    table_mode = False
    if not scenarios:
        source = state or statefile.env_state()
        table_mode = not state and source is not None
        if source is None:
            raise UsageError("claw play needs a game: -s FILE, CLAW_STATE, or scenario files (and --seed N)")
        if source == "-" and script == "-":
            raise UsageError("the state and the script cannot both come from stdin: give the script as a file")
        if source == "-" and interactive:
            raise UsageError("an interactive session needs the state from a file (-s FILE), not stdin")
        from claw.cli.framework.state_rules import STATE_RULES

        envelope, _, text = statefile.load_any(source, STATE_RULES)
    file_source = source if source not in (None, "-") else None
    if interactive:
        path = output_file if output_file not in (None, "-") else file_source
        autosave = path is not None
        stdout_to_stderr = False
    else:
        autosave = bool(in_place or (table_mode and not output_file))
        if autosave and file_source is None:
            raise UsageError("-i/--in-place needs a state file (-s FILE)")
        path = file_source if autosave else None
        stdout_to_stderr = not autosave and output_file in (None, "-")
    session = Session(envelope, path=path, autosave=autosave, saved_text=text if path == file_source else None,
                      quiet=quiet, stdout_to_stderr=stdout_to_stderr, folder=_folder(source, output_file))
    if session.saved_text is not None:
        session.remember_file()
    if scenarios:
        # `new` stores paths relative to where the state goes, as `claw new -o FILE` does
        target = ["-o", output_file] if output_file not in (None, "-") else []
        start = ["new", *scenarios, *(["--seed", str(seed)] if seed is not None else []), *target, *extra]
        code = session.run_words(start)
        if code:
            return code
    if interactive and full_screen(plain):
        from claw.cli.session.screen import fullscreen_session

        return fullscreen_session(session)
    if interactive:
        from claw.cli.session.interactive import interactive_session

        return interactive_session(session, redraw=redraw, output=output)
    assert script is not None
    if script == "-":  # bytes where there are: each line is decoded (and refused) on its own
        code = session.run_script(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>", keep_going)
    else:
        try:
            handle = open(script, "rb")  # noqa: SIM115 (closed below, lines read lazily)
        except OSError as exc:
            raise InvalidInput(f"cannot read script {script}: {exc.strerror or exc}") from None
        with handle:
            code = session.run_script(handle, script, keep_going)
    if not autosave:
        session.write_final(output_file, output)
    return code
