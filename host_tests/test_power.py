"""A table without a cable: the panel dims and goes dark, the ring fades and goes dark, a press
only wakes the board, the loop sleeps between events (docs/power.md).

Played like a player: the firmware's own main.py on the simulated board (tools/simlib/device.py),
on its virtual clock; the SSD1306 model decodes the contrast and display on/off commands from the
I2C bytes and the NeoPixel model records the ring's bytes."""

import os

import pytest
from autoplay import Autoplayer
from simlib.device import Device

from fishtable.core.match import Match
from fishtable.core.record import read

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOTH = ("cpython", "micropython")
MIN = 60000


def hecht_turn(dev):
    """A 4-player Hecht game set up through the buttons, its first statement played."""
    with open(os.path.join(ROOT, "records", "hecht-4p.fish")) as f:
        match = read(f)
    player = Autoplayer(dev, Match(match.name, match.players, match.start, match.options))
    player.setup()
    player.play(match.statements[0])
    return player


def journal(dev):
    path = dev.path("data", "journal.fish")
    with open(path) as f:
        return f.read()


@pytest.mark.parametrize("interp", BOTH)
def test_a_long_idle_dims_then_darkens_and_the_first_press_only_wakes(tmp_path, interp):
    with Device(interp=interp, flash=str(tmp_path)) as dev:
        hecht_turn(dev)
        lit = dev.screen.text()
        ring = dev.ring
        full = dev.contrast
        assert full > 1 and any(ring), (full, ring)
        before = journal(dev)
        dev.wait(2 * MIN - 1000)  # (the last key was a moment before)
        assert dev.contrast == full and dev.ring == ring  # nothing changes before the dim time
        dev.wait(2000)
        assert 0 < dev.contrast < full and dev.screen.text() == lit  # dimmed: the same picture
        assert any(dev.ring) and all(b <= (a >> 2) + 1 for a, b in zip(ring, dev.ring))  # faded
        assert sum(dev.ring) < sum(ring)
        dev.wait(8 * MIN)
        assert dev.contrast == -1 and not any(dev.glass) and not any(dev.ring)  # dark: panel off, ring 0
        dev.press("ok")  # would play the highlighted choice if it were not the waking press
        assert dev.contrast == full and dev.screen.text() == lit and dev.ring == ring
        assert journal(dev) == before  # the wake press played nothing
        dev.press("next")  # the next press is a press again
        assert dev.screen.text() != lit


def test_a_wake_from_dimmed_changes_nothing_and_the_timer_starts_again(tmp_path):
    with Device(flash=str(tmp_path)) as dev:
        Autoplayer(dev, Match("yofish", 3)).select("Dice")
        menu = dev.screen.text()
        full = dev.contrast
        dev.wait(2 * MIN + 500)
        assert dev.contrast < full
        dev.press("next")  # wakes: the dice count stays
        assert dev.contrast == full and dev.screen.text() == menu
        dev.wait(MIN)
        assert dev.contrast == full  # counted from the waking press
        dev.press("next")
        assert dev.screen.text() != menu


def test_the_end_screen_and_a_spinner_do_not_keep_the_panel_lit(tmp_path):
    with Device(flash=str(tmp_path), seed=3) as dev:
        Autoplayer(dev, Match("yofish", 3)).select("Dice")
        full = dev.contrast
        dev.wait(2 * MIN - 400)
        dev.press("ok")  # the dice roll, the ring spins ...
        dev.wait(2 * MIN + 500)
        assert dev.contrast < full  # ... and the panel still dims two minutes after the press


@pytest.mark.parametrize("interp", BOTH)
def test_on_battery_the_same_presses_give_the_same_game_as_on_usb(tmp_path, interp):
    """Light sleep between events (a pin interrupt ends it): presses after short and long pauses,
    through dimmed and dark, land as on USB power; the clock stays right across the sleeps."""
    seen = {}
    for battery in (False, True):
        with Device(interp=interp, flash=str(tmp_path / str(battery)), battery=battery) as dev:
            hecht_turn(dev)
            screens = []
            for word in ("wait:150", "next", "wait:2000", "next", "wait:130000", "next", "next", "wait:700000",
                         "ok", "prev", "wait:90", "prev", "ok"):
                dev.press(word)
                screens.append((dev.screen.text(), dev.contrast, dev.ring, dev.ms))
            seen[battery] = (screens, journal(dev))
    assert seen[True] == seen[False]


def test_on_battery_the_dark_board_wakes_at_the_press(tmp_path):
    with Device(flash=str(tmp_path), battery=True) as dev:
        hecht_turn(dev)
        lit = dev.screen.text()
        dev.wait(11 * MIN)
        assert dev.contrast == -1 and not any(dev.ring)
        start = dev.ms
        dev.press("next")  # wakes only
        assert dev.contrast > 1 and dev.screen.text() == lit
        assert dev.ms - start < 200, dev.ms - start  # woken by the press, not by the next timer


# -- the battery gauge and the profile's power fields ---------------------------------------------
def test_battery_gauges_read_through_the_models(run_fw):
    res = run_fw.call("battery.gauges")
    assert res["vsys"][:5] == [True, 3899, 66, 3, False] and res["vsys"][5] is False  # read every 30 s
    assert res["wireless"] == [3899, 1, 7]  # GP25 high while reading, GP29 given back to the wireless chip
    assert res["max17048"] == [True, 3711, 41, 2, False, 2]  # VCELL, SOC: two register reads
    assert res["unplugged"] == [False, 3711, 41]  # the last reading stays
    assert res["low"] == [True, 6, True, True, False, False, True]  # said once; again after USB charged it


def test_profile_checker_accepts_and_refuses_battery_and_power_fields(run_fw):
    cases = [
        ["ok", {}],
        ["power", {"power": {}}],
        ["w", {"power": {"vbus": "WL_GPIO2", "keepalive_s": 8, "keepalive_ms": 150},
               "battery": {"kind": "vsys", "wireless": True}}],
        ["m", {"battery": {"kind": "max17048", "address": "0x36", "low_pct": 15}}],
        ["bad_kind", {"battery": {"kind": "aa"}}],
        ["bad_low", {"battery": {"kind": "vsys", "low_mv": 9000}}],
        ["bad_vbus", {"power": {"vbus": 23}}],
        ["bad_keep", {"power": {"keepalive_s": 600}}],
        ["bad_sleep", {"power": {"sleep": "yes"}}],
        ["bad_section", {"battery": 3}],
    ]
    got = run_fw.call("battery.profiles", cases)
    assert got[0] == [None, None]  # the defaults (fishtable.hw.board.build): the USB sense on GP24, light sleep
    assert got[1] == [{"vbus": 24, "sleep": True, "keepalive_s": 0, "keepalive_ms": 100}, None]
    got = got[:1] + got[2:]
    assert got[1] == [{"vbus": "WL_GPIO2", "sleep": True, "keepalive_s": 8, "keepalive_ms": 150},
                      {"kind": "vsys", "wireless": True, "low_mv": 3500}]
    assert got[2][1] == {"kind": "max17048", "address": 0x36, "low_pct": 15}
    assert got[3] == "board bad_kind: battery.kind = 'aa' must be \"vsys\" or \"max17048\""
    assert got[4] == "board bad_low: battery.low_mv = 9000 is out of range 3000..4500"
    assert "power.vbus = 23 must be 24" in got[5]
    assert got[6] == "board bad_keep: power.keepalive_s = 600 is out of range 0..60"
    assert got[7] == "board bad_sleep: power.sleep = 'yes' must be true or false"
    assert got[8] == "board bad_section: battery must be a {...} section"


def test_low_battery_is_said_once_with_a_mark_in_the_corner_and_about_tells_the_power(run_fw, tmp_path):
    low = run_fw.call("battery.app_on_battery", str(tmp_path / "low"), 3420, False)
    assert low["said"] == "Battery low: the game is saved"
    assert low["mark"] == [0x7E, 0x7E, 0x42, 0x42, 0x42, 0x7E, 0x18]  # 3.42 V: one bar of four
    assert "USB power no" in low["about"] and "battery 3.41 V" in low["about"], low["about"]
    full = run_fw.call("battery.app_on_battery", str(tmp_path / "full"), 4150, True)
    assert full["said"] is None
    assert full["mark"] == [0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x7E, 0x18]  # full: all four bars
    assert "USB power yes" in full["about"] and "battery 4.14 V" in full["about"], full["about"]


def test_power_bank_keep_alive_pulses_one_led_and_gives_the_ring_back(run_fw, tmp_path):
    usb = run_fw.call("battery.keepalive_pulses", str(tmp_path / "usb"), True, 700)  # 7 s at 10 ms a pass
    assert usb["ms"] == 7000 and usb["pulses"] == 3 == usb["white"]  # at 2, 4 and 6 s
    assert usb["after"] == [[0, 0, 0]] * 3 and usb["others_dark"]  # the main menu's dark ring again
    sleeping = run_fw.call("battery.keepalive_pulses", str(tmp_path / "bat"), False, 200)
    assert sleeping["pulses"] >= 3 and sleeping["ms"] >= 6000  # light sleep in between, woken for each pulse


# -- the bench's battery model --------------------------------------------------------------------
def test_battery_model_adds_the_parts_currents_over_the_states():
    from benchlib import power

    hour = 3600000
    meter = {"ms": {"running": hour, "dimmed": 0, "dark": hour}, "asleep": hour, "naps": 3600, "leds": 12,
             "pixel_ms": 8192 * hour * 0.5, "ring_ms": 255 * hour}  # half the pixels lit for an hour, one channel
    got = power.currents(meter)
    chip = (16.0 * (hour + 3600) + 1.5 * (hour - 3600)) / (2 * hour)
    panel = (0.5 * hour + 0.01 * hour + 20.0 * hour * 0.5) / (2 * hour)
    ring = 0.7 * 12 + 20.0 / 2
    assert got["chip_ma"] == round(chip, 2) and got["panel_ma"] == round(panel, 2) and got["ring_ma"] == round(ring, 2)
    assert got["battery_hours_1000mah"] == round(1000 / (chip + panel + ring), 1)


def test_an_evening_on_battery_lasts_longer_than_before():
    from benchlib import power

    figures = power.evening_figures()
    before, after = figures["before"], figures["after"]
    assert before["minutes"] == {"running": 105.0, "dimmed": 0.0, "dark": 0.0, "asleep": 0.0}
    assert after["minutes"]["dimmed"] == 8.0 and after["minutes"]["dark"] >= 50  # 2 min, then 10 min, of the hour
    assert after["presses"] == before["presses"] >= 130  # a press every 20 s for 45 minutes
    assert figures["battery_hours_1000mah"] > 1.5 * figures["battery_hours_1000mah_before"]


def test_an_encoder_turn_only_wakes_the_dark_board(run_fw, tmp_path):
    """The encoder board on battery, the firmware's own loop light-sleeping: after 11 minutes the
    panel is dark; the first detent turned wakes it to the same picture; the next one moves."""
    turns = [11 * MIN, 11 * MIN + 3000]
    looks = [1000, 11 * MIN - 10, 11 * MIN + 1000, 11 * MIN + 4000]
    got = run_fw.call("battery.encoder_wake", str(tmp_path), turns, looks)
    lit, dark, woken, moved = got["seen"]
    assert lit[1] and lit[0] > 1
    assert not dark[1] and dark[2] == "00" * 1024  # off
    assert woken[:2] == lit[:2] and woken[2] == lit[2]  # the same picture at its contrast
    assert moved[1] and moved[2] != lit[2]  # the second turn moved the highlight


def test_the_end_screens_celebration_does_not_keep_the_board_lit(tmp_path):
    from test_player import play_into, record

    with Device(flash=str(tmp_path)) as dev:
        play_into(dev, record("yofish-3p-basic.fish"))
        dev.press("wait:1000")
        assert dev.screen.contains("wins") and any(dev.ring), dev.text()  # the end screen, the ring celebrating
        full = dev.contrast
        dev.wait(2 * MIN)
        assert 0 < dev.contrast < full and any(dev.ring)  # dimmed, the winners' colours faded
        dev.wait(8 * MIN + 1000)
        assert dev.contrast == -1 and not any(dev.ring)  # dark: the celebration no longer runs
