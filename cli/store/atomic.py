"""Putting a state on disk: atomic replace for regular files, streaming for the rest.

A regular file is replaced only by a complete new one: a temporary file in the same
folder (claw's pattern ``.NAME.claw-PID-XXXXXXXX.tmp``, created with the umask, given the
old file's mode and owner), fsynced, ``os.replace``d over the target with SIGINT/SIGTERM
held back, then the folder is fsynced. A symbolic link is followed: the target is
replaced and the link kept. A FIFO, a character device or a ``/dev``/``/proc`` path is
written into as a stream, never replaced. Every OS error becomes ``CannotWrite`` naming
the path the user gave and the reason (never the temporary name).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat

from claw.cli.store import commit as interrupts
from claw.core.errors import CannotWrite

# pattern strings are compiled by re on first use, not by every command that imports this
_TMP = r"^\..+\.claw-(?P<pid>\d+)-[0-9a-f]{8}\.tmp$"
_STDOUT_PATHS = {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}

# indirections the tests use to simulate a full disk or a read-only file system
_open = os.open
_write = os.write


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ENOENT:
        return "its folder does not exist"
    return exc.strerror or str(exc)


def cannot(shown: str, exc: OSError) -> CannotWrite:
    return CannotWrite(f"cannot write {shown}: {_reason(exc)}; nothing written")


def destination(path: str) -> tuple[str, str]:
    """(kind, real path): kind is "stdout", "stream" or "file" (replaced atomically)."""
    if path in _STDOUT_PATHS:
        return "stdout", path
    real = os.path.realpath(path)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise cannot(path, exc) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise CannotWrite(f"cannot write {path}: it is a folder, not a file; nothing written")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return "stream", real
    if path.startswith(("/dev/", "/proc/")):
        return "stream", real
    return "file", real


def write_stdout(stream, text: str) -> None:
    """The state as the command's output. A closed stdout is a write error, not a bug."""
    if stream is None:
        raise CannotWrite("cannot write the state: stdout is closed (use -o FILE); nothing written")
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:  # ValueError: a closed file object
        reason = _reason(exc) if isinstance(exc, OSError) else "stdout is closed"
        raise CannotWrite(f"cannot write the state to stdout: {reason}") from None
    interrupts.block()
    try:
        interrupts.committed("stdout")
    finally:
        interrupts.unblock()


def write_stream(real: str, data: bytes, shown: str) -> None:
    """Write into a FIFO or device without replacing it (blocks until a FIFO has a reader)."""
    interrupts.streaming(shown)
    try:
        fd = _open(real, os.O_WRONLY | os.O_CLOEXEC)
    except OSError as exc:
        interrupts.streaming(None)
        raise cannot(shown, exc) from None
    try:
        _write_all(fd, data)
    except OSError as exc:
        raise CannotWrite(f"cannot write {shown}: {_reason(exc)}; it may hold part of the state") from None
    finally:
        os.close(fd)
    interrupts.block()
    try:
        interrupts.committed(shown)
        interrupts.streaming(None)
    finally:
        interrupts.unblock()


def replace_file(real: str, data: bytes, shown: str, *, commit: bool = True,
                 expect: tuple | None = None, like: str | None = None) -> None:
    """Atomically replace the regular file ``real`` with ``data``.

    ``commit`` records the path as this run's new state (for honest interruption
    messages); ``expect`` is the file's stamp when it was read: if it changed since, refuse.
    ``like``: a new file takes this file's mode and owner (an undo copy keeps the state's).
    """
    folder = os.path.dirname(real) or "."
    clean_stale(folder)
    try:
        old = os.stat(real)
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise cannot(shown, exc) from None
    if old is None and like is not None:
        with contextlib.suppress(OSError):
            old = os.stat(like)
    tmp = os.path.join(folder, f".{os.path.basename(real)}.claw-{os.getpid()}-{os.urandom(4).hex()}.tmp")
    try:
        fd = _open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)  # the umask applies
    except OSError as exc:
        raise cannot(shown, exc) from None
    try:
        try:
            if old is not None:
                _keep_owner_and_mode(fd, old)
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if expect is not None and stamp(real) != expect:
            raise CannotWrite(f"{shown} changed since claw read it (another program wrote it); nothing "
                              "written: run the command again")
        interrupts.block()
        try:
            os.replace(tmp, real)
            if commit:
                interrupts.committed(shown)
        finally:
            interrupts.unblock()
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise cannot(shown, exc) from None
        raise
    if commit:  # the state's rename must survive a power cut; an undo entry's may not need to
        fsync_folder(folder)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[_write(fd, view):]


def _keep_owner_and_mode(fd: int, old: os.stat_result) -> None:
    if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
        for owner in ((old.st_uid, old.st_gid), (-1, old.st_gid)):
            try:
                os.fchown(fd, *owner)
                break
            except OSError:
                continue
    os.fchmod(fd, stat.S_IMODE(old.st_mode))


def fsync_folder(folder: str) -> None:
    """Make the rename durable. Some file systems cannot fsync a folder: that is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def stamp(real: str) -> tuple | None:
    """What identifies this version of a file: inode, size, modification time."""
    try:
        info = os.stat(real)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def clean_stale(folder: str) -> None:
    """Remove claw's own temporary files whose process is gone (SIGKILL, power loss)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = re.match(_TMP, name)
        if match and not _alive(int(match["pid"])):
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(folder, name))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process has no write in flight when it starts a new one
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process
    return True
