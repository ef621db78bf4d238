"""Board profiles load, broken ones give a BoardError naming the field, build() wires it up
(test_hw_board.py; under CPython and the MicroPython unix port)."""

import json


def _board():
    """The device models installed (fresh), then the firmware's board module."""
    import devices

    machine = devices.install()
    machine.reset()
    from fishtable.hw import board
    from fishtable.hw.board import BoardError

    return devices, machine, board, BoardError


def load_and_build(boards, names):
    """Each profile in `names` loaded from `boards` and built over the models with a panel on its
    bus; then one built with no panel."""
    devices, machine, board, BoardError = _board()
    res = {}
    for name in names:
        p = board.load_profile(name, boards)
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
    hw = board.build(board.load_profile("pico", boards))
    res["no_panel"] = hw.display is None
    hw.ring.fill((10, 20, 30))
    hw.ring.show()
    import neopixel
    res["ring_written"] = neopixel.instances[-1].frames[-1][0]
    res["known"] = board.known_boards(boards)
    return res


def broken(boards, tmp):
    """pico.json with one field broken at a time (written to `tmp`): what load_profile says."""
    devices, machine, board, BoardError = _board()
    res = {}
    base = json.loads(open(boards + "/pico.json").read())

    def attempt(label, change):
        data = json.loads(json.dumps(base))
        change(data)
        path = tmp + "/" + label + ".json"
        with open(path, "w") as f:
            f.write(json.dumps(data))
        try:
            board.load_profile(label, tmp)
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
    with open(tmp + "/garbled.json", "w") as f:
        f.write("{ not json")
    for name in ("garbled", "nonexistent", "../pico"):
        try:
            board.load_profile(name, tmp)
            res[name] = "loaded"
        except BoardError as err:
            res[name] = str(err)
    return res


def config(tmp):
    """config.txt files (in `tmp`) and the board read_config names."""
    devices, machine, board, BoardError = _board()
    res = {}

    def write(text):
        with open(tmp + "/config.txt", "w") as f:
            f.write(text)
        return board.read_config(tmp + "/config.txt")

    res["missing"] = board.read_config(tmp + "/nothing.txt")
    res["plain"] = write("BOARD=pico_w\n")
    res["spaced"] = write("# my table\n\nbrightness=3\n board = pico_encoder \n")
    res["empty_value"] = write("BOARD=\n")
    return res


def forget():
    """[board still in sys.modules, still an attribute of fishtable.hw] after board.forget()."""
    import sys

    import fishtable.hw
    from fishtable.hw import board

    board.forget()
    board = None
    return ["fishtable.hw.board" in sys.modules, hasattr(fishtable.hw, "board")]
