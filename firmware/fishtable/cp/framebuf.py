"""A MicroPython-compatible `framebuf` for CircuitPython (which has none built in).

The subset the app draws with: MONO_VLSB (the SSD1306 layout) for drawing, MONO_HLSB and
MONO_HMSB as `blit` sources; fill, pixel, hline, vline, rect, fill_rect, line, text, blit.
Every call gives the same pixels as MicroPython's C `framebuf` (same clipping, the same line
algorithm, the same 8x8 font); host_tests/test_circuitpython.py compares them byte for byte
against the MicroPython unix port.  Not provided: scroll, ellipse, poly, colour formats.
"""

MONO_VLSB = 0
MVLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4

# MicroPython's built-in 8x8 font for characters 32..127, 8 column bytes each (bit 0 = top row),
# as the MicroPython unix port renders it (the test checks every character against it).
FONT = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x4f\x4f\x00\x00\x00"  # ' ' '!'
    b"\x00\x07\x07\x00\x00\x07\x07\x00\x14\x7f\x7f\x14\x14\x7f\x7f\x14"  # '"' '#'
    b"\x00\x24\x2e\x6b\x6b\x3a\x12\x00\x00\x63\x33\x18\x0c\x66\x63\x00"  # '$' '%'
    b"\x00\x32\x7f\x4d\x4d\x77\x72\x50\x00\x00\x00\x04\x06\x03\x01\x00"  # '&' "'"
    b"\x00\x00\x1c\x3e\x63\x41\x00\x00\x00\x00\x41\x63\x3e\x1c\x00\x00"  # '(' ')'
    b"\x08\x2a\x3e\x1c\x1c\x3e\x2a\x08\x00\x08\x08\x3e\x3e\x08\x08\x00"  # '*' '+'
    b"\x00\x00\x80\xe0\x60\x00\x00\x00\x00\x08\x08\x08\x08\x08\x08\x00"  # ',' '-'
    b"\x00\x00\x00\x60\x60\x00\x00\x00\x00\x40\x60\x30\x18\x0c\x06\x02"  # '.' '/'
    b"\x00\x3e\x7f\x49\x45\x7f\x3e\x00\x00\x40\x44\x7f\x7f\x40\x40\x00"  # '0' '1'
    b"\x00\x62\x73\x51\x49\x4f\x46\x00\x00\x22\x63\x49\x49\x7f\x36\x00"  # '2' '3'
    b"\x00\x18\x18\x14\x16\x7f\x7f\x10\x00\x27\x67\x45\x45\x7d\x39\x00"  # '4' '5'
    b"\x00\x3e\x7f\x49\x49\x7b\x32\x00\x00\x03\x03\x79\x7d\x07\x03\x00"  # '6' '7'
    b"\x00\x36\x7f\x49\x49\x7f\x36\x00\x00\x26\x6f\x49\x49\x7f\x3e\x00"  # '8' '9'
    b"\x00\x00\x00\x24\x24\x00\x00\x00\x00\x00\x80\xe4\x64\x00\x00\x00"  # ':' ';'
    b"\x00\x08\x1c\x36\x63\x41\x41\x00\x00\x14\x14\x14\x14\x14\x14\x00"  # '<' '='
    b"\x00\x41\x41\x63\x36\x1c\x08\x00\x00\x02\x03\x51\x59\x0f\x06\x00"  # '>' '?'
    b"\x00\x3e\x7f\x41\x4d\x4f\x2e\x00\x00\x7c\x7e\x0b\x0b\x7e\x7c\x00"  # '@' 'A'
    b"\x00\x7f\x7f\x49\x49\x7f\x36\x00\x00\x3e\x7f\x41\x41\x63\x22\x00"  # 'B' 'C'
    b"\x00\x7f\x7f\x41\x63\x3e\x1c\x00\x00\x7f\x7f\x49\x49\x41\x41\x00"  # 'D' 'E'
    b"\x00\x7f\x7f\x09\x09\x01\x01\x00\x00\x3e\x7f\x41\x49\x7b\x3a\x00"  # 'F' 'G'
    b"\x00\x7f\x7f\x08\x08\x7f\x7f\x00\x00\x00\x41\x7f\x7f\x41\x00\x00"  # 'H' 'I'
    b"\x00\x20\x60\x41\x7f\x3f\x01\x00\x00\x7f\x7f\x1c\x36\x63\x41\x00"  # 'J' 'K'
    b"\x00\x7f\x7f\x40\x40\x40\x40\x00\x00\x7f\x7f\x06\x0c\x06\x7f\x7f"  # 'L' 'M'
    b"\x00\x7f\x7f\x0e\x1c\x7f\x7f\x00\x00\x3e\x7f\x41\x41\x7f\x3e\x00"  # 'N' 'O'
    b"\x00\x7f\x7f\x09\x09\x0f\x06\x00\x00\x1e\x3f\x21\x61\x7f\x5e\x00"  # 'P' 'Q'
    b"\x00\x7f\x7f\x19\x39\x6f\x46\x00\x00\x26\x6f\x49\x49\x7b\x32\x00"  # 'R' 'S'
    b"\x00\x01\x01\x7f\x7f\x01\x01\x00\x00\x3f\x7f\x40\x40\x7f\x3f\x00"  # 'T' 'U'
    b"\x00\x1f\x3f\x60\x60\x3f\x1f\x00\x00\x7f\x7f\x30\x18\x30\x7f\x7f"  # 'V' 'W'
    b"\x00\x63\x77\x1c\x1c\x77\x63\x00\x00\x07\x0f\x78\x78\x0f\x07\x00"  # 'X' 'Y'
    b"\x00\x61\x71\x59\x4d\x47\x43\x00\x00\x00\x7f\x7f\x41\x41\x00\x00"  # 'Z' '['
    b"\x00\x02\x06\x0c\x18\x30\x60\x40\x00\x00\x41\x41\x7f\x7f\x00\x00"  # '\\' ']'
    b"\x00\x08\x0c\x06\x06\x0c\x08\x00\xc0\xc0\xc0\xc0\xc0\xc0\xc0\xc0"  # '^' '_'
    b"\x00\x00\x01\x03\x06\x04\x00\x00\x00\x20\x74\x54\x54\x7c\x78\x00"  # '`' 'a'
    b"\x00\x7f\x7f\x44\x44\x7c\x38\x00\x00\x38\x7c\x44\x44\x6c\x28\x00"  # 'b' 'c'
    b"\x00\x38\x7c\x44\x44\x7f\x7f\x00\x00\x38\x7c\x54\x54\x5c\x58\x00"  # 'd' 'e'
    b"\x00\x08\x7e\x7f\x09\x03\x02\x00\x00\x98\xbc\xa4\xa4\xfc\x7c\x00"  # 'f' 'g'
    b"\x00\x7f\x7f\x04\x04\x7c\x78\x00\x00\x00\x00\x7d\x7d\x00\x00\x00"  # 'h' 'i'
    b"\x00\x40\xc0\x80\x80\xfd\x7d\x00\x00\x7f\x7f\x30\x38\x6c\x44\x00"  # 'j' 'k'
    b"\x00\x00\x41\x7f\x7f\x40\x00\x00\x00\x7c\x7c\x18\x30\x18\x7c\x7c"  # 'l' 'm'
    b"\x00\x7c\x7c\x04\x04\x7c\x78\x00\x00\x38\x7c\x44\x44\x7c\x38\x00"  # 'n' 'o'
    b"\x00\xfc\xfc\x24\x24\x3c\x18\x00\x00\x18\x3c\x24\x24\xfc\xfc\x00"  # 'p' 'q'
    b"\x00\x7c\x7c\x04\x04\x0c\x08\x00\x00\x48\x5c\x54\x54\x74\x20\x00"  # 'r' 's'
    b"\x04\x04\x3f\x7f\x44\x64\x20\x00\x00\x3c\x7c\x40\x40\x7c\x3c\x00"  # 't' 'u'
    b"\x00\x1c\x3c\x60\x60\x3c\x1c\x00\x00\x1c\x7c\x30\x18\x30\x7c\x1c"  # 'v' 'w'
    b"\x00\x44\x6c\x38\x38\x6c\x44\x00\x00\x9c\xbc\xa0\xa0\xfc\x7c\x00"  # 'x' 'y'
    b"\x00\x44\x64\x74\x5c\x4c\x44\x00\x00\x08\x08\x3e\x77\x41\x41\x00"  # 'z' '{'
    b"\x00\x00\x00\xff\xff\x00\x00\x00\x00\x41\x41\x77\x3e\x08\x08\x00"  # '|' '}'
    b"\x00\x02\x03\x01\x03\x02\x03\x01\xaa\x55\xaa\x55\xaa\x55\xaa\x55"  # '~' '\x7f'
)


def _source(src):
    """(buffer, width, height, format, stride) of a blit source: a FrameBuffer or a tuple."""
    if isinstance(src, FrameBuffer):
        return src.buffer, src.width, src.height, src.format, src.stride
    fmt = src[3]
    stride = src[4] if len(src) > 4 else src[1]
    if fmt != MONO_VLSB:
        stride = (stride + 7) & ~7
    return src[0], src[1], src[2], fmt, stride


def _get(buf, fmt, stride, x, y):
    """The pixel at x, y of a mono buffer (no bounds check)."""
    if fmt == MONO_VLSB:
        return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1
    i = (x + y * stride) >> 3
    if fmt == MONO_HLSB:
        return (buf[i] >> (7 - (x & 7))) & 1
    return (buf[i] >> (x & 7)) & 1


class FrameBuffer:
    """A monochrome frame buffer over `buf`, `width` x `height` pixels (MicroPython's API)."""

    def __init__(self, buf, width, height, format=MONO_VLSB, stride=None):  # noqa: A002 (MicroPython's name)
        if format not in (MONO_VLSB, MONO_HLSB, MONO_HMSB):
            raise ValueError("invalid format")
        if stride is None:
            stride = width
        if format != MONO_VLSB:
            stride = (stride + 7) & ~7
            need = (stride * height + 7) >> 3
        else:
            need = ((height + 7) >> 3) * stride
        if width < 1 or height < 1 or len(buf) < need:
            raise ValueError("buffer too small")
        self.buffer = buf
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride

    # -- single pixels ------------------------------------------------------------------
    def _set(self, x, y, c):
        buf = self.buffer
        fmt = self.format
        if fmt == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            bit = 1 << (y & 7)
        else:
            i = (x + y * self.stride) >> 3
            bit = (0x80 >> (x & 7)) if fmt == MONO_HLSB else (1 << (x & 7))
        if c:
            buf[i] |= bit
        else:
            buf[i] &= ~bit & 0xFF

    def pixel(self, x, y, c=None):
        """Read (c None: 0/1, or None off the buffer) or set the pixel at x, y."""
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None
        if c is None:
            return _get(self.buffer, self.format, self.stride, x, y)
        self._set(x, y, c)
        return None

    # -- rectangles -----------------------------------------------------------------------
    def fill(self, c):
        """Every pixel to colour c."""
        self.fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        """A filled rectangle, clipped to the buffer."""
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format != MONO_VLSB:
            for yy in range(y, yend):
                for xx in range(x, xend):
                    self._set(xx, yy, c)
            return
        buf = self.buffer
        stride = self.stride
        while y < yend:
            top = y & 7
            rows = min(8 - top, yend - y)
            mask = ((1 << rows) - 1) << top
            start = (y >> 3) * stride
            if mask == 0xFF:
                v = 0xFF if c else 0
                for i in range(start + x, start + xend):
                    buf[i] = v
            elif c:
                for i in range(start + x, start + xend):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(start + x, start + xend):
                    buf[i] &= keep
            y += rows

    def hline(self, x, y, w, c):
        """A horizontal line of w pixels."""
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        """A vertical line of h pixels."""
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        """A rectangle outline (or filled with f)."""
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    # -- lines ------------------------------------------------------------------------------
    def line(self, x1, y1, x2, y2, c):
        """A line from x1, y1 to x2, y2 (both ends drawn), MicroPython's Bresenham steps."""
        w = self.width
        h = self.height
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    # -- text -------------------------------------------------------------------------------
    def _column(self, x, y, bits, c):
        """Set the pixels of `bits` (bit 0 at row y, any length) in column x to c, clipped."""
        if x < 0 or x >= self.width:
            return
        if y < 0:
            bits >>= -y
            y = 0
        h = self.height
        if self.format != MONO_VLSB:
            while bits and y < h:
                if bits & 1:
                    self._set(x, y, c)
                bits >>= 1
                y += 1
            return
        if y + 32 > h:
            bits &= (1 << max(0, h - y)) - 1
        buf = self.buffer
        i = (y >> 3) * self.stride + x
        bits <<= y & 7
        while bits:
            m = bits & 0xFF
            if m:
                if c:
                    buf[i] |= m
                else:
                    buf[i] &= ~m & 0xFF
            bits >>= 8
            i += self.stride

    def text(self, s, x, y, c=1):
        """8x8 text at x, y in colour c; only set font pixels are drawn (like MicroPython)."""
        for code in s.encode():
            if code < 32 or code > 127:
                code = 127
            base = (code - 32) * 8
            for j in range(8):
                self._column(x + j, y, FONT[base + j], c)
            x += 8

    # -- copies ---------------------------------------------------------------------------
    def blit(self, src, x, y, key=-1, palette=None):
        """Draw `src` (a FrameBuffer or a (buf, w, h, format[, stride]) tuple) at x, y.

        Pixels equal to `key` are skipped; `palette` (a FrameBuffer) maps source colours."""
        sbuf, sw, sh, sfmt, sstride = _source(src)
        if x >= self.width or y >= self.height or -x >= sw or -y >= sh:
            return
        if palette is not None:
            pbuf, _, _, pfmt, pstride = _source(palette)
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + sw)
        y0end = min(self.height, y + sh)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = _get(sbuf, sfmt, sstride, cx1, y1)
                if palette is not None:
                    col = _get(pbuf, pfmt, pstride, col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1
