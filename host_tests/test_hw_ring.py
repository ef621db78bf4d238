"""The LED ring: brightness cap, current budget, GRB byte order and the patterns.

Each check runs under CPython and the MicroPython unix port (run_fw) and prints JSON.
"""

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

PRELUDE = """
import sys, json
sys.path.insert(0, %r)
import devices
machine = devices.install()
from devices.neopixel_model import NeoPixel, PlainPixels
from fishtable.hw.ring import Ring

def current_ma(frame, ma_per_channel=20):
    return sum(sum(rgb) for rgb in frame) * ma_per_channel / 255
""" % TOOLS


def run_json(run_fw, body):
    out = run_fw(PRELUDE + body)
    return json.loads(out.strip().splitlines()[-1])


LIMITS = """
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
print(json.dumps(res))
"""


def test_brightness_cap_and_current_budget(run_fw):
    res = run_json(run_fw, LIMITS)
    assert res["level"] == 64 and res["level_after_set"] == 64
    assert res["capped_max"] == 64
    assert res["capped_ma"] <= 300
    assert 290 <= res["budget_ma"] <= 300  # scaled down to the budget, not far below it
    assert res["budget_estimate"] >= res["budget_ma"] - 1
    assert res["budget_even"]
    assert res["single"] == [255, 0, 0]


ORDER = """
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
print(json.dumps(res))
"""


def test_wire_bytes_are_grb(run_fw):
    res = run_json(run_fw, ORDER)
    # red, green, blue LEDs -> bytes G,R,B per LED
    assert res["raw"] == [0, 255, 0, 255, 0, 0, 0, 0, 255]
    assert res["colours"] == [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
    assert res["plain"] == res["colours"]  # same frame without the NeoPixel buffer


PATTERNS = """
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
print(json.dumps(res))
"""


def test_patterns(run_fw):
    res = run_json(run_fw, PATTERNS)
    assert res["player"] == [[0, 200, 0]] * 12
    spin = res["spinner"]
    assert spin[1] == [200, 0, 0] and spin[0] == [50, 0, 0] and spin[11] == [12, 0, 0]
    assert sum(1 for c in spin if c != [0, 0, 0]) == 3
    assert res["celebrate"][:4] == [[0, 200, 0], [0, 0, 200], [200, 0, 0], [0, 200, 0]]
    assert res["off_written"]


def test_show_allocates_nothing_under_micropython():
    import mprun

    out = mprun.run_code("micropython", PRELUDE + """
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
print((free - gc.mem_free()) // 20)
""")
    assert int(out.split()[-1]) < 16
