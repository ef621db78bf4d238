"""The WS2812 ring on CircuitPython: `fishtable.hw.ring.Ring` over the `neopixel` library.

The patterns, the brightness and the current budget are the MicroPython ring's own code
(`fishtable.hw.ring` is pure Python); only the pixel object differs: Adafruit's
`neopixel.NeoPixel` with its own brightness at 1.0 (the Ring dims) and no auto-write (the
Ring writes once a frame), in the WS2812's G, R, B byte order.
"""

from fishtable.hw.ring import Ring


def open_ring(pin, count, brightness=32, cap=64, budget_ma=300, ma_per_channel=20):
    """A Ring of `count` LEDs on `pin` (a board.GPn pin)."""
    import neopixel  # type: ignore

    pixels = neopixel.NeoPixel(pin, count, brightness=1.0, auto_write=False, pixel_order=neopixel.GRB)
    return Ring(pixels, count, brightness, cap, budget_ma, ma_per_channel)
