"""A binary stream cut into lines through one preallocated buffer (records, settings, roster).

No line, file or line count makes it allocate: a line too long for the buffer is skipped
and marked `overlong`.
"""

from micropython import const

BUFFER = const(256)  # room for a whole valid record line (200 bytes) and its CR LF


class Lines:
    """The lines of a binary stream (anything with `readinto`), read through one buffer.

    `next()` moves to the next line and returns False at the end.  The line is then
    `buf[start:end]` without its LF (and without a CR just before the LF); `ended` is False
    for a last line without LF; `overlong` is True for a line too long for the buffer
    (its bytes are skipped, `start == end`).  `raw_end` is where the line's bytes end
    before the LF (the CR kept).  Only `buf` is allocated, once (pass one to share it).
    """

    def __init__(self, stream, buf=None):
        self.stream = stream
        self.buf = buf if buf is not None else bytearray(BUFFER)
        self._view = memoryview(self.buf)
        self._head = 0  # unread bytes are buf[_head:_tail]
        self._tail = 0
        self._eof = False
        self.start = 0
        self.end = 0
        self.raw_end = 0
        self.ended = True
        self.overlong = False

    def _fill(self):
        """Move the unread bytes to the front and read more after them; False at the end of the stream."""
        buf = self.buf
        head = self._head
        count = self._tail - head
        if head:
            for i in range(count):
                buf[i] = buf[head + i]
            self._head = 0
            self._tail = count
        got = self.stream.readinto(self._view[count:] if count else self._view)
        if not got:
            self._eof = True
            return False
        self._tail = count + got
        return True

    def next(self):
        """Move to the next line; False when the stream has no more."""
        buf = self.buf
        overlong = False
        while True:
            lf = buf.find(b"\n", self._head, self._tail) if self._tail > self._head else -1
            if lf >= 0:
                self.ended = True
                start = self._head
                self._head = lf + 1
                break
            if self._tail - self._head == len(buf):
                overlong = True  # no LF in a whole buffer: skip to the next LF
                self._head = self._tail = 0
            if self._eof or not self._fill():
                if self._tail > self._head or overlong:
                    self.ended = False
                    start = self._head
                    lf = self._tail
                    self._head = self._tail
                    break
                return False
        self.overlong = overlong
        if overlong:
            start = lf
        self.start = start
        self.raw_end = lf
        if self.ended and lf > start and buf[lf - 1] == 13:
            lf -= 1
        self.end = lf
        return True
