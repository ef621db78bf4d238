"""Scan's board code for test_scan.py: payloads, QR matrices and the Scan screen's frame, under
CPython and the MicroPython unix port.  Games come on stdin one a line as JSON
[record text, page or null, date or null, played or null] (all at once would not fit the Pico's heap)."""

import json
import sys

from fishtable.core.record import read_text


def _games():
    """Each line of JSON on stdin, parsed, up to the first blank line (or the end)."""
    while True:
        line = sys.stdin.readline()
        if not line.strip():
            return
        yield json.loads(line)


def payloads():
    """Print [kind, payload text] of each game on stdin; returns the games."""
    from fishtable.ui import share

    count = 0
    for text, page, date, played in _games():
        kind, data = share.payload(read_text(text), page, date, played)
        print(json.dumps([kind, data.decode()]))
        count += 1
    return count


def matrices():
    """For each payload on stdin (a line of JSON text, or [text, version, level] for that version
    and level), print [version, level, mask, the matrix as a string of 0 and 1, row by row];
    returns the payloads."""
    from fishtable.ui import qr

    count = 0
    for found in _games():
        if isinstance(found, list):
            code = qr.make(found[0].encode(), found[1], found[2])
        else:
            code = qr.make(found.encode())
        n = code.size
        bits = bytearray(n * n)
        for k in range(n * n):
            bits[k] = 49 if code.matrix[k] & 1 else 48
        print('[%d, %d, %d, "%s"]' % (code.version, code.level, code.mask, bits.decode()))
        code = bits = None
        count += 1
    return count


def scores():
    """For each payload on stdin (a line of JSON text), print [version, level, the 8 penalty scores,
    then the matrix under each mask before the format information, as 8 strings of 0 and 1];
    returns the payloads."""
    from fishtable.ui import qr

    count = 0
    for found in _games():
        data = found.encode()
        version, level = qr.fit(len(data))
        code = qr.Code(version, level)
        code._functions()
        code._place(qr._codewords(data, version, level))
        unmasked = bytearray(code.matrix)
        sys.stdout.write("[%d, %d, %s" % (version, level, json.dumps(code.scores())))
        n = code.size
        bits = bytearray(n * n)
        for mask in range(8):
            code.matrix[:] = unmasked
            code._flip(mask)
            for k in range(n * n):
                bits[k] = 49 if code.matrix[k] & 1 else 48
            sys.stdout.write(', "%s"' % bits.decode())
        print("]")
        code = unmasked = bits = None
        count += 1
    return count


def frame(kind, payload):
    """The Scan screen's frame (1024 bytes MONO_VLSB, as hex) showing the code of `payload`."""
    import devices

    devices.install()
    import framebuf

    from fishtable.ui import draw, qr
    from fishtable.ui.scan import Scan

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    screen = Scan(None)
    screen.show(kind, qr.make(payload.encode()))
    draw.begin(fb)
    screen.draw(None, fb)
    return "".join("%02x" % b for b in buf)
