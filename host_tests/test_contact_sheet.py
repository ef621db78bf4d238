"""The contact sheet of tools/screens.py: many 128x64 frames with captions (and the ring
under each) in one PNG, in rows under headings."""

import os

import screens
import sim

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def glass_with(seed):
    """A frame of its own: a diagonal band and a box placed by `seed`."""
    glass = bytearray(1024)
    for x in range(128):
        y = (x // 2 + seed * 7) % 64
        glass[(y >> 3) * 128 + x] |= 1 << (y & 7)
    for x in range(seed * 10, seed * 10 + 8):
        glass[(seed % 8) * 128 + x] = 0xFF
    return bytes(glass)


def test_frames_land_in_rows_under_their_headings_with_ring_and_caption(tmp_path):
    red = bytes([38, 0, 0])
    cells = [("Hi Fisch!", None)]
    cells += [("hifisch %d" % i, glass_with(i), red * 12) for i in range(5)]
    cells += [("Hecht", None), ("hecht 0", glass_with(6)), ("a caption far too long to fit under one frame " * 3,
                                                            glass_with(7), bytes(36))]
    path = screens.write_contact_sheet(cells, str(tmp_path / "docs" / "all.png"), title="every screen")
    from PIL import Image

    sheet = Image.open(path).convert("RGB")
    scale, pad = screens.SHEET_SCALE, screens.PAD
    cell_w = 128 * scale + 2 * pad
    cell_h = 64 * scale + screens.RING_DOT + 4 + screens.CAPTION + 2 * pad
    head = screens.HEADING
    # title, heading, a row of 4, a row of 1, heading, a row of 2
    assert sheet.size == (4 * cell_w, head + head + 2 * cell_h + head + cell_h)
    where = {}
    for i in range(5):
        where["hifisch %d" % i] = ((i % 4) * cell_w, 2 * head + (i // 4) * cell_h)
    where["hecht 0"] = (0, 3 * head + 2 * cell_h)
    where[cells[-1][0]] = (cell_w, 3 * head + 2 * cell_h)
    for cell in cells:
        if cell[1] is None:
            continue
        x, y = where[cell[0]]
        frame = sheet.crop((x + pad, y + pad, x + pad + 128 * scale, y + pad + 64 * scale))
        assert frame.tobytes() == screens.oled_image(cell[1]).tobytes(), cell[0]
        below = sheet.crop((x + pad, y + pad + 64 * scale + screens.RING_DOT + 6,
                            x + pad + 128 * scale, y + cell_h))
        assert max(sum(c) for _, c in below.getcolors(1 << 16)) > 500, "no caption under %s" % cell[0]
        dot = sheet.getpixel((x + pad + screens.RING_DOT // 2, y + pad + 64 * scale + 4 + screens.RING_DOT // 2))
        if len(cell) > 2 and any(cell[2]):
            assert dot == sim.perceived(*red)  # the ring as a person sees it, not the PWM value
        else:
            assert dot != sim.perceived(*red)
    # the long caption is cut to the frame's width
    from PIL import ImageDraw, ImageFont

    pen = ImageDraw.Draw(sheet)
    cut = screens._fit(pen, cells[-1][0], ImageFont.load_default(), 128 * scale)
    assert cut.endswith("...") and pen.textlength(cut, font=ImageFont.load_default()) <= 128 * scale


def test_an_empty_sheet_and_one_frame():
    assert screens.contact_sheet([("x", bytes(1024))]).size[1] > 64 * screens.SHEET_SCALE
    assert screens.contact_sheet([]).size[0] == 4 * (128 * screens.SHEET_SCALE + 2 * screens.PAD)
