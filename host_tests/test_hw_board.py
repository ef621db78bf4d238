"""Board profiles load, broken ones give a BoardError naming the field, build() wires it up.

Runs under CPython and the MicroPython unix port (run_fw: host_tests/fw/board.py).
"""

import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "boards")
PROFILES = ("pico", "pico_w", "pico2", "pico_encoder", "pico_sh1106", "pico_ssd1309")
DRIVERS = {"ssd1306": "SSD1306", "sh1106": "SH1106", "ssd1309": "SSD1309"}

def test_every_profile_loads_and_builds(run_fw):
    res = run_fw.call("board.load_and_build", BOARDS, PROFILES)
    for name in PROFILES:
        r = res[name]
        # a whole frame: one window and the frame (the SH1106: a page at a time), then display on
        sent = 8 * (4 + 1 + 128) + 2 if r["chip"] == "sh1106" else 1032 + 2
        assert r["display_ok"] and r["sent"] == sent and r["address"] == 0x3C, name
        assert r["driver"] == DRIVERS[r["chip"]] and r["unknown"] == [] and r["shown"], name
        assert r["ring_count"] == r["count"] in (12, 16, 24)
        assert r["keys"] == ("Encoder" if r["kind"] == "encoder" else "Buttons")
        assert 0 < r["level"] <= 64 and r["poll"] == 0
    assert res["no_panel"] is True
    assert res["ring_written"] != [0, 0, 0]
    assert set(res["known"]) >= set(PROFILES) and res["known"] == sorted(res["known"])


def test_broken_profiles_name_the_field(run_fw, tmp_path):
    res = run_fw.call("board.broken", BOARDS, str(tmp_path))
    expect = {
        "missing_ok": ["input.ok", "missing"],
        "missing_ring": ["ring", "missing"],
        "bad_ring_pin": ["ring.pin", "25", "GPIO"],
        "text_pin": ["input.prev", "GP13"],
        "sda_on_wrong_bus": ["i2c.sda", "I2C0"],
        "scl_even": ["i2c.scl", "4"],
        "same_pin_twice": ["input.next", "ring.pin"],
        "bad_kind": ["input.kind", "touch"],
        "encoder_without_pins": ["input.a", "missing"],
        "count_too_big": ["ring.count", "500"],
        "flip_not_bool": ["display.flip"],
        "bad_chip": ["display.chip", "ssd1315", "sh1106", "ssd1309"],
        "chip_not_text": ["display.chip", "1106"],
        "garbled": ["garbled", "JSON"],
        "nonexistent": ["no profile", "known:"],
        "../pico": ["not a profile name"],
    }
    for label, words in expect.items():
        assert res[label] != "loaded", label
        for word in words:
            assert word in res[label], (label, res[label])
        assert "Traceback" not in res[label]
    assert res["ok_change"] == "loaded"


def test_read_config(run_fw, tmp_path):
    res = run_fw.call("board.config", str(tmp_path))
    assert res == {"missing": "pico", "plain": "pico_w", "spaced": "pico_encoder", "empty_value": "pico"}


@pytest.mark.parametrize("name", PROFILES)
def test_profiles_are_plain_json_with_the_documented_sections(name):
    with open(os.path.join(BOARDS, name + ".json")) as f:
        data = json.load(f)
    assert set(data) >= {"i2c", "display", "ring", "input"}
    assert data["i2c"]["freq"] == 400000


def test_forget_frees_the_board_module(run_fw):
    assert run_fw.call("board.forget") == [False, False]


def test_a_damaged_config_says_which_line_is_not_text(run_fw, tmp_path):
    """Invalid UTF-8 raised an uncaught UnicodeError at boot; a 1 MB config.txt a MemoryError on
    the board. Empty is the default board; a folder, huge or not text is a message."""
    res = run_fw.call("board.damaged_config", str(tmp_path))
    assert res == {
        "empty": "pico",
        "not_utf8": "error: config.txt line 1: not text",
        "not_utf8_line_3": "error: config.txt line 3: not text",
        "binary": "error: config.txt line 1: not text",
        "nul": "error: config.txt line 1: not text",
        "huge": "error: config.txt: larger than 2048 bytes",
        "folder": "error: config.txt: a folder, not a file",
    }


def test_a_damaged_profile_says_what_is_wrong(run_fw, tmp_path):
    """A profile of 1 MB, nested 5,000 (here 2,000) deep or not UTF-8 ended in a MemoryError or UnicodeError
    under MicroPython: each is a BoardError naming the file."""
    res = run_fw.call("board.damaged_profiles", BOARDS, str(tmp_path))
    assert res == {
        "empty": "error: board empty: boards/empty.json is not valid JSON".replace("boards", str(tmp_path)),
        "not_utf8": "error: board not_utf8: %s/not_utf8.json line 2: not text" % tmp_path,
        "binary": "error: board binary: %s/binary.json line 1: not text" % tmp_path,
        "deep": "error: board deep: %s/deep.json is nested too deep" % tmp_path,
        "deep_in_field": "error: board deep_in_field: %s/deep_in_field.json is nested too deep" % tmp_path,
        "huge_string": "error: board huge_string: %s/huge_string.json: larger than 4096 bytes" % tmp_path,
        "not_object": "error: board not_object: the profile must be a JSON object",
        "strings_with_brackets": "strings_with_brackets",
        "huge": "error: board huge: %s/huge.json: larger than 4096 bytes" % tmp_path,
        "folder": "error: board folder: %s/folder.json: a folder, not a file" % tmp_path,
    }
