"""A language's texts, read by ID from its catalog on flash when they are shown.

The catalog (`lang/LANG.bin` beside the data folder; tools/texts.py builds one for each language
at install) holds every text of the firmware by its ID (the number the install wrote in the
bytecode for it: tools/textids.py), and an index of the English texts' keys for a text made at
run time (fishtable.ui.textindex reads it; fishtable.ui.language chooses the file).
The last few texts read are kept, so a screen drawn again reads nothing; nothing is interned.
"""

from micropython import const

_HEADER = const(12)  # b"FTC2", u16 keys, u16 the hash's seed, u16 IDs, u16 0
_KEY = const(6)  # an index entry: u32 key, u16 ID
# then the u16 offsets of the IDs' texts (from where the texts begin; one more: their end), the texts
_SETS = const(32)  # texts kept: two in each of 32 sets, by the ID's (or English's hash's) low bits
_LONGEST = const(1024)  # bytes of one text at most


class Catalog:
    """An open catalog (`open_catalog` checked its file `f`): `text(ID)` gives
    the text or None; the catalog at `backup` (a path: English), when given, answers for an
    entry of this one that cannot be read (opened then with the built-in open: holding the
    store's filesystem object would keep its module in memory)."""

    def __init__(self, f, count, seed, ids, size, backup=None):
        self.file = f
        self.count = count
        self.seed = seed
        self.ids = ids
        self.table = _HEADER + count * _KEY  # the IDs' offsets
        self.texts = self.table + (ids + 1) * 2  # where the texts begin
        self.size = size
        self.backup = backup
        buf = self.buf = bytearray(8)
        self.pair = memoryview(buf)[:4]
        self.kept = [None] * (4 * _SETS)  # a set: key, text, key, text (the newer first)

    def keep(self, at, key, found):
        """`found` (the text of `key`: an ID or an English str) kept first in the set at `at`."""
        kept = self.kept
        kept[at + 2] = kept[at]
        kept[at + 3] = kept[at + 1]
        kept[at] = key
        kept[at + 1] = found
        return found

    def text(self, n):
        """The text with ID `n`, or None."""
        kept = self.kept
        at = (n & (_SETS - 1)) << 2
        if kept[at] == n:
            return kept[at + 1]
        if kept[at + 2] == n:
            return kept[at + 3]
        found = self.at(n)
        if found is None and self.backup is not None:
            try:
                other = open_catalog(None, self.backup)
            except (OSError, ValueError):
                other = None
            if other is not None:
                found = other.at(n)
                other.file.close()
        return self.keep(at, n, found)

    def at(self, n):
        """The text with ID `n` read from the file (None: no such ID, or its entry is damaged)."""
        if not 0 <= n < self.ids:
            return None
        f = self.file
        buf = self.buf
        try:
            f.seek(self.table + 2 * n)
            if f.readinto(self.pair) != 4:
                return None
            start = self.texts + (buf[0] | buf[1] << 8)
            end = self.texts + (buf[2] | buf[3] << 8)
            buf[0] = buf[1] = buf[2] = buf[3] = 0  # (words the collector might take for pointers)
            if end > self.size or not 0 <= end - start <= _LONGEST:
                return None
            f.seek(start)
            return str(f.read(end - start), "utf-8")
        except (OSError, ValueError):  # (UnicodeError is a ValueError)
            return None


def open_catalog(fs, path, backup=None, kind=Catalog):
    """The catalog at `path` on `fs` (None: the built-in open) as a `kind` (Catalog, or
    fishtable.ui.textindex.Indexed with its index by English), its header and size checked (each
    read checks its own entry: one that is out of the file gives None); `backup`: see Catalog.
    Raises OSError (no file) or ValueError (not one, or cut)."""
    f = open(path, "rb") if fs is None else fs.open(path, "rb")
    try:
        head = f.read(_HEADER)
        if len(head) != _HEADER or head[:4] != b"FTC2":
            raise ValueError("not a catalog")
        count = head[4] | head[5] << 8
        ids = head[8] | head[9] << 8
        texts = _HEADER + count * _KEY + (ids + 1) * 2  # where the texts begin
        f.seek(texts - 2)
        end = f.read(2)  # the last offset: the texts' end
        size = f.seek(0, 2)
        if len(end) != 2 or texts + (end[0] | end[1] << 8) != size:
            raise ValueError("a damaged catalog")
    except Exception:
        f.close()
        raise
    return kind(f, count, head[6] | head[7] << 8, ids, size, backup)


_open = [None]  # the Catalog in use (the app keeps this module while it is loaded)
