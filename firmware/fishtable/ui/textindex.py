"""A catalog's index by English (fishtable.ui.catalog): for a text made at run time (a str passed
to `t`, a record's word "snail") on a board set to another language than English.

A key is a 24-bit hash of the English text's UTF-8 bytes and its length; the index's keys are
sorted: a lookup hashes the English, finds its key by a binary search (seeking, 6 bytes a step)
and reads the text of its ID.  Imported only for another language than English.
"""

from micropython import const

from fishtable.ui.catalog import Catalog

_HEADER = const(12)  # (fishtable.ui.catalog's)
_KEY = const(6)  # u32 key, u16 ID
_SETS = const(32)  # (fishtable.ui.catalog's)


class Indexed(Catalog):
    """A Catalog that also gives `lookup(english)`: the text or None."""

    def lookup(self, english):
        kept = self.kept
        at = (hash(english) & (_SETS - 1)) << 2
        if kept[at] == english:
            return kept[at + 1]
        if kept[at + 2] == english:
            return kept[at + 3]
        n = self._find(english)
        return self.keep(at, english, None if n < 0 else self.at(n))

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
        head = memoryview(buf)[:_KEY]
        low = 0
        high = self.count - 1
        try:
            while low <= high:
                mid = (low + high) >> 1
                f.seek(_HEADER + mid * _KEY)
                if f.readinto(head) != _KEY:
                    return -1
                k_hi = buf[3] << 8 | buf[2]
                k_lo = buf[1] << 8 | buf[0]
                buf[2] = buf[3] = 0  # (a word the collector might take for a pointer)
                if k_hi < hi or k_hi == hi and k_lo < lo:
                    low = mid + 1
                elif k_hi == hi and k_lo == lo:
                    return buf[4] | buf[5] << 8
                else:
                    high = mid - 1
        except OSError:
            return -1
        return -1
