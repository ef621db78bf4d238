"""The CPython framebuf stand-in draws the same pixels as MicroPython's framebuf."""

import os

import mprun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")

DRAW = """
import sys, binascii, array
sys.path.insert(0, %r)
import devices
devices.install()
import framebuf

def show(name, buf):
    print(name, binascii.hexlify(buf).decode())

for fmt_name in ("MONO_VLSB", "MONO_HLSB", "MONO_HMSB"):
    fmt = getattr(framebuf, fmt_name)
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, fmt)
    fb.fill(0)
    fb.text("Fish 0123 ~!", 1, 3, 1)
    fb.text("\\x7f\\x01", 120, 60, 1)
    fb.fill_rect(-5, 20, 20, 9, 1)
    fb.rect(30, 15, 40, 20, 1)
    fb.rect(32, 17, 36, 16, 0, True)
    fb.hline(0, 63, 200, 1)
    fb.vline(127, -3, 30, 1)
    fb.pixel(64, 40, 1)
    fb.line(0, 0, 127, 63, 1)
    fb.line(100, 10, 90, 50, 1)
    fb.line(5, 60, 60, 45, 0)
    for k in range(40):  # lines in every direction, ties included
        fb.line(64, 32, 64 + (k * 37) %% 90 - 45, 32 + (k * 23) %% 70 - 35, k & 1)
    show(fmt_name, buf)
    fb.scroll(3, -2)
    show(fmt_name + "-scroll", buf)
    icon = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    icon.text("@", 0, 0, 1)
    fb.fill(1)
    fb.blit(icon, 60, 30, 1)
    fb.blit(icon, 124, -2)
    show(fmt_name + "-blit", buf)
    fb.fill(0)
    fb.ellipse(64, 32, 20, 10, 1)
    fb.ellipse(20, 20, 6, 6, 1, True)
    fb.ellipse(100, 20, 15, 3, 1, True, 5)
    fb.ellipse(100, 50, 3, 12, 1, False, 10)
    fb.ellipse(5, 5, 0, 3, 1)
    show(fmt_name + "-ellipse", buf)
    fb.fill(0)
    fb.poly(10, 10, array.array("h", [0, 0, 30, 5, 20, 40, 2, 25]), 1)
    fb.poly(60, 5, array.array("h", [0, 0, 40, 10, 10, 20, 40, 50, 0, 40]), 1)
    show(fmt_name + "-poly", buf)  # (a filled poly may differ by a pixel at some edges)
""" % TOOLS


def lines(interp):
    return dict(line.split() for line in mprun.run_code(interp, DRAW).strip().splitlines())


def test_framebuf_stand_in_matches_micropython():
    real = lines("micropython")
    host = lines("cpython")
    assert set(real) == set(host)
    differ = [name for name in real if real[name] != host[name]]
    assert differ == []
