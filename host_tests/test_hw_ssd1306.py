"""The SSD1306 driver against the panel model, which decodes the bytes written over I2C.

Each check runs under CPython and the MicroPython unix port (run_fw: host_tests/fw/ssd1306.py).
"""


import pytest


def test_frames_decoded_from_i2c_equal_the_framebuffer(run_fw):
    res = run_fw.call("ssd1306.frames")
    assert res["init_ok"] and not res["lit"] and res["unknown"] == [] and res["com_pins"] == 0x12
    assert res["full"] == 7 + 1 + 1024 + 2  # window command + control byte + the frame, then display on
    assert res["full_lit"] and res["full_equal"]
    assert res["idle"] == 0
    assert res["random_equal"] == res["random_frames"] == 40
    # "7" -> "8" changes a few columns of page 1: one window command and one short data write
    assert res["digit_log"][0] == ["cmd", 6]
    assert res["digit_log"][1][0] == "data" and res["digit_log"][1][2][0] == 1
    assert len(res["digit_log"]) == 2
    assert res["digit_data"] <= 8
    assert res["digit"] == 7 + 1 + res["digit_data"]
    assert res["digit_equal"]


def test_flip_turns_the_glass_picture_by_180_degrees(run_fw):
    res = run_fw.call("ssd1306.flip")
    assert res["flip_full"] and res["not_plain"]
    assert res["flip_partial"] and res["flip_partial_bytes"] < 30
    # the segment remap only applies to newly written data: flipping resends the frame
    assert res["after_unflip"] == 1032
    assert res["unflipped"] and res["reflipped"]


def test_i2c_fault_is_survived_and_the_panel_recovers(run_fw):
    res = run_fw.call("ssd1306.faults")
    assert res["fail_return"] == 0 and res["ok_after_fault"] is False and res["errors"] == 1
    assert res["glitch_recovered"] and res["glitch_equal"]
    assert res["unplugged_ok"] is False
    assert 3 <= res["retries_while_unplugged"] < 20  # backed off, not 200 attempts
    assert res["dark_after_plug"]
    assert res["replug_ok"] and res["replug_lit"] and res["replug_equal"]
    assert res["replug_noise"] is False  # the re-init leaves it dark until the frame is in
    assert res["replug_calls"] <= 33
    assert res["contrast"] == 99  # settings made while away are sent with the re-init


def test_clean_start_the_glass_never_shows_the_ram_noise(run_fw):
    res = run_fw.call("ssd1306.clean_start")
    assert res["noise_at_power_up"]  # the model powers up with random RAM, like the chip
    assert res["dark_after_init"]
    assert res["first_show"] == 7 + 1 + 1024 + 2
    assert res["lit"] and res["glass_is_frame"] and res["noise_shown"] is False
    assert res["lit_at"] == 3
    assert res["old_noise"] is True  # the model does catch a panel lit before its RAM is written
    assert res["dark_before_show"] and res["lit2"]
    assert res["boot_bytes"] == 26 + 1032 + 2  # init sequence (display off), the first frame, display on


def test_absent_panel_settings_and_2x_text(run_fw):
    res = run_fw.call("ssd1306.absent_and_settings")
    assert res["absent_ok"] is False and res["absent_show"] == 0 and res["errors"] >= 1
    assert res["contrast_clamped"] == 255 and res["contrast"] == 17
    assert res["on_before_frame"] is False  # no frame in the RAM yet: it waits for show()
    assert res["on_lit"] is True
    assert res["text2x_same"] == 256
    assert res["text2x_lit"] > 20 and res["text2x_lit"] % 4 == 0
    assert res["text2x_dark"] == res["text2x_lit"]
    assert res["text2x_first"] == res["text2x_lit"] and res["text2x_second"] == res["text2x_one"] > 0


def test_show_allocates_no_frame_sized_buffers_under_micropython(fw_runner):
    per_frame = fw_runner("micropython").call("ssd1306.show_allocations")
    assert per_frame["none"] < 16
    assert per_frame["page"] < 64  # one small memoryview slice for a partial page
    assert per_frame["all"] < 16


def test_model_renders_text_and_png(tmp_path):
    import devices

    machine = devices.install()
    machine.reset()
    panel = devices.attach_panel()
    from fishtable.hw.ssd1306 import SSD1306

    d = SSD1306(machine.I2C(0))
    d.fill(0)
    d.fill_rect(0, 0, 4, 2, 1)
    d.show()
    lines = panel.text().splitlines()
    assert len(lines) == 64 and lines[0].startswith("####.") and lines[2].startswith("....")
    assert len(panel.text_half().splitlines()) == 32
    pytest.importorskip("PIL")
    path = tmp_path / "frame.png"
    panel.save_png(str(path), scale=2)
    from PIL import Image

    img = Image.open(path)
    assert img.size == (256, 128)
    assert img.getpixel((0, 0)) != (0, 0, 0) and img.getpixel((20, 20)) == (0, 0, 0)


def test_model_decodes_page_mode_and_single_command_control_bytes():
    from devices.panel import SSD1306Model

    m = SSD1306Model()
    # Co=1 control bytes, one command each; page addressing; charge pump; display on
    m.write(bytes((0x80, 0x8D, 0x80, 0x14, 0x80, 0xA1, 0x80, 0xC8, 0x80, 0xAF)))
    m.write(bytes((0x00, 0x20, 0x02, 0xB3, 0x05, 0x11)))  # page 3, column 0x15
    m.write(bytes((0x40, 0xFF, 0x01)))
    assert m.lit() and m.mode == 2
    px = m.glass()
    assert px[24 * 128 + 21] == 1 and px[31 * 128 + 21] == 1 and px[24 * 128 + 22] == 1 and px[25 * 128 + 22] == 0
    m.write(bytes((0x00, 0xA7)))  # inverse
    assert m.glass()[24 * 128 + 21] == 0


def test_bus_cost_of_typical_updates(run_fw):
    rows = run_fw.call("ssd1306.bus_cost")

    cost = {label: (sent, txns, bits) for label, sent, txns, bits in rows}
    assert cost["full frame"] == (1032, 2, 2 + 9 * 8 + 2 + 9 * 1026)
    sent, txns, bits = cost["score digit 7->8 (8x8 font)"]
    assert txns == 2 and sent < 20 and bits < 200  # vs 9310 bits for the whole frame
    assert cost["one full text line (16 chars)"][0] == 7 + 1 + 127  # the font leaves the last column blank
    assert cost["nothing changed"] == (0, 0, 0)
