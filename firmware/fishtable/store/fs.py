"""The filesystem adapter the store writes through, and the few file helpers it needs.

`OsFs` is the real one (`os` + `open`): LittleFS on the board, the host's disk under
CPython and the MicroPython unix port.  Tests pass `tools/devices/faultfs.FaultFs`
instead, an in-memory flash model that cuts the power after any byte.

Every adapter offers: open(path, mode), remove(path), rename(old, new), listdir(path),
mkdir(path), rmdir(path), isdir(path), size(path) (raises OSError when missing), exists(path) and free(path) (the
bytes still free on the filesystem holding `path`, or None when unknown).
"""

import os

from micropython import const

# Where an adapter whose rename cannot replace a file atomically (FAT) moves the file being
# replaced until the new one is in place; `Store.resume` completes such a cut replacement.
OLD_SUFFIX = ".old"
ENOSPC = 28  # errno: no space left on the device
# errno ENAMETOOLONG: what LittleFS says when a new file's name finds no room in its folder's
# metadata (it turns its own no-space error into this one); the store's names are short, so for
# the store it means a full flash too
_NAME_NO_ROOM = const(36)


class FlashFull(OSError):
    """The filesystem has no room for a write even after the oldest history games were dropped."""

    def __init__(self):
        super().__init__(ENOSPC, "Flash full")


def no_space(err):
    """True when the OSError `err` says the filesystem is full (ENOSPC, or LittleFS's
    ENAMETOOLONG for a new file on a full flash)."""
    code = err.args[0] if err.args else 0
    return code == ENOSPC or code == _NAME_NO_ROOM


class OsFs:
    """The real filesystem through `os` and `open` (on the board: LittleFS in flash)."""

    def open(self, path, mode):
        """Open a file like the built-in `open`."""
        return open(path, mode)

    def remove(self, path):
        """Delete a file."""
        os.remove(path)

    def rename(self, old, new):
        """Rename `old` to `new`, replacing `new` atomically if it exists."""
        os.rename(old, new)

    def listdir(self, path):
        """The names in a directory."""
        return os.listdir(path)

    def mkdir(self, path):
        """Create a directory."""
        os.mkdir(path)

    def rmdir(self, path):
        """Delete an empty directory."""
        os.rmdir(path)

    def isdir(self, path):
        """True when `path` is a directory."""
        try:
            return os.stat(path)[0] & 0x4000 != 0
        except OSError:
            return False

    def size(self, path):
        """A file's size in bytes; raises OSError when it does not exist."""
        return os.stat(path)[6]

    def exists(self, path):
        """True when `path` exists."""
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def free(self, path):
        """Bytes free on the filesystem of `path` (None when it cannot tell); see `free_of`."""
        try:
            info = os.statvfs(path)
        except (OSError, AttributeError):
            return None
        return free_of(info)


def free_of(info):
    """The free bytes of a `statvfs` tuple; figures that cannot be true count as full (0).

    A full LittleFS can report more blocks in use than it has, and the free count then
    wraps round to a huge number (found on MicroPython's VfsLfs2)."""
    size = info[1] or info[0]  # fragment size, else block size
    blocks = info[2]
    free = info[3]
    avail = info[4]
    if size <= 0 or blocks <= 0 or free < 0 or avail < 0 or free > blocks or avail > free:
        return 0
    return size * avail


def ensure_dir(fs, path):
    """Create directory `path` unless it exists."""
    if not fs.exists(path):
        fs.mkdir(path)


def remove_if_there(fs, path):
    """Delete `path` if it exists; True when something was removed."""
    if fs.exists(path):
        fs.remove(path)
        return True
    return False


def write_atomic(fs, path, lines):
    """Replace `path` by `lines` (strings without newlines) all at once.

    The lines go to `path + ".tmp"`, which is closed (LittleFS commits on close) and then
    renamed over `path`: a power cut at any byte leaves either the old file or the new one.
    """
    tmp = path + ".tmp"
    handle = fs.open(tmp, "w")
    try:
        for line in lines:
            handle.write(line + "\n")
    finally:
        handle.close()
    fs.rename(tmp, path)


def copy_file(fs, src, out, buf):
    """Copy the file `src` byte for byte to the open file `out` through the bytearray `buf`
    (not atomic; used to keep a damaged file aside)."""
    view = memoryview(buf)
    inp = fs.open(src, "rb")
    try:
        while True:
            got = inp.readinto(buf)
            if not got:
                break
            out.write(view[:got] if got < len(buf) else buf)
    finally:
        inp.close()


def forget(module):
    """Drop a lazily imported module (and the core modules it names in FORGET) from memory: its
    code is needed only now and then.  The next import loads it again."""
    from fishtable import forget_module

    for name in (module.__name__,) + getattr(module, "FORGET", ()):
        forget_module(name)
