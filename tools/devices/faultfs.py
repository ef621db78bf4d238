"""An in-memory model of the board's flash filesystem that can cut the power after any byte.

`FaultFs` offers the store's filesystem adapter interface (open, remove, rename, listdir,
mkdir, size, exists) and models LittleFS honestly:
- a file's new contents become durable only when the file is flushed or closed (a commit);
- creating a file commits an empty file at once (LittleFS writes the directory entry);
- rename and remove are atomic (a folder is renamed with all it holds).

Every byte written is one *write point*, and so is every commit, rename, remove and mkdir.
With `cut_at=N` the power fails at write point N (0-based): the bytes before it have
been written, the contents freeze as they are at that instant, `PowerCut` is raised and
every later call raises it too.  `reboot()` returns a fresh FaultFs holding what survived.

What survives of bytes written but not yet committed: with `torn=False` (LittleFS) none;
with `torn=True` (a FAT-like worst case) all of them, so a file can end in a torn line.

`capacity` (bytes) makes `free()` report the space left, each file taking whole 4 KB blocks
as in LittleFS (an empty one none).  Writes are not refused (the store only asks) unless `full` is set: then, as on
a full LittleFS, a commit that would pass `capacity` fails with ENOSPC and the file keeps what it
held before, and a new file that does not fit is not created: ENAMETOOLONG (LittleFS's answer
when a new name finds no room in the folder's metadata).

`trace` (a callable) is called at every write point with the FaultFs before that point
acts, so a test can take `survivors()` at every point from one run.

Runs under CPython and MicroPython.
"""


class PowerCut(BaseException):
    """The power failed: nothing more reaches the flash (not an Exception: nothing may swallow it)."""


ENOENT = 2
EEXIST = 17
EISDIR = 21
ENOSPC = 28
ENAMETOOLONG = 36
BLOCK = 4096


def _blocks(size):
    """The flash a file of `size` bytes takes: whole blocks, at least one (an empty file none: it
    is only its name in its folder's metadata)."""
    if size == 0:
        return 0
    return max(1, (size + BLOCK - 1) // BLOCK) * BLOCK


class FaultFile:
    """An open file of a FaultFs."""

    def __init__(self, fs, path, mode, data):
        self.fs = fs
        self.path = path
        self.binary = "b" in mode
        self.writing = "w" in mode or "a" in mode
        self.buf = bytearray(data)
        self.pos = 0
        self.dirty = False
        self.closed = False

    # -- reading ---------------------------------------------------------------
    def _out(self, data):
        return bytes(data) if self.binary else bytes(data).decode()

    def read(self, size=-1):
        self.fs._alive()
        end = len(self.buf) if size is None or size < 0 else min(len(self.buf), self.pos + size)
        data = self.buf[self.pos : end]
        self.pos = end
        return self._out(data)

    def readinto(self, buf):
        self.fs._alive()
        n = min(len(buf), len(self.buf) - self.pos)
        buf[:n] = self.buf[self.pos : self.pos + n]
        self.pos += n
        return n

    def seek(self, pos, whence=0):
        self.fs._alive()
        base = 0 if whence == 0 else self.pos if whence == 1 else len(self.buf)
        self.pos = max(0, base + pos)
        return self.pos

    def tell(self):
        return self.pos

    def readline(self, size=-1):
        self.fs._alive()
        end = len(self.buf)
        nl = self.buf.find(b"\n", self.pos)
        if nl >= 0:
            end = nl + 1
        if size is not None and size >= 0:
            end = min(end, self.pos + size)
        data = self.buf[self.pos : end]
        self.pos = end
        return self._out(data)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    # -- writing ---------------------------------------------------------------
    def write(self, data):
        fs = self.fs
        fs._alive()
        if not self.writing:
            raise OSError(9)  # EBADF
        if isinstance(data, str):
            data = data.encode()
        for i in range(len(data)):
            fs._point()
            self.buf.append(data[i])
            self.dirty = True
            fs.bytes_written += 1
        return len(data)

    def flush(self):
        self.fs._alive()
        if self.writing and self.dirty:
            self.fs._point()
            self.fs._commit(self)

    def close(self):
        if self.closed:
            return
        try:
            self.flush()
        finally:  # closed even when the commit failed (ENOSPC), as a real file is
            self.closed = True
            if self in self.fs._open:
                self.fs._open.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class FaultFs:
    """The in-memory flash: `files` maps paths to durable bytes, `dirs` holds directory paths."""

    def __init__(self, cut_at=None, torn=False, trace=None, files=None, dirs=None, capacity=None, full=False):
        self.files = dict(files) if files else {}
        self.capacity = capacity
        self.full = full  # refuse what does not fit in `capacity` (ENOSPC)
        self.dirs = set(dirs) if dirs else set(["/"])
        self.cut_at = cut_at
        self.torn = torn
        self.trace = trace
        self.points = 0  # write points passed
        self.bytes_written = 0  # file bytes written by the program
        self.commits = 0  # flushes/closes that made new contents durable
        self.dead = False
        self._open = []

    # -- power -------------------------------------------------------------------
    def _alive(self):
        if self.dead:
            raise PowerCut()

    def _point(self):
        """One write point: the power may fail here, before it acts."""
        self._alive()
        if self.trace is not None:
            self.trace(self)
        if self.cut_at is not None and self.points >= self.cut_at:
            self.dead = True
            self._frozen = self.survivors()
            raise PowerCut()
        self.points += 1

    def survivors(self):
        """The (files, dirs) that a power failure at this instant would leave."""
        files = dict(self.files)
        if self.torn:
            for handle in self._open:
                if handle.writing and handle.dirty:
                    files[handle.path] = bytes(handle.buf)
        return files, set(self.dirs)

    def reboot(self):
        """A fresh FaultFs with what survived (the power came back); counters start at zero."""
        files, dirs = self._frozen if self.dead else self.survivors()
        return FaultFs(torn=self.torn, files=files, dirs=dirs, capacity=self.capacity, full=self.full)

    def _fits(self, path, size):
        """False when `full` is set and `path` holding `size` bytes would pass `capacity`."""
        if not self.full or self.capacity is None:
            return True
        used = _blocks(size)
        for name, data in self.files.items():
            if name != path:
                used += _blocks(len(data))
        return used <= self.capacity

    def _commit(self, handle):
        if not self._fits(handle.path, len(handle.buf)):
            handle.buf = bytearray(self.files.get(handle.path, b""))  # as it was: the write is lost
            handle.dirty = False
            raise OSError(ENOSPC)
        self.files[handle.path] = bytes(handle.buf)
        handle.dirty = False
        self.commits += 1

    # -- paths -------------------------------------------------------------------
    @staticmethod
    def _parent(path):
        cut = path.rfind("/")
        return path[:cut] if cut > 0 else "/"

    def _need_parent(self, path):
        if self._parent(path) not in self.dirs:
            raise OSError(ENOENT)

    # -- the adapter interface --------------------------------------------------
    def open(self, path, mode="r"):
        self._alive()
        if path in self.dirs:
            raise OSError(EISDIR)
        if "r" in mode:
            if path not in self.files:
                raise OSError(ENOENT)
            handle = FaultFile(self, path, mode, self.files[path])
            handle.writing = "+" in mode
        else:
            self._need_parent(path)
            if path not in self.files:
                if not self._fits(path, 1):  # a new name needs the room of a block, taken when written
                    raise OSError(ENAMETOOLONG)
                self._point()
                self.files[path] = b""
            data = self.files[path] if "a" in mode else b""
            handle = FaultFile(self, path, mode, data)
            if "w" in mode:
                handle.dirty = True  # truncation is a change, committed on close
            self._open.append(handle)
        return handle

    def remove(self, path):
        self._alive()
        if path not in self.files:
            raise OSError(ENOENT)
        self._point()
        del self.files[path]

    def rename(self, old, new):
        self._alive()
        if old in self.dirs and old != "/":
            return self._rename_folder(old, new)
        if old not in self.files:
            raise OSError(ENOENT)
        if new in self.dirs:
            raise OSError(EISDIR)
        self._need_parent(new)
        self._point()
        self.files[new] = self.files.pop(old)

    def _rename_folder(self, old, new):
        """A folder and everything in it moved at once, as LittleFS does (into an empty folder or
        a new name only)."""
        if new in self.files or new == old or new.startswith(old + "/"):
            raise OSError(EEXIST if new in self.files else 22)  # EINVAL: into itself
        if new in self.dirs and self.listdir(new):
            raise OSError(39)  # ENOTEMPTY
        self._need_parent(new)
        self._point()
        prefix = old + "/"
        for name in [n for n in self.files if n.startswith(prefix)]:
            self.files[new + name[len(old) :]] = self.files.pop(name)
        for name in [n for n in self.dirs if n == old or n.startswith(prefix)]:
            self.dirs.discard(name)
            self.dirs.add(new + name[len(old) :])

    def listdir(self, path):
        self._alive()
        if path not in self.dirs:
            raise OSError(ENOENT)
        prefix = path.rstrip("/") + "/"
        found = []
        for name in list(self.files) + list(self.dirs):
            if name != path and name.startswith(prefix) and "/" not in name[len(prefix) :]:
                found.append(name[len(prefix) :])
        return sorted(found)

    def mkdir(self, path):
        self._alive()
        if path in self.dirs or path in self.files:
            raise OSError(EEXIST)
        self._need_parent(path)
        self._point()
        self.dirs.add(path)

    def isdir(self, path):
        self._alive()
        return path in self.dirs

    def rmdir(self, path):
        self._alive()
        if path not in self.dirs or any(name.startswith(path + "/") for name in list(self.files) + list(self.dirs)):
            raise OSError(ENOENT if path not in self.dirs else 39)  # ENOTEMPTY
        self._point()
        self.dirs.discard(path)

    def size(self, path):
        self._alive()
        if path not in self.files:
            raise OSError(ENOENT)
        return len(self.files[path])

    def exists(self, path):
        self._alive()
        return path in self.files or path in self.dirs

    def free(self, path):
        """Bytes left of `capacity` (None without one); every file takes whole 4 KB blocks."""
        self._alive()
        if self.capacity is None:
            return None
        used = 0
        for data in self.files.values():
            used += _blocks(len(data))
        return self.capacity - used


class FlashBlocks:
    """A NOR flash as a block device for MicroPython's `os.VfsLfs2` (the real LittleFS).

    Geometry of the Pico's filesystem by default: 352 blocks of 4096 bytes (1408 KB).
    Counts what LittleFS does to the flash: `progs`/`prog_bytes` programmed, `erases` per
    block.  With `cut_at=N` the power fails at operation N (programs and erases count):
    with `torn` that operation is half done (the first half of the bytes programmed or
    erased), else not at all; from then on nothing changes and every operation fails with
    EIO.  `image()` is what survived, to mount again.
    """

    def __init__(self, blocks=352, block_size=4096, image=None, cut_at=None, torn=False):
        self.block_size = block_size
        self.blocks = blocks
        self.data = bytearray(image) if image is not None else bytearray(b"\xff" * (blocks * block_size))
        self.erases = [0] * blocks
        self.progs = 0
        self.prog_bytes = 0
        self.ops = 0
        self.cut_at = cut_at
        self.torn = torn
        self.dead = False

    def image(self):
        """The flash contents (a copy)."""
        return bytearray(self.data)

    def _op(self, start, data):
        """Count one operation that puts `data` at `start`; False when the power is gone."""
        if self.dead:
            return False
        if self.cut_at is not None and self.ops >= self.cut_at:
            self.dead = True
            if self.torn:
                half = len(data) // 2
                self.data[start : start + half] = data[:half]
            return False
        self.ops += 1
        self.data[start : start + len(data)] = data
        return True

    def readblocks(self, block, buf, offset=0):
        start = block * self.block_size + offset
        buf[:] = self.data[start : start + len(buf)]
        return 0

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # the simple interface: whole blocks, erased first
            for i in range(len(buf) // self.block_size):
                if self.ioctl(6, block + i):
                    return -5
            offset = 0
        if not self._op(block * self.block_size + offset, buf):
            return -5  # EIO: the power is gone
        self.progs += 1
        self.prog_bytes += len(buf)
        return 0

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase
            if not self._op(arg * self.block_size, b"\xff" * self.block_size):
                return -5
            self.erases[arg] += 1
            return 0
        return 0
