"""The bench's battery model: an evening at the table on the simulated board, the time it spends in
each power state, and the current that makes from the parts' datasheet figures (docs/power.md).

The evening: a 4-player Hecht game (records/hecht-4p.fish) played through the buttons with a
press every 20 s for 45 minutes (the autoplayer decides the presses; the game is cut at 45
minutes if it lasts longer), then an hour without a key.  The firmware's own main.py runs it on
the virtual clock (tools/simlib/simrun.py --meter), which counts every wait of the app loop by
the panel's state (running, dimmed, dark), the chip's light sleeps, the lit pixels x contrast
and the ring's channel values over time.  "before" is the same evening with the panel never
dimmed or darkened and the loop polling every 10 ms as it did (Dim and Dark set to never, USB
power: no light sleep); "after" is the firmware as it ships, on battery.

    .venv/bin/python tools/bench.py --power        prints the figures of both (JSON)

A library of tools/bench.py (a program's `import bootstrap` has put firmware/ and tools/ on sys.path).
"""

import os
import tempfile

import bootstrap  # tools/bootstrap.py: firmware/ on sys.path

ROOT = bootstrap.ROOT
RECORD = os.path.join(ROOT, "records", "hecht-4p.fish")
GAME_MS = 45 * 60000
IDLE_MS = 60 * 60000
GAP_MS = 20000  # between presses
CELL_MAH = 1000

# Currents in mA at the battery (VSYS ~3.7 V; the Pico's buck-boost and the parts' own supplies
# taken as drawing these from the cell).  Sources in docs/power.md.
CHIP_AWAKE = 16.0  # Pico, RP2040 at 125 MHz, the loop waiting in time.sleep_ms (WFE between passes)
CHIP_ASLEEP = 1.5  # Pico in machine.lightsleep(ms) (its timer and the pin interrupts wake it)
WAKE_MS = 1.0  # each wake from light sleep: clocks back up and one loop pass, awake
PANEL_ON = 0.5  # SSD1306 module lit, nothing drawn (charge pump, drivers)
PANEL_ALL = 20.0  # ... plus all 8192 pixels lit at contrast 255, in proportion to lit pixels x contrast
PANEL_OFF = 0.01  # display off (the SSD1306's sleep mode)
LED_IDLE = 0.7  # a WS2812B's own draw, lit or dark
LED_CHANNEL = 20.0  # a WS2812B channel at 255 (the profile's ma_per_channel)
PIXELS = 8192


class Evening(Exception):
    """The game's 45 minutes are over (ends the autoplayer's game)."""


def _device_class():
    from simlib.device import Device

    class EveningDevice(Device):
        """A press every GAP_MS: each key the autoplayer sends waits for its turn first."""

        keys = 0

        def press(self, word):
            if not word.startswith("wait:"):
                if self.ms + GAP_MS > GAME_MS:
                    raise Evening()
                Device.press(self, "wait:%d" % (GAP_MS - 120))  # (a press and its gap take 120 ms)
                self.keys += 1
            return Device.press(self, word)

    return EveningDevice


def run_evening(battery, never_dim, flash):
    """The evening on the simulated board; returns the meter (simrun.Meter's figures)."""
    from autoplay import Autoplayer

    from fishtable.core.match import Match
    from fishtable.core.record import read
    from fishtable.store import Store
    from fishtable.ui import prefs

    if never_dim:
        values = prefs.defaults()
        values["dim"] = 0
        values["dark"] = 0
        Store(root=os.path.join(flash, "data")).save_settings(values)
    with open(RECORD) as f:
        match = read(f)
    with _device_class()(flash=flash, battery=battery, meter=True) as dev:
        player = Autoplayer(dev, Match(match.name, match.players, match.start, match.options))
        try:
            player.setup()
            for stmt in match.statements:
                player.play(stmt)
        except Evening:
            pass
        presses = dev.keys
        dev.press("wait:%d" % max(0, GAME_MS - dev.ms))  # the rest of the 45 minutes
        dev.press("wait:%d" % IDLE_MS)
        meter = dict(dev.meter)
        meter["presses"] = presses
        meter["total_ms"] = dev.ms
    return meter


def currents(meter):
    """The average current (mA) of each part and in all over the metered time, and the hours a
    CELL_MAH cell lasts at that pattern."""
    ms = meter["ms"]
    total = float(sum(ms.values()))
    asleep = meter["asleep"]
    awake = total - asleep + meter["naps"] * WAKE_MS
    chip = (CHIP_AWAKE * awake + CHIP_ASLEEP * (total - awake)) / total
    lit_ms = ms["running"] + ms["dimmed"]
    panel = (PANEL_ON * lit_ms + PANEL_OFF * ms["dark"] + PANEL_ALL * meter["pixel_ms"] / PIXELS) / total
    ring = LED_IDLE * meter["leds"] + LED_CHANNEL * meter["ring_ms"] / 255.0 / total
    avg = chip + panel + ring
    return {"chip_ma": round(chip, 2), "panel_ma": round(panel, 2), "ring_ma": round(ring, 2),
            "average_ma": round(avg, 2), "battery_hours_1000mah": round(CELL_MAH / avg, 1)}


def evening_figures():
    """Before and after: the time in each state (minutes) and the currents."""
    out = {}
    for key, battery, never in (("before", False, True), ("after", True, False)):
        with tempfile.TemporaryDirectory(prefix="fishtable-evening-") as flash:
            meter = run_evening(battery, never, flash)
        figures = currents(meter)
        figures["minutes"] = {state: round(v / 60000.0, 1) for state, v in meter["ms"].items()}
        figures["minutes"]["asleep"] = round(meter["asleep"] / 60000.0, 1)
        figures["wakes_from_sleep"] = meter["naps"]
        figures["presses"] = meter["presses"]
        figures["evening_minutes"] = round(meter["total_ms"] / 60000.0, 1)
        out[key] = figures
    out["battery_hours_1000mah"] = out["after"]["battery_hours_1000mah"]
    out["battery_hours_1000mah_before"] = out["before"]["battery_hours_1000mah"]
    return out

