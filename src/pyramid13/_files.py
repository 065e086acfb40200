"""Writing a file so that a failure never destroys what was there: a temporary file in the
same folder, flushed to disk, then renamed over the target in one step.

Layer: generic, which reaches each game through the registry (it names none).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat

from ._base.errors import InvalidArgumentError
from ._base.text import describe

__all__ = ["file_name", "write_atomically"]


def file_name(path: object) -> str:
    """`path` as a file name; an int (which `open` takes for a file descriptor) is refused.

    Raises:
        InvalidArgumentError: `path` is neither text nor an `os.PathLike`, is empty, or
            holds a NUL character.
    """
    if isinstance(path, (str, os.PathLike)):
        name = os.fspath(path)
        if isinstance(name, bytes):
            name = os.fsdecode(name)
        if "\x00" in name:
            # `open` and `os.open` would raise a bare ValueError ("embedded null byte").
            raise InvalidArgumentError(
                "path must be a file name, and no file name holds a NUL character: "
                f"{describe(name)}"
            )
        if name:
            return name
    raise InvalidArgumentError(
        f"path must be a file name (str or os.PathLike), not {_describe(path)}"
    )


def _describe(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"the int {describe(value)} (file descriptors are not accepted)"
    if isinstance(value, str):
        return "an empty name"
    return type(value).__name__


def write_atomically(path: str, data: bytes) -> None:
    """Replace the file `path` with `data`, or leave it as it was.

    The data goes to a new file beside the target (named ``.NAME.RANDOM.tmp``), which is
    flushed and synced to disk and then renamed over the target, so a reader sees the old
    file or the new one, never a part of either. A symbolic link is followed: the file it
    points to is replaced. An existing file keeps its permission bits; a new one gets the
    usual ones (0o666 less the umask). If the process dies before the rename, the
    temporary file may be left behind; on any error it is removed. A target that exists
    and is no regular file (``/dev/stdout``, ``/dev/null``, a pipe) is written in place:
    there is no file to keep, and renaming over it would replace the device itself.

    Raises:
        OSError: the folder cannot be written, the disk is full, and the like.
    """
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # no such file yet (or unreadable: the writing below says why)
        regular = True
    if not regular:
        with open(path, "wb") as file:
            file.write(data)
        return
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temporary, flags, 0o666)
    try:
        with contextlib.suppress(OSError):  # keep an existing file's permissions
            os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
        os.fsync(descriptor)
        os.close(descriptor)
        descriptor = -1
        os.replace(temporary, target)
    except BaseException:
        if descriptor >= 0:
            os.close(descriptor)
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable, where the system allows syncing a folder."""
    try:
        descriptor = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
