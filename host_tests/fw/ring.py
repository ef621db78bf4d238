"""The LED ring over the NeoPixel model (test_hw_ring.py; under CPython and the MicroPython unix port)."""

import devices

machine = devices.install()  # the stand-ins before the firmware's ring

from devices.neopixel_model import NeoPixel, PlainPixels  # noqa: E402

from fishtable.hw.ring import Ring  # noqa: E402


def current_ma(frame, ma_per_channel=20):
    return sum(sum(rgb) for rgb in frame) * ma_per_channel / 255


def limits():
    """The brightness cap and the current budget."""
    res = {}
    px = NeoPixel(machine.Pin(16), 12)
    ring = Ring(px, 12, brightness=200, cap=64, budget_ma=300)
    res["level"] = ring.level
    ring.set_brightness(250)
    res["level_after_set"] = ring.level
    ring.fill((255, 255, 255))
    ring.show()
    res["capped_max"] = max(max(rgb) for rgb in px.frames[-1])
    res["capped_ma"] = current_ma(px.frames[-1])
    # no cap, tiny budget: white at full brightness would draw 720 mA
    px = NeoPixel(machine.Pin(16), 12)
    ring = Ring(px, 12, brightness=255, cap=255, budget_ma=300)
    ring.fill((255, 255, 255))
    ring.show()
    res["budget_ma"] = current_ma(px.frames[-1])
    res["budget_estimate"] = ring.current_ma
    res["budget_even"] = len(set(px.frames[-1])) == 1
    # one red LED alone is within the budget: not dimmed
    ring.clear()
    ring.set(3, (255, 0, 0))
    ring.show()
    res["single"] = px.frames[-1][3]
    return res


def byte_order():
    """The GRB byte order (and RGBW) of what the ring writes."""
    res = {}
    px = NeoPixel(machine.Pin(16), 3)
    ring = Ring(px, 3, brightness=255, cap=255, budget_ma=5000)
    ring.set(0, (255, 0, 0))
    ring.set(1, (0, 255, 0))
    ring.set(2, (0, 0, 255))
    ring.show()
    res["raw"] = list(px.raw[-1])
    res["colours"] = px.frames[-1]
    plain = PlainPixels(3)
    ring2 = Ring(plain, 3, brightness=255, cap=255, budget_ma=5000)
    ring2.set(0, (255, 0, 0))
    ring2.set(1, (0, 255, 0))
    ring2.set(2, (0, 0, 255))
    ring2.show()
    res["plain"] = plain.frames[-1]
    return res


def patterns():
    """The player's colour, the spinner, the celebration, off."""
    res = {}
    px = NeoPixel(machine.Pin(16), 12)
    ring = Ring(px, 12, brightness=255, cap=255, budget_ma=5000)
    R, G, B = (200, 0, 0), (0, 200, 0), (0, 0, 200)

    def shown():
        ring.show()
        return px.frames[-1]

    ring.player(G)
    res["player"] = shown()
    ring.spinner(13, R)
    res["spinner"] = shown()
    ring.celebrate(1, [R, G, B])
    res["celebrate"] = shown()
    frames = len(px.frames)
    ring.clear()
    ring.show()
    res["off_written"] = len(px.frames) == frames + 1 and all(c == (0, 0, 0) for c in px.frames[-1])
    return res


def show_allocations():
    """Bytes allocated per spinner frame shown (MicroPython's gc counts them), on pixels without recording."""
    import gc

    class Pixels:  # the NeoPixel shape without the recording
        ORDER = (1, 0, 2, 3)

        def __init__(self, n):
            self.buf = bytearray(3 * n)

        def write(self):
            pass

    ring = Ring(Pixels(24), 24, brightness=255, cap=255, budget_ma=100)
    ring.fill((255, 255, 255))
    ring.show()
    gc.collect()
    free = gc.mem_free()
    for step in range(20):
        ring.spinner(step, (255, 40, 0))
        ring.show()
    return (free - gc.mem_free()) // 20
