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
        panel = devices.attach_panel(bus=p["i2c"]["bus"], addr=p["display"]["address"], chip=p["display"]["chip"])
        hw = board.build(p)
        hw.display.text("hi", 0, 0, 1)
        res[name] = {
            "kind": p["input"]["kind"], "count": p["ring"]["count"], "address": p["display"]["address"],
            "display_ok": hw.display.ok, "sent": hw.display.show(), "ring_count": hw.ring.count,
            "keys": type(hw.keys).__name__, "level": hw.ring.level, "poll": hw.keys.poll(0),
            "chip": p["display"]["chip"], "driver": type(hw.display).__name__, "unknown": panel.unknown,
            "shown": panel.glass_pages() == hw.display.buffer,
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
    attempt("bad_chip", put("display", "chip", "ssd1315"))
    attempt("chip_not_text", put("display", "chip", 1106))
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


def _attempt(call):
    """What `call()` returns, or the BoardError's message ("error: ..."); anything else raised is
    returned by its type's name, so the test sees it (it must not happen)."""
    from fishtable.hw.board import BoardError

    try:
        return call()
    except BoardError as err:
        return "error: " + str(err)
    except Exception as err:  # noqa: BLE001 - the test fails on it
        return "raised " + type(err).__name__


def damaged_config(tmp):
    """config.txt in each damaged form (written to `tmp`): the board read_config names, or its error."""
    import os

    devices, machine, board, BoardError = _board()
    res = {}
    path = tmp + "/config.txt"
    forms = [
        ("empty", b""),
        ("not_utf8", b"BOARD=pico\xff\n"),
        ("not_utf8_line_3", b"# table\n\nBOARD=pico\x80\n"),
        ("binary", bytes(range(256))),
        ("nul", bytes(64)),
        ("huge", b"# " + b"x" * 1000 + b"\n"),
    ]
    for label, data in forms:
        with open(path, "wb") as f:
            if label == "huge":
                for _ in range(1024):  # 1 MB, never held whole
                    f.write(data)
            else:
                f.write(data)
        res[label] = _attempt(lambda: board.read_config(path))
    os.remove(path)
    os.mkdir(path)
    res["folder"] = _attempt(lambda: board.read_config(path))
    os.rmdir(path)
    return res


def damaged_profiles(boards, tmp):
    """pico.json in each damaged form (in `tmp`, as board `NAME`): what load_profile says."""
    import os

    devices, machine, board, BoardError = _board()
    res = {}
    good = open(boards + "/pico.json", "rb").read()
    forms = [
        ("empty", b""),
        ("not_utf8", good.replace(b"Raspberry", b"Rasp\xffberry")),
        ("binary", bytes(range(256)) * 4),
        ("deep", b"[" * 2000 + b"]" * 2000),  # (5,000 deep is also too large)
        ("deep_in_field", good.replace(b'"flip": false', b'"flip": ' + b"[" * 100 + b"]" * 100)),
        ("huge_string", b'{"board": "' + b"x" * 20000 + b'"}'),
        ("not_object", b"[1, 2, 3]"),
        ("strings_with_brackets", good.replace(b"3 buttons", b"3 [[[[[[[[[[ buttons")),
    ]
    for label, data in forms:
        with open(tmp + "/" + label + ".json", "wb") as f:
            f.write(data)
        res[label] = _attempt(lambda: board.load_profile(label, tmp)["name"])
    with open(tmp + "/huge.json", "wb") as f:
        f.write(good[:-2])
        for _ in range(1024):
            f.write(b" " * 1024)
        f.write(b"}\n")
    res["huge"] = _attempt(lambda: board.load_profile("huge", tmp)["name"])
    os.mkdir(tmp + "/folder.json")
    res["folder"] = _attempt(lambda: board.load_profile("folder", tmp)["name"])
    return res
