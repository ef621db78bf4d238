"""The record reader and writer under both interpreters (test_record.py)."""

from fishtable.core.errors import RecordError
from fishtable.core.record import read_stream, read_text


def round_trip(text):
    """[repr of the statements of `text`, its lines joined by "|", a refused cover's line and reason]."""
    m = read_text(text)
    out = [repr(m.statements), "|".join(m.lines())]
    try:
        read_text("fishtable 1\ngame yofish\nplayers 3\ncover 2 5\n")
    except RecordError as e:
        out.append("%s %s" % (e.line, e.reason))
    return out


class Pattern:
    """A stream: `head`, then `count` times the bytes of `body` in turn, then LF: big, never in
    memory, and reading it allocates nothing once the head is out."""

    def __init__(self, head, body, count):
        self.head, self.body, self.count = head, body, count
        self.at = 0

    def readinto(self, buf):
        if self.head:
            n = len(self.head)
            buf[:n] = self.head
            self.head = b""
            return n
        n = min(len(buf), self.count - self.at + 1)
        body = self.body
        size = len(body)
        for i in range(n):
            k = self.at + i
            buf[i] = body[k % size] if k < self.count else 10
        self.at += n
        return n


def huge_lines():
    """A 1 MB line and a line of 3000 words read with gc off: [the error, bytes allocated] of each."""
    import gc

    head = b"fishtable 1\ngame yofish\nplayers 3\n"
    out = []
    for stream in (Pattern(head + b"place ", b"9", 1000000),
                   Pattern(head + b"# " + b"\xc3\xa9" * 50 + b"\n", b"1 ", 6000)):
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        try:
            read_stream(stream)
        except RecordError as err:
            out.append(str(err))
        out.append(gc.mem_alloc() - before)
        gc.enable()
    return out
