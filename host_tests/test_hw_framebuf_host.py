"""The host's `framebuf` (fishtable.cp.framebuf, installed by tools/devices on CPython, with the
font drawn by the MicroPython unix port) draws the same pixels as MicroPython's C framebuf
(host_tests/fw/framebuf_host.py)."""


def test_framebuf_stand_in_matches_micropython(fw_runner):
    real = fw_runner("micropython").call("framebuf_host.draw")
    host = fw_runner("cpython").call("framebuf_host.draw")
    assert set(real) == set(host)
    differ = [name for name in real if real[name] != host[name]]
    assert differ == []


def test_the_host_framebuf_is_the_circuitpython_one(fw_runner):
    assert fw_runner("cpython").call("framebuf_host.host_is_cp") == [True, 768, False]


def test_font_file_is_drawn_again_when_missing_or_damaged(tmp_path):
    from devices import font

    path = str(tmp_path / "sub" / "font8x8.bin")
    assert font.font_file(path) == path
    with open(path, "rb") as f:
        good = f.read()
    assert len(good) == 768 and good[:8] == bytes(8)  # the space is blank
    assert good[8:16] != bytes(8)  # "!" is not
    with open(path, "wb") as f:
        f.write(good[:100])
    assert font.font_bytes(path) == good
