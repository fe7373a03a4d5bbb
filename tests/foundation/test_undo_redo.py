"""Issue 23 item 6: undo and redo without a fixed step limit. `claw undo -n N` / `--to SEQ`
go back to any command still in the history, `claw redo` forward again until the next
change; the history lives beside the file (cli/store/history.py), bounded by its size on
disk, and each step gives back the exact bytes of the state it restores."""

import contextlib
import io
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.store import history
from claw.cli.testing import run
from tests.paths import EXAMPLES


def _game(folder: Path, commands: list[str]) -> tuple[Path, list[bytes]]:
    """An msm game (scenario 2, seed 7) played through `claw play`'s engine, saving in place
    after each command as `claw CMD -i` does; the file's bytes after every command."""
    from claw.cli.session.engine import Session
    from claw.cli.store import statefile

    path = folder / "g.json"
    assert run(["new", str(EXAMPLES / "msm/scenario-2.yaml"), "--seed", "7", "-o", str(path)]).code == 0
    envelope, _, text = statefile.load_any(str(path), STATE_RULES)
    session = Session(envelope, path=str(path), autosave=True, saved_text=text)
    session.remember_file()
    versions = [path.read_bytes()]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        for line in commands:
            assert session.run_line(line) == 0, err.getvalue()[-500:]
            versions.append(path.read_bytes())
    return path, versions


def _commands(n: int) -> list[str]:
    """Rounds of the real game (rats' turns: long narratives, many dice) and table notes."""
    return ["scenario-step" if i % 2 == 0 else f"note 'table note {i}'" for i in range(n)]


def _seq(path: Path) -> int:
    return json.loads(path.read_text(encoding="utf-8"))["log"][-1]["seq"]


@pytest.fixture(scope="module")
def hundred(tmp_path_factory) -> tuple[Path, list[bytes]]:
    return _game(tmp_path_factory.mktemp("hundred"), _commands(100))


@pytest.fixture
def twelve(tmp_path: Path) -> tuple[Path, list[bytes]]:
    return _game(tmp_path, _commands(12))


@pytest.mark.slow  # plays 100 commands with a locked, fsynced write each (~2-4 s on 2 loaded cores)
def test_undo_50_and_redo_round_trip_byte_identically_over_a_100_command_game(hundred, tmp_path):
    source, versions = hundred
    path = tmp_path / "g.json"
    shutil.copy(source, path)
    shutil.copytree(history.folder(str(source)), history.folder(str(path)))
    undo = run(["undo", "-n", "50", "-s", str(path)])
    assert undo.code == 0, undo.stderr
    assert path.read_bytes() == versions[50]
    assert "(50 step(s) to undo, 50 to redo)" in undo.stderr
    redo = run(["redo", "-n", "50", "-s", str(path)])
    assert redo.code == 0, redo.stderr
    assert path.read_bytes() == versions[100]
    assert run(["redo", "-s", str(path)]).code == 3  # nothing left to redo


@pytest.mark.slow  # plays 100 commands, then up to 25 walks of a few undos and redos each
@settings(max_examples=25, deadline=None)
@given(moves=st.lists(st.integers(-100, 100).filter(bool), min_size=1, max_size=5))
def test_any_walk_of_undos_and_redos_gives_each_version_back(hundred, tmp_path_factory, moves):
    """Property: after any sequence of `undo -n k` / `redo -n k` (k within reach), the file
    is byte for byte the version after that many commands; so undo k then redo k is the
    state it started from."""
    source, versions = hundred
    path = tmp_path_factory.mktemp("walk") / "g.json"
    shutil.copy(source, path)
    shutil.copytree(history.folder(str(source)), history.folder(str(path)))
    at = 100
    for move in moves:
        back = move < 0
        steps = min(abs(move), at if back else 100 - at)
        if steps == 0:
            continue
        history.travel(str(path), STATE_RULES, back, steps)
        at += -steps if back else steps
        assert path.read_bytes() == versions[at]


def test_undo_then_redo_is_the_same_bytes(twelve):
    path, versions = twelve
    for k in (1, 5, 12):
        assert run(["undo", "-n", str(k), "-s", str(path)]).code == 0
        assert path.read_bytes() == versions[12 - k]
        assert run(["redo", "-n", str(k), "-s", str(path)]).code == 0
        assert path.read_bytes() == versions[12]


def test_undo_to_a_logged_command(twelve):
    path, versions = twelve
    r = run(["undo", "--to", "4", "-s", str(path)])  # #1 is new: the state after #4 is after 3 commands
    assert r.code == 0, r.stderr
    assert path.read_bytes() == versions[3] and _seq(path) == 4
    assert "after #4 scenario-step (3 step(s) to undo, 9 to redo)" in r.stderr
    assert run(["redo", "--to", "10", "-s", str(path)]).code == 0
    assert path.read_bytes() == versions[9]
    r = run(["undo", "--to", "10", "-s", str(path)])
    assert r.code == 4 and "already at the state after #10" in r.stderr
    r = run(["undo", "--to", "99", "-s", str(path)])
    assert r.code == 4 and "no state after #99" in r.stderr
    assert path.read_bytes() == versions[9]
    assert run(["undo", "-n", "2", "--to", "3", "-s", str(path)]).code == 2


def test_asking_past_the_history_changes_nothing(twelve):
    path, versions = twelve
    r = run(["undo", "-n", "13", "-s", str(path)])
    assert r.code == 4 and "only 12 step(s) of history kept" in r.stderr
    assert path.read_bytes() == versions[12]


def test_a_new_change_ends_what_can_be_redone(twelve):
    path, versions = twelve
    assert run(["undo", "-n", "3", "-s", str(path)]).code == 0
    assert run(["note", "another way", "-s", str(path), "-i"]).code == 0
    r = run(["redo", "-s", str(path)])
    assert r.code == 3 and "nothing to redo" in r.stderr
    assert run(["undo", "-s", str(path)]).code == 0
    assert path.read_bytes() == versions[9]


def test_a_file_changed_outside_claw_is_never_undone_into_a_mix(twelve):
    path, versions = twelve
    edited = path.read_text(encoding="utf-8").replace('"table note 11"', '"edited by hand"')
    path.write_text(edited, encoding="utf-8")
    r = run(["undo", "-s", str(path)])
    assert r.code == 3 and "nothing to undo" in r.stderr
    assert path.read_text(encoding="utf-8") == edited
    assert run(["note", "after the edit", "-s", str(path), "-i"]).code == 0  # history starts again here
    assert run(["undo", "-s", str(path)]).code == 0
    assert path.read_text(encoding="utf-8") == edited


def test_history_is_bounded_by_its_size_on_disk(monkeypatch, tmp_path):
    monkeypatch.setattr(history, "SEGMENT_BYTES", 800)
    monkeypatch.setattr(history, "HISTORY_BYTES", 2000)
    path, _ = _game(tmp_path, _commands(16))
    kept = history.folder(str(path))
    total = sum(p.stat().st_size for p in kept.iterdir())
    assert total <= 2000 + 800  # the bound, give or take the segment being written
    r = run(["undo", "-n", "16", "-s", str(path)])
    assert r.code == 4 and "step(s) of history kept" in r.stderr
    steps = int(r.stderr.split("only ")[1].split(" ")[0])
    assert 2 < steps < 16
    assert run(["undo", "-n", str(steps), "-s", str(path)]).code == 0


def test_undo_in_a_session_without_a_file_goes_back_and_forth(tmp_path):
    """`claw play` without -i keeps the history in memory: the same words, the same bytes."""
    start = tmp_path / "g.json"
    assert run(["new", str(EXAMPLES / "msm/scenario-2.yaml"), "--seed", "7", "-o", str(start)]).code == 0
    steps = _commands(8)
    plain = tmp_path / "plain.claw"
    plain.write_text("\n".join(steps) + "\n", encoding="utf-8")
    expected = run(["play", "-s", str(start), str(plain)])
    walked = tmp_path / "walked.claw"
    walked.write_text("\n".join([*steps, "undo -n 5", "redo -n 2", "undo --to 2", "redo -n 7"]) + "\n",
                      encoding="utf-8")
    result = run(["play", "-s", str(start), str(walked)])
    assert result.code == 0, result.stderr
    assert result.stdout == expected.stdout
    assert "restored the session to the state after #2 scenario-step (1 step(s) to undo, 7 to redo)" in result.stderr
    straight, saved = tmp_path / "straight.json", tmp_path / "saved.json"  # saving to a file: its history
    shutil.copy(start, straight)
    shutil.copy(start, saved)
    assert run(["play", "-s", str(straight), "-i", str(plain)]).code == 0
    assert run(["play", "-s", str(saved), "-i", str(walked)]).code == 0
    assert saved.read_bytes() == straight.read_bytes()


def test_old_whole_state_entries_are_still_undone(twelve):
    """A history written before this layout (``000001.json``: whole old states) is read as the
    oldest steps."""
    path, versions = twelve
    kept = history.folder(str(path))
    for entry in kept.iterdir():
        entry.unlink()
    (kept / "000001.json").write_bytes(versions[10])
    (kept / "000002.json").write_bytes(versions[11])
    assert run(["undo", "-n", "2", "-s", str(path)]).code == 0
    assert path.read_bytes() == versions[10]
    assert run(["redo", "-n", "2", "-s", str(path)]).code == 0
    assert path.read_bytes() == versions[12]
    assert not (kept / "000001.json").exists()


texts = st.text(alphabet=st.sampled_from('ab{}[]",: \n"é→'), max_size=60)


@given(head=texts, base_mid=texts, target_mid=texts, log=texts, base_end=texts, target_end=texts,
       layout=st.booleans())
def test_a_record_rebuilds_its_target_exactly(head, base_mid, target_mid, log, base_end, target_end, layout):
    """Property: whatever two texts are (claw's layout or not), the record made from them
    turns the first back into the second, byte for byte."""
    mark = history.LOG_MARK if layout else ""
    base = head + base_mid + mark + log + base_end
    target = head + target_mid + mark + log + target_end
    record = history.make(base, target)
    assert record.apply(base) == target
    assert history.make(target, base).apply(target) == base
    parsed = history._records(history.MAGIC + record.frame())
    assert [r.apply(base) for r in parsed] == [target]
