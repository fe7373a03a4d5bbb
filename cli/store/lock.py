"""One writer at a time: an exclusive ``flock`` on ``.NAME.claw-lock`` beside the state,
held for a whole read-modify-write (-i, table mode, undo).

The lock sits beside the real file (symbolic links resolved), so two names for one
state share it. The lock file is never removed: removing it would let two writers lock
two different files. Where locks are unsupported (some network file systems) or the
lock file cannot be created (a read-only folder), claw goes on without the lock; the
write then still refuses to replace a file that changed since it was read.
"""

from __future__ import annotations

import errno
import os
import time

from claw.cli.store.atomic import stamp
from claw.core.errors import CannotWrite

TIMEOUT = 30.0  # seconds to wait for another claw command before giving up
_UNSUPPORTED = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}


def lock_path(real: str) -> str:
    return os.path.join(os.path.dirname(real) or ".", f".{os.path.basename(real)}.claw-lock")


class StateLock:
    """``with StateLock(path) as lock:`` … ``lock.stamp`` is the file as it was once locked."""

    def __init__(self, path: str) -> None:
        self.shown = path
        self.real = os.path.realpath(path)
        self.fd: int | None = None
        self.stamp: tuple | None = None

    def __enter__(self) -> StateLock:
        import fcntl

        try:
            fd = os.open(lock_path(self.real), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        except OSError:
            fd = None  # read-only folder or no permission: any write will say so itself
        if fd is not None:
            deadline = time.monotonic() + TIMEOUT
            pause = 0.001
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        os.close(fd)
                        raise CannotWrite(f"{self.shown} is locked by another claw command (waited "
                                          f"{TIMEOUT:g} s); nothing written") from None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.02)
                except OSError as exc:
                    if exc.errno not in _UNSUPPORTED:
                        os.close(fd)
                        raise
                    os.close(fd)
                    fd = None  # no locks here: rely on the changed-since-read check
                    break
                except BaseException:
                    os.close(fd)
                    raise
        self.fd = fd
        self.stamp = stamp(self.real)
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing releases the flock
            self.fd = None
