"""A language's texts, read from its catalog on flash when they are shown.

The catalog (`lang/LANG.bin` beside the data folder; tools/texts.py builds one for each language
at install) holds every text of the firmware by its ID (the number the install wrote in the
bytecode for it: tools/textids.py), and an index of keys sorted for a binary search, for a text
made at run time and looked up by its English.  A key is a 24-bit hash of the English text's
UTF-8 bytes and its length: a lookup hashes the English, finds its key by seeking (6 bytes a
step), takes its ID and reads the text.  The last few texts read are kept, so a screen drawn
again reads nothing; nothing is interned.  A damaged entry gives None (the caller's fallback).
"""

from micropython import const

_HEADER = const(12)  # b"FTC2", u16 keys, u16 the hash's seed, u16 IDs, u16 0 (fishtable.ui.language checks it)
# then the keys (_KEY bytes each), u16 offsets of the IDs' texts (from where the texts begin; one
# more: their end), the texts (tools/texts.py writes it)
_KEY = const(6)  # u32 key, u16 ID
_KEEP = const(16)  # texts kept (ID or english, text)
_LONGEST = const(1024)  # bytes of one text at most


class Catalog:
    """An open catalog (`read` checked its file `f`): `text(ID)` and `lookup(english)` give the
    text or None; the catalog at `backup` (a path: English), when given, answers for an entry of
    this one that cannot be read (opened then with the built-in open: holding the store's
    filesystem object would keep its module in memory)."""

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
        self.head = memoryview(buf)[:_KEY]
        self.pair = memoryview(buf)[:4]
        self.kept = [None] * (2 * _KEEP)
        self.turn = 0

    def _kept(self, key):
        kept = self.kept
        for i in range(0, 2 * _KEEP, 2):
            if kept[i] == key:
                return i
        return -1

    def _keep(self, key, found):
        i = self.turn
        kept = self.kept
        kept[i] = key
        kept[i + 1] = found
        self.turn = (i + 2) % (2 * _KEEP)
        return found

    def text(self, n):
        """The text with ID `n`, or None."""
        i = self._kept(n)
        if i >= 0:
            return self.kept[i + 1]
        found = self.at(n)
        if found is None and self.backup is not None:
            try:
                other = read(None, self.backup)
            except (OSError, ValueError):
                other = None
            if other is not None:
                found = other.at(n)
                other.file.close()
        return self._keep(n, found)

    def lookup(self, english):
        """The text of the English `english` (a str), or None."""
        i = self._kept(english)
        if i >= 0:
            return self.kept[i + 1]
        n = self._find(english)
        return self._keep(english, None if n < 0 else self.at(n))

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
            if end > self.size or not 0 <= end - start <= _LONGEST:
                return None
            f.seek(start)
            return str(f.read(end - start), "utf-8")
        except (OSError, ValueError):  # (UnicodeError is a ValueError)
            return None

    def _find(self, english):
        """The ID of the English `english` by its key, or -1."""
        data = english.encode()
        h = self.seed
        for b in data:
            h = ((h * 33) ^ b) & 0xFFFFFF
        hi = h >> 8  # the key's upper and lower 16 bits: small ints on the board
        lo = (h & 0xFF) << 8 | (len(data) & 0xFF)
        data = None
        f = self.file
        buf = self.buf
        low = 0
        high = self.count - 1
        try:
            while low <= high:
                mid = (low + high) >> 1
                f.seek(_HEADER + mid * _KEY)
                if f.readinto(self.head) != _KEY:
                    return -1
                k_hi = buf[3] << 8 | buf[2]
                k_lo = buf[1] << 8 | buf[0]
                if k_hi < hi or k_hi == hi and k_lo < lo:
                    low = mid + 1
                elif k_hi == hi and k_lo == lo:
                    return buf[4] | buf[5] << 8
                else:
                    high = mid - 1
        except OSError:
            return -1
        return -1


def read(fs, path, backup=None):
    """The catalog at `path` on `fs` (None: the built-in open) as a Catalog (`backup`: see there),
    its header, size and texts' offsets checked; raises OSError (no file) or ValueError (not
    one, or cut)."""
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
        if len(end) != 2 or texts + (end[0] | end[1] << 8) != size or not _in_order(f, texts - 2 * (ids + 1), ids):
            raise ValueError("a damaged catalog")
    except Exception:
        f.close()
        raise
    return Catalog(f, count, head[6] | head[7] << 8, ids, size, backup)


def _in_order(f, at, ids):
    """True when the `ids` + 1 offsets at `at` in `f` never go back (each text is in the file)."""
    buf = bytearray(32)
    f.seek(at)
    last = 0
    left = 2 * (ids + 1)
    while left:
        n = f.readinto(buf)
        if not n or n & 1:
            return False
        n = min(n, left)
        for i in range(0, n, 2):
            value = buf[i] | buf[i + 1] << 8
            if value < last:
                return False
            last = value
        left -= n
    return True


_open = [None]  # the Catalog in use (the app keeps this module while it is loaded)
