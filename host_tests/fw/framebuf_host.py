"""The host's `framebuf` (fishtable.cp.framebuf, installed by tools/devices on CPython) against
MicroPython's C framebuf (test_hw_framebuf_host.py)."""


def draw():
    """Text, rectangles, lines, pixels, blits and the whole font in each of the three mono formats:
    {name: the buffer in hex}."""
    import binascii

    import devices

    devices.install()
    import framebuf

    drawn = {}

    def show(name, buf):
        drawn[name] = binascii.hexlify(buf).decode()

    for fmt_name in ("MONO_VLSB", "MONO_HLSB", "MONO_HMSB"):
        fmt = getattr(framebuf, fmt_name)
        buf = bytearray(128 * 64 // 8)
        fb = framebuf.FrameBuffer(buf, 128, 64, fmt)
        fb.fill(0)
        fb.text("Fish 0123 ~!", 1, 3, 1)
        fb.text("\x7f\x01", 120, 60, 1)
        fb.fill_rect(-5, 20, 20, 9, 1)
        fb.rect(30, 15, 40, 20, 1)
        fb.rect(32, 17, 36, 16, 0, True)
        fb.hline(0, 63, 200, 1)
        fb.vline(127, -3, 30, 1)
        fb.pixel(64, 40, 1)
        fb.line(0, 0, 127, 63, 1)
        fb.line(100, 10, 90, 50, 1)
        fb.line(5, 60, 60, 45, 0)
        for k in range(40):  # lines in every direction, ties included
            fb.line(64, 32, 64 + (k * 37) % 90 - 45, 32 + (k * 23) % 70 - 35, k & 1)
        show(fmt_name, buf)
        icon = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
        icon.text("@", 0, 0, 1)
        fb.fill(1)
        fb.blit(icon, 60, 30, 1)
        fb.blit(icon, 124, -2)
        hlsb = framebuf.FrameBuffer(bytearray(b"\x81\x42\x24\x18\xff\x00\xa5\x5a"), 8, 8, framebuf.MONO_HLSB)
        fb.blit(hlsb, 3, 59)
        fb.blit(hlsb, -2, 10, 0)
        show(fmt_name + "-blit", buf)
        fb.fill(0)
        for row in range(6):  # the whole font, then what is not in it
            fb.text("".join(chr(c) for c in range(32 + 16 * row, 48 + 16 * row)), 0, 8 * row, 1)
        fb.text("\u00e9\x00\n\t", 3, 52, 1)
        show(fmt_name + "-font", buf)
    return drawn


def host_is_cp():
    """[the installed framebuf is fishtable.cp.framebuf, its font's length, whether it has a FONT]."""
    import devices

    devices.install()
    import framebuf

    from fishtable.cp import framebuf as cp

    return [framebuf is cp, len(cp.font()), hasattr(cp, "FONT")]
