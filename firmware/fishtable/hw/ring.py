"""The WS2812 ring: patterns drawn into a frame, `show()` dims and limits the current.

Colours are (r, g, b) tuples, 0..255, at full scale.  The patterns only change the frame;
`show()` applies the brightness (0..255, never above `cap`), then scales the whole frame
down so the estimated current (`ma_per_channel` mA for one channel at 255) stays within
`budget_ma`, and writes it.  The WS2812 wants its bytes in G, R, B order: the NeoPixel
object does that reordering (its `ORDER`); the ring writes RGB values into it.
"""

from micropython import const

_FULL = const(255)


class Ring:
    """A ring of `count` LEDs driven through a NeoPixel-like `pixels` object."""

    def __init__(self, pixels, count, brightness=32, cap=64, budget_ma=300, ma_per_channel=20):
        self.pixels = pixels
        self.count = count
        self.cap = max(0, min(_FULL, cap))
        self.level = 0
        self.rest = 0  # 0: at its brightness, 1: faded to a quarter of it, 2: dark (from the next show())
        self.budget_ma = budget_ma
        self.ma_per_channel = ma_per_channel
        self.current_ma = 0  # the estimate for the last frame shown
        self.frame = bytearray(3 * count)  # r, g, b per LED at full scale
        self._out = bytearray(3 * count)  # after brightness and the current budget
        # NeoPixel keeps its bytes in `buf` (in the LED's order given by `ORDER`): write there
        # directly when we can, else fall back to pixels[i] = (r, g, b).
        buf = getattr(pixels, "buf", None)
        order = getattr(pixels, "ORDER", None)
        self._direct = buf is not None and order is not None and len(buf) == 3 * count
        self._order = tuple(order[:3]) if self._direct else (0, 1, 2)
        self.set_brightness(brightness)

    def set_brightness(self, level):
        """Set the brightness 0..255, clamped to the cap."""
        self.level = max(0, min(self.cap, level))

    def set(self, index, rgb):
        """Colour one LED (index taken modulo the count)."""
        i = 3 * (index % self.count)
        f = self.frame
        f[i] = rgb[0]
        f[i + 1] = rgb[1]
        f[i + 2] = rgb[2]

    def _dim(self, index, rgb, shift):
        i = 3 * (index % self.count)
        f = self.frame
        f[i] = rgb[0] >> shift
        f[i + 1] = rgb[1] >> shift
        f[i + 2] = rgb[2] >> shift

    def clear(self):
        """All LEDs dark in the frame."""
        f = self.frame
        for i in range(len(f)):
            f[i] = 0

    def fill(self, rgb):
        """All LEDs one colour."""
        for i in range(self.count):
            self.set(i, rgb)

    def player(self, rgb):
        """The whole ring in the colour of the player to move."""
        self.fill(rgb)

    def spinner(self, step, rgb):
        """One bright LED at `step` with a fading tail of two."""
        self.clear()
        self._dim(step, rgb, 0)
        self._dim(step - 1, rgb, 2)
        self._dim(step - 2, rgb, 4)

    def celebrate(self, step, colours):
        """The colours running round the ring, moving one LED per step."""
        n = len(colours)
        if n == 0:
            self.clear()
            return
        for i in range(self.count):
            self.set(i, colours[(i + step) % n])

    def show(self):
        """Write the frame with brightness and the current budget applied."""
        f = self.frame
        out = self._out
        level = self.level >> (2 * self.rest) if self.rest < 2 else 0
        total = 0
        for i in range(len(f)):
            v = f[i] * level // _FULL
            out[i] = v
            total += v
        limit = self.budget_ma * _FULL // self.ma_per_channel  # channel units the budget allows
        if total > limit:
            scaled = 0
            for i in range(len(out)):
                v = out[i] * limit // total
                out[i] = v
                scaled += v
            total = scaled
        self.current_ma = (total * self.ma_per_channel + _FULL - 1) // _FULL
        pixels = self.pixels
        if self._direct:
            buf = pixels.buf
            r, g, b = self._order
            for i in range(0, len(out), 3):
                buf[i + r] = out[i]
                buf[i + g] = out[i + 1]
                buf[i + b] = out[i + 2]
        else:
            for i in range(self.count):
                j = 3 * i
                pixels[i] = (out[j], out[j + 1], out[j + 2])
        pixels.write()
