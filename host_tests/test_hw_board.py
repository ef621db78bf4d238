"""Board profiles load, broken ones give a BoardError naming the field, build() wires it up.

Runs under CPython and the MicroPython unix port (run_fw).
"""

import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
BOARDS = os.path.join(ROOT, "boards")
PROFILES = ("pico", "pico_w", "pico2", "pico_encoder")

PRELUDE = """
import sys, json
sys.path.insert(0, %r)
import devices
machine = devices.install()
machine.reset()
from fishtable.hw import board
from fishtable.hw.board import BoardError
BOARDS = %r
res = {}
""" % (TOOLS, BOARDS)


def run_json(run_fw, body):
    out = run_fw(PRELUDE + body + "\nprint(json.dumps(res))\n")
    return json.loads(out.strip().splitlines()[-1])


LOAD_AND_BUILD = """
for name in %r:
    p = board.load_profile(name, BOARDS)
    devices.attach_panel(bus=p["i2c"]["bus"], addr=p["display"]["address"])
    hw = board.build(p)
    hw.display.text("hi", 0, 0, 1)
    res[name] = {
        "kind": p["input"]["kind"], "count": p["ring"]["count"], "address": p["display"]["address"],
        "display_ok": hw.display.ok, "sent": hw.display.show(), "ring_count": hw.ring.count,
        "keys": type(hw.keys).__name__, "level": hw.ring.level, "poll": hw.keys.poll(0),
    }
    machine.reset()
# no panel on the bus: the rest still works
hw = board.build(board.load_profile("pico", BOARDS))
res["no_panel"] = hw.display is None
hw.ring.fill((10, 20, 30))
hw.ring.show()
import neopixel
res["ring_written"] = neopixel.instances[-1].frames[-1][0]
res["known"] = board.known_boards(BOARDS)
""" % (PROFILES,)


def test_every_profile_loads_and_builds(run_fw):
    res = run_json(run_fw, LOAD_AND_BUILD)
    for name in PROFILES:
        r = res[name]
        assert r["display_ok"] and r["sent"] == 1032 + 2 and r["address"] == 0x3C, name
        assert r["ring_count"] == r["count"] in (12, 16, 24)
        assert r["keys"] == ("Encoder" if r["kind"] == "encoder" else "Buttons")
        assert 0 < r["level"] <= 64 and r["poll"] == 0
    assert res["no_panel"] is True
    assert res["ring_written"] != [0, 0, 0]
    assert set(res["known"]) >= set(PROFILES) and res["known"] == sorted(res["known"])


BROKEN = """
import os
base = json.loads(open(BOARDS + "/pico.json").read())

def attempt(label, change):
    data = json.loads(json.dumps(base))
    change(data)
    path = TMP + "/" + label + ".json"
    with open(path, "w") as f:
        f.write(json.dumps(data))
    try:
        board.load_profile(label, TMP)
        res[label] = "loaded"
    except BoardError as err:
        res[label] = str(err)

def drop(sec, key):
    return lambda d: d[sec].pop(key)

def put(sec, key, value):
    return lambda d: d[sec].__setitem__(key, value)

attempt("missing_ok", drop("input", "ok"))
attempt("missing_ring", lambda d: d.pop("ring"))
attempt("bad_ring_pin", put("ring", "pin", 25))
attempt("text_pin", put("input", "prev", "GP13"))
attempt("sda_on_wrong_bus", put("i2c", "sda", 6))
attempt("scl_even", put("i2c", "scl", 4))
attempt("same_pin_twice", put("input", "next", 16))
attempt("bad_kind", put("input", "kind", "touch"))
attempt("encoder_without_pins", put("input", "kind", "encoder"))
attempt("count_too_big", put("ring", "count", 500))
attempt("flip_not_bool", put("display", "flip", "yes"))
attempt("ok_change", put("display", "address", 61))
with open(TMP + "/garbled.json", "w") as f:
    f.write("{ not json")
for name in ("garbled", "nonexistent", "../pico"):
    try:
        board.load_profile(name, TMP)
        res[name] = "loaded"
    except BoardError as err:
        res[name] = str(err)
"""


def test_broken_profiles_name_the_field(run_fw, tmp_path):
    res = run_json(run_fw, "TMP = %r\n" % str(tmp_path) + BROKEN)
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


CONFIG = """
def write(text):
    with open(TMP + "/config.txt", "w") as f:
        f.write(text)
    return board.read_config(TMP + "/config.txt")

res["missing"] = board.read_config(TMP + "/nothing.txt")
res["plain"] = write("BOARD=pico_w\\n")
res["spaced"] = write("# my table\\n\\nbrightness=3\\n board = pico_encoder \\n")
res["empty_value"] = write("BOARD=\\n")
"""


def test_read_config(run_fw, tmp_path):
    res = run_json(run_fw, "TMP = %r\n" % str(tmp_path) + CONFIG)
    assert res == {"missing": "pico", "plain": "pico_w", "spaced": "pico_encoder", "empty_value": "pico"}


@pytest.mark.parametrize("name", PROFILES)
def test_profiles_are_plain_json_with_the_documented_sections(name):
    with open(os.path.join(BOARDS, name + ".json")) as f:
        data = json.load(f)
    assert set(data) >= {"i2c", "display", "ring", "input"}
    assert data["i2c"]["freq"] == 400000


def test_forget_frees_the_board_module(run_fw):
    out = run_fw(
        """
        import gc, sys
        import fishtable.hw
        from fishtable.hw import board
        board.forget()
        board = None
        print("fishtable.hw.board" in sys.modules, hasattr(fishtable.hw, "board"))
        """
    )
    assert out.split() == ["False", "False"]
