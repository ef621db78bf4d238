"""A MicroPython-compatible `framebuf` for CircuitPython (which has none built in).

The subset the app draws with: MONO_VLSB (the SSD1306 layout) for drawing, MONO_HLSB and
MONO_HMSB as `blit` sources; fill, pixel, hline, vline, rect, fill_rect, line, text, blit.
Every call gives the same pixels as MicroPython's C `framebuf` (same clipping, the same line
algorithm, the same 8x8 font, read from font8x8.bin next to this module: see `load_font`);
host_tests/test_circuitpython.py compares them byte for byte against the MicroPython unix port.
Not provided: scroll, ellipse, poly, colour formats.

On the host (CPython) tools/devices installs this module as `framebuf`, with the font drawn by
the MicroPython unix port (tools/devices/font.py).
"""

MONO_VLSB = 0
MVLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4


def _folder(path):
    """The folder part of `path` with its trailing separator ("" for a bare name)."""
    cut = max(path.rfind("/"), path.rfind("\\"))
    return path[: cut + 1]


# MicroPython's 8x8 font for characters 32..127, 8 column bytes each (bit 0 = top row): a file
# next to this module (tools/deploy_cp.py writes it; tools/devices/font.py draws it with the
# MicroPython unix port).  The host points FONT_PATH elsewhere or calls load_font().
FONT_PATH = _folder(__file__) + "font8x8.bin"
FONT_SIZE = 768
_font = None


def load_font(path=None):
    """Read the font from `path` (default FONT_PATH) and draw text with it from now on; returns it."""
    global _font
    path = path or FONT_PATH
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        raise OSError("no font %s (tools/deploy_cp.py puts it there)" % path)
    if len(data) != FONT_SIZE:
        raise ValueError("%s: %d bytes, not an 8x8 font" % (path, len(data)))
    _font = data
    return data


def font():
    """The font bytes (96 glyphs x 8 columns), read from FONT_PATH on first use."""
    return _font or load_font()


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
        glyphs = font()
        for code in s.encode():
            if not code:
                break  # MicroPython reads the text as a C string: a NUL ends it
            if code < 32 or code > 127:
                code = 127
            base = (code - 32) * 8
            for j in range(8):
                self._column(x + j, y, glyphs[base + j], c)
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
