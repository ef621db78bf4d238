"""A `neopixel` stand-in that records every frame written (host only).

`NeoPixel` keeps its bytes in `buf` in the WS2812's G, R, B order (`ORDER`, like the
MicroPython class); `write()` records the raw bytes and the decoded (r, g, b) colours.
`PlainPixels` has only `pixels[i] = (r, g, b)` and `write()`, for code that must not
depend on `buf`.
"""

ORDER_GRB = (1, 0, 2, 3)
instances = []  # every NeoPixel made, newest last


class NeoPixel:
    """neopixel.NeoPixel(pin, n, bpp=3): frames in `frames`, raw GRB bytes in `raw`."""

    ORDER = ORDER_GRB

    def __init__(self, pin, n, bpp=3, timing=1, keep=2000):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.timing = timing
        self.buf = bytearray(n * bpp)
        self.frames = []
        self.raw = []
        self.keep = keep
        self.light = False  # True: keep only the last frame, in `last_raw` (a long run: no allocation)
        self.last_raw = bytearray(n * bpp)
        self.writes = 0
        instances.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, colour):
        offset = i * self.bpp
        for j in range(self.bpp):
            self.buf[offset + self.ORDER[j]] = colour[j]

    def __getitem__(self, i):
        offset = i * self.bpp
        return tuple(self.buf[offset + self.ORDER[j]] for j in range(self.bpp))

    def fill(self, colour):
        for i in range(self.n):
            self[i] = colour

    def colours(self):
        """The current (r, g, b) of each LED, decoded from the G, R, B bytes."""
        return [self[i] for i in range(self.n)]

    def write(self):
        self.writes += 1
        if self.light:
            self.last_raw[:] = self.buf
            return
        self.raw.append(bytes(self.buf))
        self.frames.append(self.colours())
        if len(self.frames) > self.keep:
            self.frames.pop(0)
            self.raw.pop(0)


class PlainPixels:
    """Only item assignment and write(): frames of (r, g, b) in `frames`."""

    def __init__(self, n):
        self.n = n
        self._colours = [(0, 0, 0)] * n
        self.frames = []

    def __len__(self):
        return self.n

    def __setitem__(self, i, colour):
        self._colours[i] = tuple(colour)

    def write(self):
        self.frames.append(list(self._colours))
