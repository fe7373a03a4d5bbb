"""Replay one page's shell blocks as a reader's shell would, fast.

One bash process runs the whole page, so `cd`, `export`, pipes, redirections, globs and
brace expansion behave as in a terminal. `claw` in that shell is a function that hands
its arguments, working folder, environment and piped stdin to this test process, which
runs them in-process (claw.cli.testing.run: no start-up per command) and sends back
stdout, stderr and the exit code. So a pipeline `claw a | claw b` is a real pipe between
two real claw runs, and a page's 200 commands take seconds, not minutes.

A command whose stdin is the reader's terminal gets none (claw sees a terminal);
`claw play` at a terminal is a session the reader ends at once (empty input).
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from claw.cli.testing import run

from .pages import Block, Command, split_comment

TIMEOUT = 300   # seconds for one page: a command waiting for a terminal must not hang the run

SETUP_FAILED = 97   # the exit code that says a menu's situation (alternatives after CMD) failed

CLAW_FUNCTION = r'''
claw() {
  local d code
  d=$(mktemp -d "$__CALLS/call.XXXXXX")
  printf '%s\0' "$@" > "$d/args"
  if [ -p /dev/stdin ] || [ -f /dev/stdin ]; then cat > "$d/stdin"; fi
  env -0 > "$d/env"
  printf '%s' "$PWD" > "$d/cwd"
  mkfifo "$d/done"
  printf '%s\n' "$d" > "$__REQUESTS"
  read -r code < "$d/done"
  cat "$d/out"
  cat "$d/err" >&2
  return "$code"
}
export -f claw
'''


@dataclass
class Outcome:
    command: Command
    code: int | None = None     # None: not run
    stdout: str = ""
    stderr: str = ""


def _script(page_blocks: list[Block], work: Path, results: Path) -> tuple[str, list[Command]]:
    q = shlex.quote
    lines = ["set +e", CLAW_FUNCTION, f"cd {q(str(work))}"]
    ran: list[Command] = []
    for b, block in enumerate(page_blocks):
        if block.alternatives:
            lines += [f"__snap={q(str(results / f'snap{b}'))}", f'cp -a {q(str(work))} "$__snap"', '__here="$PWD"']
        for c in block.commands:
            if c.skip:
                continue
            n = len(ran)
            ran.append(c)
            cmd, _ = split_comment(c.text)
            out, err, rc = (q(str(results / f"{n}.{ext}")) for ext in ("out", "err", "rc"))
            if block.alternatives:   # from the situation before the block, in a subshell
                lines.append(f'find {q(str(work))} -mindepth 1 -delete; cp -a "$__snap/." {q(str(work))}')
                setup = f"{{ {block.setup}\n}} > /dev/null 2>&1 || exit {SETUP_FAILED}\n" if block.setup else ""
                lines.append(f'( cd "$__here"\n{setup}{cmd}\n) > {out} 2> {err} < /dev/null; echo $? > {rc}')
            else:
                lines.append(f"{{ {cmd}\n}} > {out} 2> {err} < /dev/null; echo $? > {rc}")
        if block.alternatives:
            lines += [f'find {q(str(work))} -mindepth 1 -delete; cp -a "$__snap/." {q(str(work))}', 'cd "$__here"']
    return "\n".join(lines) + "\n", ran


def _answer(call: Path) -> None:
    args = (call / "args").read_bytes().decode().split("\0")[:-1]
    stdin = (call / "stdin").read_text(encoding="utf-8") if (call / "stdin").exists() else None
    env = dict(item.split("=", 1) for item in (call / "env").read_bytes().decode().split("\0")
               if "=" in item and not item.startswith("BASH_FUNC_"))
    removed: dict[str, str | None] = {k: None for k in os.environ if k not in env}
    if args[:1] == ["play"] and stdin is None:
        stdin = ""   # a session at the terminal that the reader ends at once
    old = os.getcwd()
    os.chdir((call / "cwd").read_text(encoding="utf-8"))
    try:
        r = run(args, stdin=stdin, env={**removed, **env})
    finally:
        os.chdir(old)
    (call / "out").write_text(r.stdout, encoding="utf-8")
    (call / "err").write_text(r.stderr, encoding="utf-8")
    with open(call / "done", "w") as done:
        done.write(f"{r.code}\n")


def replay(root: Path, page_blocks: list[Block], tmp: Path) -> list[Outcome]:
    """Run the blocks of one page, in page order, in `tmp` holding a fresh copy of the
    repository's examples/ (the reader's checkout); one Outcome per command."""
    work, results = tmp / "checkout", tmp / "results"
    work.mkdir()
    results.mkdir()
    shutil.copytree(root / "examples", work / "examples")
    script, ran = _script(page_blocks, work, results)
    (tmp / "page.sh").write_text(script, encoding="utf-8")
    requests = tmp / "requests"
    os.mkfifo(requests)
    env = {k: v for k, v in os.environ.items() if k not in ("CLAW_STATE", "FORCE_COLOR")}
    env.update(NO_COLOR="1", COLUMNS="80", HOME=str(tmp / "home"), XDG_STATE_HOME=str(tmp / "home/state"),
               XDG_CONFIG_HOME=str(tmp / "home/config"), __CALLS=str(results), __REQUESTS=str(requests))
    reader = os.open(requests, os.O_RDONLY | os.O_NONBLOCK)
    keep = os.open(requests, os.O_WRONLY)   # so the reader never sees end-of-file between calls
    log = open(tmp / "bash.out", "w")   # noqa: SIM115 (closed below, after bash ends)
    bash = subprocess.Popen(["bash", str(tmp / "page.sh")], stdin=subprocess.DEVNULL, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    pending = b""
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([reader], [], [], 0.05)
            if ready:
                pending += os.read(reader, 65536)
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    _answer(Path(line.decode()))
            elif bash.poll() is not None:
                break
    finally:
        os.close(reader)
        os.close(keep)
        if bash.poll() is None:
            bash.kill()
        bash.wait()
        log.close()
    outcomes = []
    for n, c in enumerate(ran):
        rc = results / f"{n}.rc"
        outcomes.append(Outcome(c, int(rc.read_text()) if rc.exists() else None,
                                (results / f"{n}.out").read_text(encoding="utf-8", errors="replace"),
                                (results / f"{n}.err").read_text(encoding="utf-8", errors="replace")))
    return outcomes


def problems(o: Outcome) -> list[str]:
    """What differs between the page and what the command did."""
    c = o.command
    found = []
    if o.code == SETUP_FAILED:
        found.append("the menu's situation (the marker's 'after' command) fails")
    elif o.code != c.code:
        found.append(f"exit {o.code}, the page expects {c.code}")
    if c.shown is not None:
        actual = [line.rstrip() for line in (o.stderr + o.stdout).splitlines() if line.strip()]
        elided = any(line.strip() in ("…", "...") for line in c.shown)
        want = [line.rstrip() for line in c.shown if line.strip() not in ("…", "...")]
        found += [f"shows a line claw does not print: {line}" for line in want if line not in actual]
        if not elided:
            found += [f"claw prints a line the page does not show (add it, or a line … ): {line}"
                      for line in actual if line not in want]
    if found and not c.shown:
        found += [f"stderr: {line}" for line in o.stderr.splitlines()[-3:]]
    return found
