"""When and how long: the board's calendar (fishtable.hw.rtc, its clock modules decoded against
byte models), the profile's `rtc` field, the powered minutes of a game across a power cut, and
a game played through the buttons carrying `date` and `played` into the history and into
tools/history.py --csv (with the clock never set: `played` only)."""

import csv
import os
import subprocess
import sys

import history as history_tool
import pytest

from fishtable.hw import rtc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")


def bcd(value):
    return ((value // 10) << 4) | (value % 10)


class Bus:
    """An I2C bus with one clock module: its registers as bytes (readfrom_mem)."""

    def __init__(self, address, regs, fail=False):
        self.address = address
        self.regs = bytearray(regs)
        self.fail = fail

    def readfrom_mem(self, address, reg, count):
        if self.fail or address != self.address:
            raise OSError(5)
        return bytes(self.regs[reg : reg + count])


def ds3231(year, month, day, hour, minute, second=0, osf=False, twelve=False):
    regs = bytearray(0x13)
    regs[0], regs[1] = bcd(second), bcd(minute)
    if twelve:
        regs[2] = 0x40 | (0x20 if hour >= 12 else 0) | bcd(hour % 12 or 12)
    else:
        regs[2] = bcd(hour)
    regs[4], regs[5], regs[6] = bcd(day), bcd(month) | (0x80 if year >= 2100 else 0), bcd(year % 100)
    regs[0x0F] = 0x80 if osf else 0
    return Bus(0x68, regs)


def pcf8563(year, month, day, hour, minute, second=0, low=False):
    regs = bytearray(0x10)
    regs[2] = bcd(second) | (0x80 if low else 0)
    regs[3], regs[4], regs[5], regs[7], regs[8] = bcd(minute), bcd(hour), bcd(day), bcd(month), bcd(year % 100)
    return Bus(0x51, regs)


def test_a_clock_never_set_gives_no_date():
    assert rtc.date_text((2026, 12, 1, 19, 5, 0)) == "2026-12-01T19:05"
    assert rtc.date_text((2021, 1, 1, 0, 0, 0)) is None  # what the rp2 port reads before it is set
    assert rtc.date_text((2100, 1, 1, 0, 0)) is None and rtc.date_text(None) is None
    assert rtc.date_text((2026, 13, 1, 0, 0)) is None and rtc.date_text((2026, 1, 1, 24, 0)) is None
    # a day the calendar has not (the record reader refuses it): no date (host_tests/test_faults.py sweeps)
    assert rtc.date_text((2026, 2, 31, 12, 30)) is None and rtc.date_text((2026, 2, 29, 12, 30)) is None
    assert rtc.date_text((2028, 2, 29, 12, 30)) == "2028-02-29T12:30" and rtc.date_text((2026, 4, 31, 9, 0)) is None


def test_the_clock_modules_are_decoded_from_their_registers():
    assert rtc.DS3231(ds3231(2026, 12, 1, 19, 5, 42)).now() == (2026, 12, 1, 19, 5, 42)
    assert rtc.DS3231(ds3231(2027, 2, 28, 19, 59, twelve=True)).now() == (2027, 2, 28, 19, 59, 0)
    assert rtc.DS3231(ds3231(2027, 2, 28, 0, 1, twelve=True)).now()[3] == 0
    assert rtc.DS3231(ds3231(2026, 12, 1, 19, 5, osf=True)).now() is None  # it lost the time
    bus = ds3231(2026, 12, 1, 19, 5)
    bus.fail = True
    assert rtc.DS3231(bus).now() is None  # unplugged
    assert rtc.PCF8563(pcf8563(2031, 7, 9, 8, 30, 12)).now() == (2031, 7, 9, 8, 30, 12)
    assert rtc.PCF8563(pcf8563(2031, 7, 9, 8, 30, low=True)).now() is None
    assert rtc.date_text(rtc.read("ds3231", ds3231(2026, 12, 1, 19, 5))) == "2026-12-01T19:05"
    assert rtc.date_text(rtc.read("pcf8563", pcf8563(2026, 12, 1, 19, 5))) == "2026-12-01T19:05"


def test_the_profile_names_where_the_date_comes_from():
    import json

    from fishtable.hw import board

    data = json.load(open(os.path.join(ROOT, "boards", "pico.json")))
    assert board.check_profile("pico", data)["rtc"] == "rp2040"
    data["rtc"] = "ds3231"
    assert board.check_profile("pico", data)["rtc"] == "ds3231"
    data["rtc"] = "sundial"
    with pytest.raises(board.BoardError) as err:
        board.check_profile("pico", data)
    assert "rtc" in str(err.value) and "ds3231" in str(err.value)


def test_played_minutes_add_up_across_a_power_cut(tmp_path):
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    record = read_text(open(os.path.join(ROOT, "records", "yofish-3p-basic.fish")).read())
    root = str(tmp_path / "data")
    session = Session(Store(root=root))
    session.resume(0)
    session.begin(Match("yofish", 3))
    half = len(record.statements) // 2
    now = 0
    for stmt in record.statements[:half]:
        now += 30000  # half a minute a turn
        session.play(stmt, now)
    played_before = (half - 1) * 30000  # from the first statement to the last
    session = Session(Store(root=root))  # the power went; back on
    session.resume(5000)
    assert session.match is not None and session.played_ms == played_before // 60000 * 60000
    now = 5000
    for stmt in record.statements[half:]:
        now += 30000
        session.play(stmt, now)
    finished = session.finished
    assert finished.game.over
    want = (played_before // 60000 * 60000 + (len(record.statements) - half) * 30000) // 60000
    assert finished.played == want
    store = Store(root=root)
    filed = store.history_game(store.history()[0])
    assert filed.played == want and filed.date is None
    assert not os.path.exists(os.path.join(root, "played.txt"))


def play_through_buttons(tmp_path, clock):
    """Autoplay records/hecht-2p.fish on the simulated board with its clock at `clock` (None:
    never set); returns (the history file's text, the CSV rows of tools/history.py)."""
    import autoplay

    from fishtable.core.record import read_text

    flash = str(tmp_path / "flash")
    old = os.environ.pop("FISHTABLE_RTC", None)
    if clock:
        os.environ["FISHTABLE_RTC"] = clock
    try:
        want = read_text(open(os.path.join(ROOT, "records", "hecht-2p.fish")).read())
        got, error = autoplay.autoplay(want, flash=flash)
    finally:
        os.environ.pop("FISHTABLE_RTC", None)
        if old is not None:
            os.environ["FISHTABLE_RTC"] = old
    assert error is None, error
    folder = os.path.join(flash, "data", "history")
    source = history_tool.games(folder)[-1][1]  # the newest game: a file, or packed in a segment
    text = open(source).read() if isinstance(source, str) else source.decode()
    out = subprocess.run([sys.executable, os.path.join(TOOLS, "history.py"), folder, "--csv", "-"],
                         capture_output=True, text=True, check=True)
    return text, list(csv.DictReader(out.stdout.splitlines()))


def test_a_game_with_the_clock_set_carries_its_date_and_minutes(tmp_path):
    text, rows = play_through_buttons(tmp_path, "2026-12-01T19:05")
    assert "\ndate 2026-12-01T19:05 #" in text and "\nplayed " in text
    assert rows and all(r["date"] == "2026-12-01T19:05" and r["minutes"].isdigit() for r in rows)
    assert all(r["title"] == "Hecht im Karpfenteich" or r["title"] for r in rows)


def test_a_game_with_the_clock_never_set_carries_its_minutes_only(tmp_path):
    text, rows = play_through_buttons(tmp_path, None)
    assert "\ndate " not in text and "\nplayed " in text
    assert rows and all(r["date"] == "" and r["minutes"].isdigit() for r in rows)


def test_history_shows_a_games_date_and_length_below_its_ranking(tmp_path):
    import re

    from screenreader import Reader
    from simlib.rig import OK, Rig

    history = tmp_path / "data" / "history"
    history.mkdir(parents=True)
    text = open(os.path.join(ROOT, "records", "hifisch-3p.fish")).read()
    text = "\n".join(line for line in (re.sub(r"\s*#.*", "", x) for x in text.split("\n")) if line) + "\n"
    dated = re.sub(r"(start \d\n)", r"\1date 2026-12-01T19:05\n", text, count=1) + "played 47\n"
    (history / "0001-hifisch.fish").write_text(text)
    (history / "0002-hifisch.fish").write_text(dated)
    rig = Rig(str(tmp_path), seed=1)

    def shown():
        return Reader().read(rig.glass()).text()

    rig.menu("History")
    rig.press(OK)
    newest = shown()
    assert "2026-12-01 19:05" in newest and "Played 47 min" in newest
    rig.press(OK)  # back
    rig.menu("#1 Hi Fisch!")
    assert "Played" not in shown() and "2026" not in shown()


def test_flash_and_players_set_the_boards_clock_from_the_computers():
    import flash

    class Transport:
        def __init__(self, refuse=False):
            self.sent = []
            self.refuse = refuse

        def exec(self, code):
            if self.refuse:
                raise RuntimeError("AttributeError: module 'machine' has no attribute 'RTC'")
            self.sent.append(code)
            return b""

    board = Transport()
    assert flash.set_clock(board, (2026, 12, 1, 19, 5, 42, 1, 335, 0)) == (2026, 12, 1, 1, 19, 5, 42, 0)
    assert board.sent == ["import machine\nmachine.RTC().datetime((2026, 12, 1, 1, 19, 5, 42, 0))"]
    assert flash.set_clock(Transport(refuse=True)) is None  # no clock to set: no dates, no stop
