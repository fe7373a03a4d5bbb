"""`claw --show-completion [SHELL]` and `claw --install-completion [SHELL]`: one completion
script per shell (bash, zsh, fish), each asking `claw` itself for the words
(claw.cli.shell.completion answers, through typer's completion protocol). Any other shell
is refused with the supported list (exit 2), as is a shell claw cannot detect.

bash splits words at ``:`` and ``=`` (COMP_WORDBREAKS), so its script hands claw the words
of the line as typed and takes back off each answer what bash already split away (the
``0:`` of a Ratcatcher connector ``0:e``).
"""

from __future__ import annotations

import os
from pathlib import Path

SUPPORTED = ("bash", "zsh", "fish")

BASH = r"""# claw completion for bash: source it from ~/.bashrc (claw --install-completion bash)
_claw_completion() {
    local line="${COMP_LINE:0:COMP_POINT}" cur drop cword
    local -a words
    read -ra words <<< "$line"
    if [[ -z $line || $line == *[[:space:]] ]]; then words+=(""); fi
    cword=$(( ${#words[@]} - 1 ))
    cur=${words[cword]}
    drop=${cur%"${COMP_WORDS[COMP_CWORD]}"}  # the part of the word bash split off (0: of 0:e)
    local IFS=$'\n'
    COMPREPLY=( $(env COMP_WORDS="${words[*]}" COMP_CWORD="$cword" _CLAW_COMPLETE=complete_bash "$1" 2>/dev/null) )
    [[ -n $drop ]] && COMPREPLY=( "${COMPREPLY[@]#"$drop"}" )
    return 0
}
complete -o default -F _claw_completion claw
"""

ZSH = r"""#compdef claw
# claw completion for zsh: a file _claw on $fpath (claw --install-completion zsh)
_claw() {
  local -a found
  found=( ${(f)"$(env COMP_WORDS="${words[1,CURRENT]}" COMP_CWORD=$(( CURRENT - 1 )) \
                  _CLAW_COMPLETE=complete_bash claw 2>/dev/null)"} )
  if (( ${#found} )); then
    [[ $PREFIX == -*=* ]] && compset -P 1 '*='  # --flag=VALUE: claw answers the value
    compadd -- "${found[@]}"
  else
    _files
  fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _claw "$@"
else
  compdef _claw claw
fi
"""

FISH = r"""# claw completion for fish: ~/.config/fish/completions/claw.fish (claw --install-completion fish)
function __claw_complete
    set -l token (commandline -ct)
    set -l found (env _CLAW_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args \
                      _TYPER_COMPLETE_ARGS=(commandline -cp) claw 2>/dev/null)
    set found (string match -v -- '' $found)
    if not set -q found[1]
        __fish_complete_path $token
        return
    end
    # --flag=VALUE: claw answers the value, fish completes the whole token
    set -l head (string match -r -- '^-[^=]*=' $token)
    for word in $found
        if set -q head[1]; and not string match -q -- "$head*" $word
            printf '%s%s\n' $head $word
        else
            printf '%s\n' $word
        end
    end
end
complete --command claw --no-files --arguments '(__claw_complete)'
"""

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


def script(shell: str) -> str:
    return SCRIPTS[shell]


def detect() -> str | None:
    """The shell claw runs under (the parent processes, else $SHELL), or None."""
    try:
        import shellingham  # type: ignore[import-untyped]  # typer's own dependency

        name = shellingham.detect_shell()[0]
    except Exception:  # noqa: BLE001  no /proc, an unknown parent: fall back to $SHELL
        name = os.path.basename(os.environ.get("SHELL", "")) or None
    return name.lower() if name else None


def _usage(message: str) -> int:
    from claw.cli.render.output import Output

    output = Output()
    output.error(message)
    output.error_hint("claw --install-completion SHELL or claw --show-completion SHELL, SHELL one of "
                      + ", ".join(SUPPORTED))
    return 2


def main(args: list[str]) -> int:
    """Answer ``--show-completion [SHELL]`` / ``--install-completion [SHELL]`` (args[0])."""
    flag, eq, named = args[0].partition("=")
    rest = args[1:]
    if not eq and rest and not rest[0].startswith("-"):
        named, rest = rest[0], rest[1:]
    if rest:
        return _usage(f"{flag} takes one shell name: {' '.join(rest)}")
    shell = named.lower() if named else detect()
    if shell is None:
        return _usage(f"cannot tell which shell this is; name it: claw {flag} bash")
    if shell not in SUPPORTED:
        from claw.core.errors import quoted

        return _usage(f"unsupported shell {quoted(shell)} (supported: {', '.join(SUPPORTED)})")
    if flag == "--show-completion":
        print(script(shell), end="")
        return 0
    where, told = install(shell, Path.home())
    print(f"{shell} completion installed in {where}" + (f"; {told}" if told else ""))
    print("it takes effect in a new shell")
    return 0


def install(shell: str, home: Path) -> tuple[Path, str]:
    """Write the script where the shell loads it; (its path, the start-up line added if any)."""
    if shell == "fish":  # fish loads completions/claw.fish by itself
        return _write(home / ".config" / "fish" / "completions" / "claw.fish", FISH), ""
    if shell == "zsh":
        path = _write(home / ".zfunc" / "_claw", ZSH)
        return path, _add_line(home / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit")
    path = _write(home / ".bash_completions" / "claw.sh", BASH)
    return path, _add_line(home / ".bashrc", f"source '{path}'")


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _add_line(rc: Path, line: str) -> str:
    """Append ``line`` to the start-up file unless it is there (appended: nothing else in
    the file is rewritten)."""
    try:
        if line in rc.read_text(encoding="utf-8", errors="replace").splitlines():
            return ""
    except FileNotFoundError:
        pass
    with rc.open("a", encoding="utf-8") as handle:
        handle.write(f"\n{line}\n")
    return f"added to {rc}: {line}"
