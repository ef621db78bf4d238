"""The chosen language's texts, read from its catalog on flash when they are shown.

The catalog (`lang/LANG.bin` beside the data folder; tools/texts.py builds it from lang/LANG/*.txt)
is an index of keys sorted for a binary search, then the texts.  A key is a 24-bit hash of the
English text's UTF-8 bytes and its length: a lookup hashes the English, finds its key by seeking
(8 bytes a step), reads the text and decodes it.  The last few texts looked up are kept, so a
screen drawn again reads nothing; nothing is interned.  A damaged entry gives English.
"""

from micropython import const

_HEADER = const(8)  # b"FTC1", u16 count, u16 the hash's seed (fishtable.ui.language checks it)
_ENTRY = const(8)  # u32 key, u32 offset of the text
_KEEP = const(8)  # texts kept (english, translation)
_LONGEST = const(1024)  # bytes of one text at most


class Catalog:
    """An open catalog (fishtable.ui.language.read_catalog checked its file `f`): `lookup(english)`
    gives the translation or None."""

    def __init__(self, f, count, seed, size):
        self.file = f
        self.count = count
        self.seed = seed
        self.texts = _HEADER + (count + 1) * _ENTRY  # where the texts begin
        self.size = size
        buf = self.buf = bytearray(16)
        self.head = memoryview(buf)[:4]
        self.kept = [None] * (2 * _KEEP)
        self.turn = 0

    def lookup(self, english):
        kept = self.kept
        for i in range(0, 2 * _KEEP, 2):
            if kept[i] == english:
                return kept[i + 1]
        found = self._read(english)
        i = self.turn
        kept[i] = english
        kept[i + 1] = found
        self.turn = (i + 2) % (2 * _KEEP)
        return found

    def _read(self, english):
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
                f.seek(_HEADER + mid * _ENTRY)
                if f.readinto(self.head) != 4:
                    return None
                k_hi = buf[3] << 8 | buf[2]
                k_lo = buf[1] << 8 | buf[0]
                if k_hi < hi or k_hi == hi and k_lo < lo:
                    low = mid + 1
                elif k_hi == hi and k_lo == lo:
                    f.seek(_HEADER + mid * _ENTRY)
                    if f.readinto(buf) != 16:
                        return None
                    start = -1 if buf[7] else buf[4] | buf[5] << 8 | buf[6] << 16  # (24 bits at most)
                    end = -1 if buf[15] else buf[12] | buf[13] << 8 | buf[14] << 16
                    if start < self.texts or end > self.size or not 0 <= end - start <= _LONGEST:
                        return None
                    f.seek(start)
                    return str(f.read(end - start), "utf-8")
                else:
                    high = mid - 1
        except (OSError, ValueError):  # (UnicodeError is a ValueError)
            return None
        return None


_open = [None]  # the Catalog in use (the app keeps this module while it is loaded)
