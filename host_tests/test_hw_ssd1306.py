"""The SSD1306 driver against the panel model, which decodes the bytes written over I2C.

Each check runs under CPython and the MicroPython unix port (run_fw) and prints JSON.
"""

import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

PRELUDE = """
import sys, json
sys.path.insert(0, %r)
import devices
machine = devices.install()
machine.reset()
from devices.panel import rotate180_vlsb
from fishtable.hw.ssd1306 import SSD1306
""" % TOOLS


def run_json(run_fw, body):
    out = run_fw(PRELUDE + body)
    return json.loads(out.strip().splitlines()[-1])


FRAMES = """
panel = devices.attach_panel()
bus = machine.bus(0)
d = SSD1306(machine.I2C(0))
res = {"init_ok": d.ok, "lit": panel.lit(), "unknown": panel.unknown, "com_pins": panel.com_pins}
d.fill(0)
d.text("fishtable", 0, 0, 1)
d.rect(0, 12, 128, 40, 1)
d.text2x("12:34", 10, 20)
res["full"] = d.show()
res["full_lit"] = panel.lit()
res["full_equal"] = panel.glass_pages() == d.buffer
res["idle"] = d.show()
# many small random changes, each frame checked against the glass
seed = 7
equal = 0
frames = 0
for frame in range(40):
    for k in range(1 + frame % 4):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = (seed >> 8) % 128
        y = (seed >> 16) % 64
        w = 1 + (seed >> 4) % 30
        h = 1 + (seed >> 12) % 12
        d.fill_rect(x, y, w, h, (seed >> 3) & 1)
    d.show()
    frames += 1
    equal += panel.glass_pages() == d.buffer
res["random_frames"] = frames
res["random_equal"] = equal
# one digit (one page) changes: one window + one data write of that page only
d.fill(0)
d.text("Score 17", 0, 8, 1)
d.show()
before = len(panel.log)
data_before = panel.data_bytes
d.fill_rect(56, 8, 8, 8, 0)
d.text("8", 56, 8, 1)
res["digit"] = d.show()
res["digit_log"] = panel.log[before:]
res["digit_data"] = panel.data_bytes - data_before
res["digit_equal"] = panel.glass_pages() == d.buffer
print(json.dumps(res))
"""


def test_frames_decoded_from_i2c_equal_the_framebuffer(run_fw):
    res = run_json(run_fw, FRAMES)
    assert res["init_ok"] and not res["lit"] and res["unknown"] == [] and res["com_pins"] == 0x12
    assert res["full"] == 7 + 1 + 1024 + 2  # window command + control byte + the frame, then display on
    assert res["full_lit"] and res["full_equal"]
    assert res["idle"] == 0
    assert res["random_equal"] == res["random_frames"] == 40
    # "7" -> "8" changes a few columns of page 1: one window command and one short data write
    assert res["digit_log"][0] == ["cmd", 6]
    assert res["digit_log"][1][0] == "data" and res["digit_log"][1][2][0] == 1
    assert len(res["digit_log"]) == 2
    assert res["digit_data"] <= 8
    assert res["digit"] == 7 + 1 + res["digit_data"]
    assert res["digit_equal"]


FLIP = """
panel = devices.attach_panel()
d = SSD1306(machine.I2C(0), flip=True)
d.fill(0)
d.text("UP", 0, 0, 1)
d.fill_rect(100, 50, 20, 10, 1)
d.show()
res = {"flip_full": panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)}
res["not_plain"] = panel.glass_pages() != d.buffer
d.text("3", 60, 30, 1)
n = d.show()
res["flip_partial"] = panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)
res["flip_partial_bytes"] = n
d.set_flip(False)
res["after_unflip"] = d.show()
res["unflipped"] = panel.glass_pages() == d.buffer
d.set_flip(True)
d.show()
res["reflipped"] = panel.glass_pages() == rotate180_vlsb(d.buffer, 128, 64)
print(json.dumps(res))
"""


def test_flip_turns_the_glass_picture_by_180_degrees(run_fw):
    res = run_json(run_fw, FLIP)
    assert res["flip_full"] and res["not_plain"]
    assert res["flip_partial"] and res["flip_partial_bytes"] < 30
    # the segment remap only applies to newly written data: flipping resends the frame
    assert res["after_unflip"] == 1032
    assert res["unflipped"] and res["reflipped"]


FAULTS = """
panel = devices.attach_panel()
bus = machine.bus(0)
d = SSD1306(machine.I2C(0))
d.text("A", 0, 0, 1)
d.show()
res = {}
bus.fail_next(1)
d.text("B", 8, 0, 1)
res["fail_return"] = d.show()
res["ok_after_fault"] = d.ok
res["errors"] = d.errors
# a glitch: the bus is fine again; the driver retries and resends everything
calls = 0
while not d.ok and calls < 10:
    d.show()
    calls += 1
res["glitch_recovered"] = d.ok
res["glitch_equal"] = panel.glass_pages() == d.buffer
# unplugged for a long time: show() keeps returning, retries back off
bus.unplug(0x3C)
tries_before = d.errors
for i in range(200):
    d.text(str(i % 10), 16, 0, 1)
    d.show()
res["unplugged_ok"] = d.ok
res["retries_while_unplugged"] = d.errors - tries_before
d.contrast(99)
d.power(True)
bus.plug(0x3C)  # the panel comes back freshly powered: dark, noise in RAM
res["dark_after_plug"] = not panel.lit()
calls = 0
while not d.ok and calls < 100:
    d.show()
    calls += 1
res["replug_calls"] = calls
res["replug_ok"] = d.ok
res["replug_lit"] = panel.lit()
res["replug_equal"] = panel.glass_pages() == d.buffer
res["replug_noise"] = panel.noise_shown
res["contrast"] = panel.contrast
print(json.dumps(res))
"""


def test_i2c_fault_is_survived_and_the_panel_recovers(run_fw):
    res = run_json(run_fw, FAULTS)
    assert res["fail_return"] == 0 and res["ok_after_fault"] is False and res["errors"] == 1
    assert res["glitch_recovered"] and res["glitch_equal"]
    assert res["unplugged_ok"] is False
    assert 3 <= res["retries_while_unplugged"] < 20  # backed off, not 200 attempts
    assert res["dark_after_plug"]
    assert res["replug_ok"] and res["replug_lit"] and res["replug_equal"]
    assert res["replug_noise"] is False  # the re-init leaves it dark until the frame is in
    assert res["replug_calls"] <= 33
    assert res["contrast"] == 99  # settings made while away are sent with the re-init


CLEAN_START = """
panel = devices.attach_panel()
bus = machine.bus(0)
res = {"noise_at_power_up": sum(1 for b in panel.ram if b) > 500}
d = SSD1306(machine.I2C(0))
res["dark_after_init"] = not panel.lit()
init_tx = panel.transactions
d.text("hello", 0, 0, 1)
sent = d.show()
res["first_show"] = sent
res["lit"] = panel.lit()
res["lit_at"] = panel.lit_at_transaction - init_tx  # the frame's window, its data, then on
res["noise_shown"] = panel.noise_shown
res["glass_is_frame"] = panel.glass_pages() == d.buffer
res["boot_bytes"] = d.bytes_sent
# the driver as it was: the init sequence switched the display on before any frame
old = devices.attach_panel()
seq = bytearray(d._init_sequence())
seq.append(0xAF)
old.write(bytes(seq))
res["old_noise"] = old.noise_shown
# flip and power while dark: still nothing before a frame
p2 = devices.attach_panel(addr=0x3D)
d2 = SSD1306(machine.I2C(0), 0x3D, flip=True)
d2.power(False)
d2.power(True)
d2.set_flip(False)
res["dark_before_show"] = not p2.lit()
d2.show()
res["lit2"] = p2.lit() and not p2.noise_shown
print(json.dumps(res))
"""


def test_clean_start_the_glass_never_shows_the_ram_noise(run_fw):
    res = run_json(run_fw, CLEAN_START)
    assert res["noise_at_power_up"]  # the model powers up with random RAM, like the chip
    assert res["dark_after_init"]
    assert res["first_show"] == 7 + 1 + 1024 + 2
    assert res["lit"] and res["glass_is_frame"] and res["noise_shown"] is False
    assert res["lit_at"] == 3
    assert res["old_noise"] is True  # the model does catch a panel lit before its RAM is written
    assert res["dark_before_show"] and res["lit2"]
    assert res["boot_bytes"] == 26 + 1032 + 2  # init sequence (display off), the first frame, display on


ABSENT_AND_SETTINGS = """
d = SSD1306(machine.I2C(0))  # nothing on the bus
res = {"absent_ok": d.ok, "absent_show": d.show(), "errors": d.errors}
panel = devices.attach_panel()
d = SSD1306(machine.I2C(0))
d.contrast(300)
res["contrast_clamped"] = panel.contrast
d.contrast(17)
res["contrast"] = panel.contrast
d.power(True)
res["on_before_frame"] = panel.lit()
d.show()
d.power(False)
res["off_lit"] = panel.lit()
d.power(True)
res["on_lit"] = panel.lit()
small = __import__("framebuf").FrameBuffer(bytearray(8), 8, 8, __import__("framebuf").MONO_VLSB)
d.fill(0)
d.text2x("7", 0, 0)
small.text("7", 0, 0, 1)
same = 0
for y in range(16):
    for x in range(16):
        same += d.pixel(x, y) == small.pixel(x // 2, y // 2)
res["text2x_same"] = same
res["text2x_lit"] = sum(d.pixel(x, y) for x in range(16) for y in range(16))
d.fill(1)
d.text2x("7", 0, 0, 0)
res["text2x_dark"] = sum(1 - d.pixel(x, y) for x in range(16) for y in range(16))
d.fill(0)
d.text2x("1", 0, 0)
res["text2x_one"] = sum(d.pixel(x, y) for x in range(16) for y in range(16))
d.fill(0)
d.text2x("71", 0, 0)
res["text2x_first"] = sum(d.pixel(x, y) for x in range(16) for y in range(16))
res["text2x_second"] = sum(d.pixel(x, y) for x in range(16, 32) for y in range(16))
print(json.dumps(res))
"""


def test_absent_panel_settings_and_text2x(run_fw):
    res = run_json(run_fw, ABSENT_AND_SETTINGS)
    assert res["absent_ok"] is False and res["absent_show"] == 0 and res["errors"] >= 1
    assert res["contrast_clamped"] == 255 and res["contrast"] == 17
    assert res["on_before_frame"] is False  # no frame in the RAM yet: it waits for show()
    assert res["off_lit"] is False and res["on_lit"] is True
    assert res["text2x_same"] == 256
    assert res["text2x_lit"] > 20 and res["text2x_lit"] % 4 == 0
    assert res["text2x_dark"] == res["text2x_lit"]
    assert res["text2x_first"] == res["text2x_lit"] and res["text2x_second"] == res["text2x_one"] > 0


def test_show_allocates_no_frame_sized_buffers_under_micropython():
    import mprun

    out = mprun.run_code("micropython", PRELUDE + """
import gc

class NullI2C:  # a bus that allocates nothing itself
    def writeto(self, addr, buf, stop=True):
        return 1

    def writevto(self, addr, vector, stop=True):
        return 1

d = SSD1306(NullI2C())
d.show()
for what in ("none", "page", "all"):
    gc.collect()
    free = gc.mem_free()
    for i in range(20):
        if what == "page":
            d.fill_rect(0, 8, 8, 8, i & 1)
        elif what == "all":
            d.fill(i & 1)
        d.show()
    print(what, (free - gc.mem_free()) // 20)
""")
    per_frame = {line.split()[0]: int(line.split()[1]) for line in out.strip().splitlines()}
    assert per_frame["none"] < 16
    assert per_frame["page"] < 64  # one small memoryview slice for a partial page
    assert per_frame["all"] < 16


def test_model_renders_text_and_png(tmp_path):
    import devices

    machine = devices.install()
    machine.reset()
    panel = devices.attach_panel()
    from fishtable.hw.ssd1306 import SSD1306

    d = SSD1306(machine.I2C(0))
    d.fill(0)
    d.fill_rect(0, 0, 4, 2, 1)
    d.show()
    lines = panel.text().splitlines()
    assert len(lines) == 64 and lines[0].startswith("####.") and lines[2].startswith("....")
    assert len(panel.text_half().splitlines()) == 32
    pytest.importorskip("PIL")
    path = tmp_path / "frame.png"
    panel.save_png(str(path), scale=2)
    from PIL import Image

    img = Image.open(path)
    assert img.size == (256, 128)
    assert img.getpixel((0, 0)) != (0, 0, 0) and img.getpixel((20, 20)) == (0, 0, 0)


def test_model_decodes_page_mode_and_single_command_control_bytes():
    from devices.panel import SSD1306Model

    m = SSD1306Model()
    # Co=1 control bytes, one command each; page addressing; charge pump; display on
    m.write(bytes((0x80, 0x8D, 0x80, 0x14, 0x80, 0xA1, 0x80, 0xC8, 0x80, 0xAF)))
    m.write(bytes((0x00, 0x20, 0x02, 0xB3, 0x05, 0x11)))  # page 3, column 0x15
    m.write(bytes((0x40, 0xFF, 0x01)))
    assert m.lit() and m.mode == 2
    px = m.glass()
    assert px[24 * 128 + 21] == 1 and px[31 * 128 + 21] == 1 and px[24 * 128 + 22] == 1 and px[25 * 128 + 22] == 0
    m.write(bytes((0x00, 0xA7)))  # inverse
    assert m.glass()[24 * 128 + 21] == 0


def test_bus_cost_of_typical_updates(run_fw):
    rows = run_json(run_fw, """
from devices import buscost
print(json.dumps(buscost.measure()))
""")
    cost = {label: (sent, txns, bits) for label, sent, txns, bits in rows}
    assert cost["full frame"] == (1032, 2, 2 + 9 * 8 + 2 + 9 * 1026)
    sent, txns, bits = cost["score digit 7->8 (8x8 font)"]
    assert txns == 2 and sent < 20 and bits < 200  # vs 9310 bits for the whole frame
    assert cost["one full text line (16 chars)"][0] == 7 + 1 + 127  # the font leaves the last column blank
    assert cost["nothing changed"] == (0, 0, 0)
