"""The packs of `make flash` (tools/packs.py): fishtable/'s compiled modules in a few files
/fishtable-K.pack beside this one, mounted for import when this is imported (main.py does it
first; `wrong`: None, or what is wrong with them).  Only the paths' CRC-32s stay in RAM; each
pack's table is checked when mounted, a module's bytes when import opens it."""

from struct import unpack

NAME = __file__.rpartition("/")[0] + "/fishtable-%d.pack"


def _said(k, what):
    return "%s %s: make flash" % ((NAME % k).split("/")[-1], what)


class _Packs:
    """The VFS: `t` holds each path's CRC-32 (`d` folders, then the packs' modules: `n` in all),
    then per pack the index of its first path.  open() gives import the pack itself, at the
    module's first byte, after checking the module's CRC-32."""

    def __init__(self, t, d, n):
        self.t, self.d, self.n = t, d, n

    def mount(self, *_):
        pass

    def umount(self):
        pass

    def _find(self, path):
        i, key = -1, crc32(path).to_bytes(4, "little")
        while True:
            i = self.t.find(key, i + 1, 4 * self.n)
            if i < 0:
                raise OSError(2)
            if not i & 3:
                return i >> 2

    def stat(self, path):
        return (0x4000 if self._find(path) < self.d else 0x8000, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    def open(self, path, mode):
        i, t, at, k = self._find(path), self.t, 4 * self.n, 0
        if i < self.d:
            raise OSError(21)
        while t[at + k + 1] <= i:
            k += 1
        first = t[at + k]
        f = open(NAME % k, "rb")
        f.seek(12 + 4 * (t[at + k + 1] - first) + 8 * (i - first))
        offset, n, crc = unpack("<HHI", f.read(8))
        f.seek(offset)
        b, c = bytearray(512), 0
        while n:
            r = f.readinto(b, n)
            if not r:
                break
            c = crc32(b if r == 512 else memoryview(b)[:r], c)
            n -= r
        if n or c != crc:
            f.close()
            raise OSError(5, _said(k, "damaged"))
        f.seek(offset)
        return f


def _mount():
    """Mount the packs at /fishtable, found from "" on sys.path as a folder at the root when
    relative paths go by the mount table (on the board), else (the unix port) at /p/fishtable
    with "/p" first on sys.path.  What is wrong, or None (no pack: a loose install, mip's or
    the simulator's); a pack's modules are there only when its table is sound."""
    import os

    try:
        os.stat(NAME % 0)
    except OSError:
        return None
    global crc32
    from binascii import crc32  # (only with packs: the WebAssembly VM's is Python, 7 KB)

    t, first, d, count, k, wrong = bytearray(), bytearray(), 0, 1, 0, None
    while k < count:
        first.append(len(t) >> 2)
        try:
            f = open(NAME % k, "rb")
        except OSError:
            f, wrong = None, wrong or _said(k, "missing")
        try:
            if f:
                with f:
                    h = f.read(12)
                    n = h[6]
                    body = f.read(12 * n)
                    if (h[:5] != b"FTPK" + bytes((k,)) or unpack("<I", f.read(4))[0] != crc32(body, crc32(h))
                            or f.seek(0, 2) != unpack("<I", h[8:])[0]):
                        raise ValueError
                t += body[: 4 * n]
                count, d = h[5], d or h[7]
        except Exception:  # noqa: BLE001 - whatever it is, the pack's modules are not there
            wrong = wrong or _said(k, "damaged")
        k += 1
    n = len(t) >> 2
    vfs = _Packs(bytes(t + first + bytes((n,))), d, n)
    os.mount(vfs, "/fishtable")
    try:
        os.stat("fishtable/__init__.mpy")
    except OSError:
        import sys

        os.umount("/fishtable")
        os.mount(vfs, "/p/fishtable")
        sys.path.insert(0, "/p")
    return wrong


wrong = _mount()
del _mount  # (its code is RAM: the VFS keeps only its class)
