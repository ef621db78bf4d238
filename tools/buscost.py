#!/usr/bin/env python3
"""I2C cost of typical display updates: bytes, transactions and wire time (host tool).

    python3 tools/buscost.py                           (CPython)
    .venv/bin/python tools/mprun.py tools/buscost.py   (the MicroPython unix port)

The driver runs against the panel model; the bus counts each write as start + address
byte + 9 bits per byte (8 data + ACK) + stop.  Real controllers add a little clock
stretching and gaps between transactions, so these are lower bounds.
"""

import sys

if sys.implementation.name != "micropython":  # MicroPython: tools/mprun.py puts firmware/ on the path
    import bootstrap  # noqa: F401 - firmware/ on sys.path, MicroPython's ticks for CPython

import devices  # noqa: E402


def measure():
    """[(label, bytes, transactions, bits)] for a set of typical updates."""
    machine = devices.install()
    machine.reset()
    panel = devices.attach_panel()
    from fishtable.hw.ssd1306 import SSD1306
    from fishtable.ui import draw

    bus = machine.bus(0)
    d = SSD1306(machine.I2C(0))
    d.fill(0)
    d.text("Hecht  round 3", 0, 0, 1)
    d.text("Anna  17", 0, 16, 1)
    draw.big(d, "42", 40, 40)
    d.show()
    rows = []

    def step(label, draw):
        draw()
        bus.clear_counters()
        sent = d.show()
        assert panel.glass_pages() == d.buffer
        rows.append((label, sent, bus.transactions, bus.bits))

    step("full frame (show(full=True))", lambda: None)
    rows.pop()
    bus.clear_counters()
    sent = d.show(True)
    rows.append(("full frame", sent, bus.transactions, bus.bits))

    def digit():
        d.fill_rect(56, 16, 8, 8, 0)
        d.text("8", 56, 16, 1)

    step("score digit 7->8 (8x8 font)", digit)

    def big_digit():
        d.fill_rect(56, 40, 16, 16, 0)
        draw.big(d, "3", 56, 40)

    step("big digit 2->3 (text2x, 2 pages)", big_digit)

    def line():
        d.fill_rect(0, 0, 128, 8, 0)
        d.text("Yo Fish  round 4", 0, 0, 1)

    step("one full text line (16 chars)", line)
    step("nothing changed", lambda: None)
    return rows


def main():
    print("%-34s %6s %4s %10s %10s" % ("update", "bytes", "txns", "@400kHz", "@1MHz"))
    for label, sent, txns, bits in measure():
        print("%-34s %6d %4d %8.2fms %8.2fms" % (label, sent, txns, bits / 400.0, bits / 1000.0))


if __name__ == "__main__":
    main()
