"""Issue 10, items 2 and 4: links, special files, modes and write errors.

docs/conventions.md "What claw guarantees for your files". Special files are only ever
ones this test creates in tmp_path (never the machine's /dev).
"""

import errno
import json
import os
import stat
import threading

import pytest

from claw.cli.testing import run


def _log(path):
    return [e["args"][0] for e in json.loads(path.read_text())["log"]]


def _no_temp_files(folder):
    return not [p for p in os.listdir(folder) if p.endswith(".tmp")]


def test_in_place_through_a_symlink_writes_the_target_and_keeps_the_link(bare_state, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(bare_state.name)
    assert run(["note", "through", "-s", str(link), "-i"]).code == 0
    assert link.is_symlink() and os.readlink(link) == bare_state.name
    assert _log(bare_state) == ["through"]
    assert run(["undo", "-s", str(link)]).code == 0  # the history sits beside the target
    assert _log(bare_state) == []


def test_output_into_a_fifo_streams_and_keeps_the_fifo(bare_state, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = {}

    def reader():
        with open(fifo, encoding="utf-8") as handle:
            got["text"] = handle.read()

    thread = threading.Thread(target=reader)
    thread.start()
    r = run(["note", "fifo", "-s", str(bare_state), "-o", str(fifo)])
    thread.join(10)
    assert r.code == 0, r.stderr
    assert json.loads(got["text"])["log"][0]["args"] == ["fifo"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert _no_temp_files(tmp_path)


def test_output_into_a_character_device_writes_into_it(bare_state, tmp_path):
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a null device of our own
    except PermissionError:
        pytest.skip("mknod needs root")
    before = os.lstat(device)
    r = run(["note", "x", "-s", str(bare_state), "-o", str(device)])
    assert r.code == 0, r.stderr
    after = os.lstat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino and after.st_rdev == before.st_rdev


def test_dev_stdout_means_stdout_and_dev_paths_are_streams():
    from claw.cli.store.atomic import destination

    assert destination("/dev/stdout")[0] == "stdout"  # pure: nothing is opened
    assert destination("/dev/fd/1")[0] == "stdout"


def test_new_files_honour_the_umask_and_existing_files_keep_their_mode(bare_state, tmp_path):
    old = os.umask(0o027)
    try:
        out = tmp_path / "new.json"
        assert run(["note", "x", "-s", str(bare_state), "-o", str(out)]).code == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o640
        os.chmod(bare_state, 0o604)
        assert run(["note", "y", "-s", str(bare_state), "-i"]).code == 0
        assert stat.S_IMODE(bare_state.stat().st_mode) == 0o604
    finally:
        os.umask(old)


@pytest.mark.parametrize("where, reason", [
    ("missing-dir/x.json", "its folder does not exist"),
    ("a-folder", "it is a folder"),
])
def test_unwritable_output_is_exit_5_naming_path_and_reason(bare_state, tmp_path, where, reason):
    (tmp_path / "a-folder").mkdir()
    target = tmp_path / where
    r = run(["note", "x", "-s", str(bare_state), "-o", str(target)])
    assert r.code == 5, r
    assert str(target) in r.stderr and reason in r.stderr
    assert ".tmp" not in r.stderr and "internal error" not in r.stderr
    assert len([line for line in r.stderr.splitlines() if line.startswith("claw:")]) == 1


@pytest.mark.parametrize("hook, code, undo_too", [
    ("_write", errno.ENOSPC, True), ("_open", errno.EROFS, True), ("_open", errno.EACCES, True),
    ("_open", errno.ENOSPC, False),  # the undo entry is saved, then the state itself fails
])
def test_full_disk_read_only_no_permission_keep_the_old_state(bare_state, monkeypatch, hook, code, undo_too):
    from claw.cli.store import atomic as safewrite

    before = bare_state.read_bytes()
    real = getattr(safewrite, hook)

    def failing(*args):
        name = str(args[0])
        if hook == "_write" or (name.endswith(".tmp") and (undo_too or "claw-undo" not in name)):
            raise OSError(code, os.strerror(code))
        return real(*args)

    monkeypatch.setattr(safewrite, hook, failing)
    r = run(["note", "x", "-s", str(bare_state), "-i"])
    assert r.code == 5 and os.strerror(code) in r.stderr and str(bare_state) in r.stderr
    assert ".tmp" not in r.stderr
    assert bare_state.read_bytes() == before
    assert _no_temp_files(bare_state.parent)
    undo = bare_state.parent / f".{bare_state.name}.claw-undo"
    assert not list(undo.glob("*.hist")), "a failed write must not leave an undo step"


def test_stdout_write_error_is_exit_5(bare_state, monkeypatch):
    class Full:
        def write(self, text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self):
            pass

        def isatty(self):
            return False

    from claw.cli.store import atomic as safewrite
    from claw.core.errors import CannotWrite

    with pytest.raises(CannotWrite, match="No space left"):
        safewrite.write_stdout(Full(), "{}")
    with pytest.raises(CannotWrite, match="stdout is closed"):
        safewrite.write_stdout(None, "{}")


def test_state_over_the_read_cap_is_not_written(bare_state, monkeypatch):
    """Refuse to write what claw could not read back (cap counted in bytes both ways)."""
    from claw.cli.store import statefile

    monkeypatch.setattr(statefile, "MAX_STATE_BYTES", 1000)
    before = bare_state.read_bytes()
    r = run(["note", "é" * 400, "-s", str(bare_state), "-i"])  # 400 characters, 800 bytes + envelope
    assert r.code == 5 and "more than the" in r.stderr and "shorten its log" in r.stderr
    assert bare_state.read_bytes() == before
    ok = run(["note", "short", "-s", str(bare_state), "-i"])
    assert ok.code == 0
    assert run(["log", "-s", str(bare_state)]).code == 0  # what it wrote, it reads


def test_undo_folder_symlink_is_refused_and_its_target_untouched(bare_state, tmp_path):
    elsewhere = tmp_path / "precious"
    elsewhere.mkdir()
    for i in range(1, 30):
        (elsewhere / f"{i:06d}.json").write_text("keep")
    (tmp_path / f".{bare_state.name}.claw-undo").symlink_to(elsewhere)
    before = bare_state.read_bytes()
    r = run(["note", "x", "-s", str(bare_state), "-i"])
    assert r.code == 5 and "symbolic link" in r.stderr
    assert len(list(elsewhere.glob("*.json"))) == 29
    assert bare_state.read_bytes() == before


def test_stray_json_in_undo_folder_is_left_alone(bare_state):
    undo = bare_state.parent / f".{bare_state.name}.claw-undo"
    undo.mkdir()
    (undo / "notes.json").write_text("mine")
    assert run(["note", "a", "-s", str(bare_state), "-i"]).code == 0
    assert run(["note", "b", "-s", str(bare_state), "-i"]).code == 0
    assert run(["undo", "-s", str(bare_state)]).code == 0
    assert _log(bare_state) == ["a"]
    assert (undo / "notes.json").read_text() == "mine"


def test_stale_temp_files_of_dead_processes_are_cleaned_on_next_write(bare_state, tmp_path):
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    stale = tmp_path / f".{bare_state.name}.claw-{pid}-0123abcd.tmp"
    stale.write_text("half a state")
    foreign = tmp_path / ".game.json.abcdefgh.tmp"  # not claw's pattern: not ours to remove
    foreign.write_text("x")
    live = tmp_path / f".other.json.claw-{os.getppid()}-0123abcd.tmp"  # a live process's write
    live.write_text("x")
    assert run(["note", "x", "-s", str(bare_state), "-i"]).code == 0
    assert not stale.exists() and foreign.exists() and live.exists()


def test_a_file_changed_since_it_was_read_is_not_replaced(bare_state, monkeypatch):
    """Where locks are unsupported, the write still refuses to overwrite someone's change."""
    import fcntl

    def no_locks(fd, op):
        raise OSError(errno.ENOLCK, "no locks")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    from claw.cli.store import statefile

    real = statefile.read_state_text

    def read_then_someone_writes(source):
        text, name = real(source)
        other = json.loads(text)
        other["log"] = [{"seq": 1, "command": "note", "args": ["other"], "events": []}]
        bare_state.write_text(json.dumps(other))
        return text, name

    monkeypatch.setattr(statefile, "read_state_text", read_then_someone_writes)
    r = run(["note", "mine", "-s", str(bare_state), "-i"])
    assert r.code == 5 and "changed since claw read it" in r.stderr
    assert _log(bare_state) == ["other"]
