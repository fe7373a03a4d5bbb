"""Issue 20, handlers: a command's usage is derived from its declared positionals
(``claw.cli.framework.spec.usage_of``), so help and the parse cannot disagree."""

import ast
from pathlib import Path

from claw.cli.framework.spec import Arg, Command, usage_of

GAMES = Path(__file__).resolve().parents[2] / "cli" / "games"


def test_usage_is_written_from_the_positionals():
    assert usage_of((Arg("CAT", "cat"), Arg("SQUARE", "square", optional=True))) == "CAT [SQUARE]"
    assert usage_of((Arg("ZONE", "zone", many=True),)) == "ZONE..."
    assert usage_of((Arg("RAT", "rat", optional=True, many=True),)) == "[RAT...]"
    assert usage_of((Arg("CAT", "cat"), Arg("HERB", "herb"))) == "CAT HERB[,HERB...]"
    both = (Arg("ATTACKER", "figure", optional=True), Arg("TARGET", "figure", optional=True))
    assert usage_of(both) == "[ATTACKER TARGET]"
    assert usage_of((Arg("CAT", "cat"), Arg("CARD", "card", optional=True), Arg("OTHER", "cat"))) == "CAT [CARD] OTHER"


def test_a_command_with_positionals_shows_their_usage_and_one_without_keeps_its_own():
    assert Command("h", "m:f", args=(Arg("CAT", "cat"),)).usage == "CAT"
    assert Command("h", "m:f", usage="N | CARD [CHOICE]").usage == "N | CARD [CHOICE]"


def test_no_adapter_writes_a_usage_next_to_its_positionals():
    both = []
    for path in sorted(GAMES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Command":
                words = {k.arg: k.value for k in node.keywords}
                if "args" in words and isinstance(words.get("usage"), ast.Constant):
                    both.append(f"{path.relative_to(GAMES)}:{node.lineno}")
    assert not both, f"drop usage= where args= says it: {both}"
