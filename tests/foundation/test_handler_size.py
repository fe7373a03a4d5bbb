"""Issue 20, handlers: no module under cli/games/ is longer than 300 lines (split by concern)."""

from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "cli" / "games"
LIMIT = 300


def test_every_game_module_is_at_most_300_lines():
    long = {str(p.relative_to(GAMES)): n for p in sorted(GAMES.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert not long, f"split these by concern (at most {LIMIT} lines): {long}"
