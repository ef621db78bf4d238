"""A `framebuf` stand-in for CPython (host only; MicroPython has the real module).

Same names and drawing calls as MicroPython's framebuf for the formats the firmware uses
(MONO_VLSB, MONO_HLSB, MONO_HMSB, GS8).  The 8x8 font for text() is taken from the
installed MicroPython unix port (rendered once and cached in build/devices/), so text on
the host looks exactly like on the board; without it, characters draw as boxes.
"""

import os
import subprocess
import sys

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT_CACHE = os.path.join(ROOT, "build", "devices", "font8x8.bin")
_FONT_SCRIPT = (
    "import framebuf, sys, binascii\n"
    "b = bytearray(8)\n"
    "f = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)\n"
    "out = bytearray()\n"
    "for c in range(32, 128):\n"
    "    f.fill(0)\n"
    "    f.text(chr(c), 0, 0, 1)\n"
    "    out.extend(b)\n"
    "print(binascii.hexlify(out).decode())\n"
)
_font = []


def _micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    venv = os.path.join(ROOT, ".venv", "bin", "micropython")
    return venv if os.path.exists(venv) else "micropython"


def font():
    """96 glyphs (chr 32..127) of 8 MONO_VLSB column bytes each."""
    if _font:
        return _font[0]
    data = None
    try:
        with open(FONT_CACHE, "rb") as f:
            data = f.read()
    except OSError:
        pass
    if data is None or len(data) != 768:
        try:
            out = subprocess.run([_micropython(), "-c", _FONT_SCRIPT], capture_output=True, text=True, timeout=20)
            data = bytes.fromhex(out.stdout.strip())
            if len(data) == 768:
                os.makedirs(os.path.dirname(FONT_CACHE), exist_ok=True)
                tmp = "%s.%d" % (FONT_CACHE, os.getpid())
                with open(tmp, "wb") as f:
                    f.write(data)
                os.replace(tmp, FONT_CACHE)
        except (OSError, ValueError, subprocess.SubprocessError):
            data = None
    if data is None or len(data) != 768:
        box = bytes((0x7F, 0x41, 0x41, 0x41, 0x41, 0x41, 0x7F, 0x00))
        data = bytes(8) + box * 95
    _font.append(data)
    return data


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format, stride=width)."""

    def __init__(self, buffer, width, height, format, stride=None):
        if format not in (MONO_VLSB, MONO_HLSB, MONO_HMSB, GS8):
            raise ValueError("framebuf_host: format %d not modelled" % format)
        self._buf = buffer
        self._w = width
        self._h = height
        self._fmt = format
        self._stride = width if stride is None else stride

    # -- pixels ---------------------------------------------------------------------------

    def _get(self, x, y):
        f = self._fmt
        if f == MONO_VLSB:
            return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1
        if f == GS8:
            return self._buf[y * self._stride + x]
        index = (y * self._stride + x) >> 3
        bit = x & 7
        if f == MONO_HLSB:
            return (self._buf[index] >> (7 - bit)) & 1
        return (self._buf[index] >> bit) & 1

    def _set(self, x, y, c):
        f = self._fmt
        if f == GS8:
            self._buf[y * self._stride + x] = c & 0xFF
            return
        if f == MONO_VLSB:
            index = (y >> 3) * self._stride + x
            mask = 1 << (y & 7)
        else:
            index = (y * self._stride + x) >> 3
            mask = 0x80 >> (x & 7) if f == MONO_HLSB else 1 << (x & 7)
        if c & 1:
            self._buf[index] |= mask
        else:
            self._buf[index] &= ~mask & 0xFF

    def pixel(self, x, y, c=None):
        if not (0 <= x < self._w and 0 <= y < self._h):
            return None if c is None else None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    # -- shapes ---------------------------------------------------------------------------

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self._w, x + w), min(self._h, y + h)
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                self._set(xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self._w, self._h, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x0, y0, x1, y1, c):
        """Bresenham: step along the longer axis, the other one when the error reaches 0."""
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        sx = 1 if x1 > x0 else -1
        sy = 1 if y1 > y0 else -1
        steep = dy > dx
        if steep:
            x0, y0, dx, dy, sx, sy = y0, x0, dy, dx, sy, sx
        err = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self.pixel(y0, x0, c)
            else:
                self.pixel(x0, y0, c)
            while err >= 0:
                y0 += sy
                err -= 2 * dx
            x0 += sx
            err += 2 * dy
        self.pixel(x1, y1, c)

    def _quadrants(self, cx, cy, x, y, c, f, m):
        if f:
            if m & 1:
                self.fill_rect(cx, cy - y, x + 1, 1, c)
            if m & 2:
                self.fill_rect(cx - x, cy - y, x + 1, 1, c)
            if m & 4:
                self.fill_rect(cx - x, cy + y, x + 1, 1, c)
            if m & 8:
                self.fill_rect(cx, cy + y, x + 1, 1, c)
        else:
            if m & 1:
                self.pixel(cx + x, cy - y, c)
            if m & 2:
                self.pixel(cx - x, cy - y, c)
            if m & 4:
                self.pixel(cx - x, cy + y, c)
            if m & 8:
                self.pixel(cx + x, cy + y, c)

    def ellipse(self, x, y, xr, yr, c, f=False, m=15):
        """Kennedy's midpoint ellipse: two runs of points, where the slope is above and below 1."""
        a2, b2 = xr * xr, yr * yr
        two_a2, two_b2 = 2 * a2, 2 * b2
        px, py = xr, 0
        dx, dy = b2 * (1 - 2 * xr), a2
        err = 0
        stop_x, stop_y = two_b2 * xr, 0
        while stop_x >= stop_y:
            self._quadrants(x, y, px, py, c, f, m)
            py += 1
            stop_y += two_a2
            err += dy
            dy += two_a2
            if 2 * err + dx > 0:
                px -= 1
                stop_x -= two_b2
                err += dx
                dx += two_b2
        px, py = 0, yr
        dx, dy = b2, a2 * (1 - 2 * yr)
        err = 0
        stop_x, stop_y = 0, two_a2 * yr
        while stop_x <= stop_y:
            self._quadrants(x, y, px, py, c, f, m)
            px += 1
            stop_x += two_b2
            err += dx
            dx += two_b2
            if 2 * err + dy > 0:
                py -= 1
                stop_y -= two_a2
                err += dy
                dy += two_a2

    def poly(self, x, y, coords, c, f=False):
        """Outline: each point joined to the one before it.  Fill: scanlines between edge
        crossings (may differ from MicroPython by a pixel at some edges)."""
        n = len(coords) // 2
        if n == 0:
            return
        if f:
            ys = [coords[2 * i + 1] for i in range(n)]
            for row in range(min(ys), max(ys) + 1):
                nodes = []
                for i in range(n):
                    j = (i - 1) % n
                    ax, ay, bx, by = coords[2 * i], coords[2 * i + 1], coords[2 * j], coords[2 * j + 1]
                    if ay <= row < by or by <= row < ay:
                        nodes.append(ax + ((2 * (row - ay) * (bx - ax) + (by - ay)) // (2 * (by - ay))))
                    elif ay == row and by < row and coords[2 * ((i + 1) % n) + 1] < row:
                        nodes.extend((ax, ax))  # a bottom vertex: one pixel
                nodes.sort()
                for k in range(0, len(nodes) - 1, 2):
                    self.fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, c)
            return
        for i in range(n):
            j = (i - 1) % n
            self.line(x + coords[2 * i], y + coords[2 * i + 1], x + coords[2 * j], y + coords[2 * j + 1], c)

    # -- text, blit, scroll ---------------------------------------------------------------

    def text(self, s, x, y, c=1):
        glyphs = font()
        for ch in s:
            code = ord(ch)
            if code < 32 or code > 127:
                code = 127
            base = (code - 32) * 8
            for col in range(8):
                bits = glyphs[base + col]
                xx = x + col
                if 0 <= xx < self._w:
                    for row in range(8):
                        if bits & (1 << row):
                            self.pixel(xx, y + row, c)
            x += 8

    def blit(self, fbuf, x, y, key=-1, palette=None):
        for yy in range(fbuf._h):
            for xx in range(fbuf._w):
                v = fbuf._get(xx, yy)
                if palette is not None:
                    v = palette.pixel(v, 0)
                if v != key:
                    self.pixel(x + xx, y + yy, v)

    def scroll(self, xstep, ystep):
        w, h = self._w, self._h
        old = [[self._get(xx, yy) for xx in range(w)] for yy in range(h)]
        for yy in range(h):
            for xx in range(w):
                sx, sy = xx - xstep, yy - ystep
                if 0 <= sx < w and 0 <= sy < h:
                    self._set(xx, yy, old[sy][sx])


def FrameBuffer1(buffer, width, height, stride=None):
    """Old name: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
