"""The 1.3-inch SH1106 and the 2.42-inch SSD1309 drivers (fishtable.hw.sh1106, .ssd1309) against
panel models that decode their bytes (tools/devices/panel.py: the SH1106's 132-column RAM with the
glass two columns in and page addressing only; the SSD1309 without a charge pump): the glass equals
the frame buffer after every show, the first frame never shows the RAM's noise, flip, faults and
dimming work as on the SSD1306, and neither model meets a command its chip would not understand.

Each check runs under CPython and the MicroPython unix port (run_fw: host_tests/fw/panels.py).
"""

import pytest

CHIPS = ("sh1106", "ssd1309")


@pytest.mark.parametrize("chip", CHIPS)
def test_frames_decoded_from_the_bus_equal_the_framebuffer(run_fw, chip):
    res = run_fw.call("panels.frames", chip)
    assert res["init_ok"] and not res["lit_after_init"]
    assert res["lit"] and res["full_equal"] and res["noise_shown"] is False
    assert res["idle"] == 0
    assert res["random_equal"] == 60
    assert res["digit_equal"] and res["all_equal"]
    assert res["unknown"] == [] and res["overrun"] == 0
    if chip == "sh1106":
        # a page at a time: page, column low and high nibble (4 bytes), then the page's data
        assert res["full"] == 8 * (4 + 1 + 128) + 2
        (cmd, data) = res["digit_log"]  # one page window and the changed columns (the digit's 8 at most)
        assert cmd == ["cmd", 3] and data[0] == "data" and data[1] <= 8 and data[2][0] == 1
        assert 56 + 2 <= data[2][1] < 64 + 2  # the RAM column: the glass's plus 2
        assert res["all"] == 8 * (4 + 1 + 128)
    else:
        assert res["full"] == 7 + 1 + 1024 + 2
        assert res["digit_log"][0] == ["cmd", 6] and res["digit_log"][1][2][0] == 1


def test_the_ssd1306_driver_on_an_sh1106_is_what_a_maker_saw():
    """The SSD1306 driver's window commands and horizontal addressing mean nothing to an SH1106:
    the model says so and its glass is not the frame (the shifted, garbled picture)."""
    from conftest import Board

    res = Board("cpython").call("panels.frames", "sh1106", "ssd1306")
    assert {0x20, 0x21, 0x22, 0x8D} <= set(res["unknown"])
    assert not res["full_equal"] and res["random_equal"] < 10


@pytest.mark.parametrize("chip", CHIPS)
def test_flip_turns_the_picture(run_fw, chip):
    res = run_fw.call("panels.flip", chip)
    assert res == {"flip_full": True, "flip_partial": True, "unflipped": True, "reflipped": True, "unknown": []}


@pytest.mark.parametrize("chip", CHIPS)
def test_faults_replug_and_dimming(run_fw, chip):
    res = run_fw.call("panels.faults", chip)
    assert res["ok_after_fault"] is False and res["glitch_equal"]
    assert res["replug_equal"] and res["noise_shown"] is False and res["contrast"] == 99
    assert res["dimmed"] == 1 and res["dark"] and res["back"]
    assert res["unknown"] == []


def test_each_init_sequence_keeps_to_its_chips_commands(run_fw):
    """No charge pump command to the SSD1309 or the SH1106 (0x8D), no addressing mode, window or
    scroll command to the SH1106; the SH1106 switches its DC-DC converter on (0xAD 0x8B)."""
    from devices.panel import SH1106Model, SSD1309Model

    def commands(seq, args):
        """The command bytes of a command stream (their arguments skipped)."""
        out, i = [], 1
        while i < len(seq):
            out.append(seq[i])
            i += 1 + args.get(seq[i], 0)
        return out

    sh = run_fw.call("panels.init_bytes", "sh1106")
    ssd9 = run_fw.call("panels.init_bytes", "ssd1309")
    sh_cmds = commands(sh, SH1106Model.ARGS)
    ssd9_cmds = commands(ssd9, SSD1309Model.ARGS)
    assert 0x8D not in sh_cmds and 0x8D not in ssd9_cmds
    for cmd in (0x20, 0x21, 0x22, 0x2E):
        assert cmd not in sh_cmds
    assert sh[sh.index(0xAD) + 1] == 0x8B
    assert ssd9[1:3] == [0xFD, 0x12] and 0xAF not in sh_cmds + ssd9_cmds  # off until the first frame


def test_model_rejects_what_the_sh1106_does_not_understand():
    from devices.panel import SH1106Model, SSD1309Model

    m = SH1106Model()
    m.write(bytes((0x00, 0x20, 0x00, 0x21, 0, 127, 0x8D, 0x14, 0xB3, 0x02, 0x10)))
    assert m.unknown == [0x20, 0x21, 0x8D]  # (their arguments are read as commands, as the chip would)
    m.unknown[:] = []
    m.write(bytes((0x00, 0xB3, 0x00, 0x18)))  # page 3, column 128
    m.write(bytes((0x40,)) + bytes(6))  # columns 128..133: two past the RAM's end
    assert m.overrun == 2 and m.unknown == []
    m.write(bytes((0x00, 0xAF, 0xB0, 0x02, 0x10)))
    m.write(bytes((0x40, 0xFF)))  # column 2: the glass's first column (segment remap off: mirrored)
    assert m.lit() and m.glass()[127] == 1
    n = SSD1309Model()
    n.write(bytes((0x00, 0x8D, 0x14, 0xAF)))
    assert n.unknown == [0x8D] and n.lit()  # no charge pump (0x14 is then a column command), and none needed
    n.write(bytes((0x00, 0xFD, 0x16, 0xAE)))  # locked: display off is ignored
    assert n.lit()


def test_show_allocates_no_frame_sized_buffers_under_micropython(fw_runner):
    for chip in CHIPS:
        per_frame = fw_runner("micropython").call("panels.show_allocations", chip)
        assert per_frame["none"] < 16 and per_frame["page"] < 64 and per_frame["all"] < 16, (chip, per_frame)


TITLES = ("hifisch-2p.fish", "hecht-2p.fish", "yofish-3p-basic.fish")


def differ_only_in_the_advice(a, b):
    """True when the frames `a` and `b` (1024 bytes) differ only where Scan says how far to hold the
    phone: the right half's lines 2 to 6 (x 64-127, pages 2-6)."""
    for page in range(8):
        for x in range(128):
            i = page * 128 + x
            if a[i] != b[i] and not (x >= 64 and 2 <= page <= 6):
                return False
    return True


@pytest.mark.parametrize("record", TITLES)
def test_a_game_plays_to_scan_on_each_chip_with_the_ssd1306s_frames(record, tmp_path):
    """A game of each title played through the buttons to its Scan screen (tools/autoplay.py) on
    boards/pico_sh1106.json and pico_ssd1309.json (their drivers over their panel models, in the
    simulator): every frame the glass shows equals the SSD1306 board's (the 2.42-inch SSD1309's
    Scan screen says "10-15 cm" where the smaller panels say "about 10 cm"), and the code reads."""
    import os

    import autoplay
    import zxingcpp
    from PIL import Image
    from simlib.device import reader

    from fishtable.core.record import read

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "records", record)) as f:
        want = read(f)
    runs = {}
    for board in ("pico", "pico_sh1106", "pico_ssd1309"):
        seen = {}
        png = str(tmp_path / (board + ".png"))
        got, error = autoplay.autoplay(want, scan=png, board=board, seen=seen)
        assert error is None, (board, error)
        runs[board] = seen
        found = zxingcpp.read_barcodes(Image.open(png).resize((1024, 512), Image.NEAREST))
        assert len(found) == 1, board
    assert runs["pico"]["frames"] > 100
    assert runs["pico_sh1106"]["kept"] == runs["pico"]["kept"]
    same = runs["pico"]["kept"]
    large = runs["pico_ssd1309"]["kept"]
    assert len(large) == len(same)
    differ = [i for i in range(len(same)) if large[i] != same[i]]
    assert differ and all(differ_only_in_the_advice(large[i], same[i]) for i in differ)
    assert "about 10 cm away" in " ".join(reader().read(same[-1]).text().split())
    assert "10-15 cm away" in " ".join(reader().read(large[-1]).text().split())


def test_the_sh1106_board_under_micropython_shows_the_same_frames(tmp_path):
    import os

    import autoplay

    from fishtable.core.record import read

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "records", "yofish-3p-basic.fish")) as f:
        want = read(f)
    runs = []
    for interp, board in (("cpython", "pico"), ("micropython", "pico_sh1106")):
        seen = {}
        got, error = autoplay.autoplay(want, interp, scan=str(tmp_path / "x.png"), board=board, seen=seen)
        assert error is None, error
        runs.append((seen["frames"], seen["digest"]))
    assert runs[0] == runs[1]
