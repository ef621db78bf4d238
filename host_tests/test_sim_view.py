"""The simulator's view (tools/sim.py): the ring's colours as a person sees them at every
brightness (terminal and PNG frames), the "terminal too small" message, the redraw after a
resize, and the interactive board under MicroPython (About shows that heap's free memory)."""

import os
import struct
import zlib

import pytest
import sim

from fishtable.hw.ring import Ring
from fishtable.ui import prefs
from fishtable.ui.ringfx import NAMES, RGB

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")


class Pixels:
    """A NeoPixel stand-in: what the ring last wrote, per LED."""

    def __init__(self, n):
        self.values = [(0, 0, 0)] * n

    def __setitem__(self, i, rgb):
        self.values[i] = tuple(rgb)

    def write(self):
        pass


def lit(rgb, level):
    """What the board's ring sends for seat colour `rgb` at the Settings brightness `level` (1-5)."""
    pixels = Pixels(12)
    ring = Ring(pixels, 12, cap=64)
    hw = type("Hw", (), {"display": None, "ring": ring, "mounted_flip": False})()
    prefs.apply(hw, {"brightness": level, "flip": False})  # the app's brightness rule: level * cap // 5
    ring.fill(rgb)
    ring.show()
    return pixels.values[0]


def hue_order(rgb):
    return sorted(range(3), key=lambda i: -rgb[i])


def test_every_seat_colour_keeps_its_hue_at_every_brightness():
    for name, rgb in zip(NAMES, RGB):
        shown = []
        for level in range(1, 6):
            pwm = lit(rgb, level)
            seen = sim.perceived(*pwm)
            shown.append(seen)
            assert max(seen) >= 100, "%s at %d: %r from %r is too dark to see" % (name, level, seen, pwm)
            if name != "White":  # a colour, not a grey, and the same channels lead as in the seat colour
                assert max(seen) - min(seen) >= 80, "%s at %d looks grey: %r" % (name, level, seen)
                top = hue_order(rgb)[0]
                assert seen[top] == max(seen), (name, level, seen)
                for i in range(3):
                    if rgb[i] == 0:
                        assert seen[i] == 0, (name, level, seen)
        assert all(sum(a) < sum(b) for a, b in zip(shown, shown[1:])), "%s: levels not apart: %r" % (name, shown)


def test_default_brightness_red_yellow_blue_are_told_apart():
    """The issue's case: Red, Yellow and Blue at the default brightness were all (40, 40, 40)."""
    red, yellow, blue = (sim.perceived(*lit(RGB[i], 3)) for i in range(3))
    assert len({red, yellow, blue}) == 3 and (40, 40, 40) not in (red, yellow, blue)
    assert red[0] > 150 and red[1] == red[2] == 0
    assert yellow[0] > 150 and yellow[1] > 120 and yellow[2] == 0
    assert blue[2] > 150 and blue[0] == 0 and blue[2] > blue[1]
    assert sim.perceived(0, 0, 0) == (0, 0, 0)
    assert sim.perceived(255, 255, 255) == (255, 255, 255)
    assert sim.perceived(255, 128, 0)[0] == 255 and 0 < sim.perceived(255, 128, 0)[1] < 255  # clipped, hue kept


def test_terminal_dots_and_png_frames_show_the_perceived_colour():
    ring = bytes(lit(RGB[2], 3)) + bytes(33)
    text = sim.render_terminal(bytes(1024), ring, columns=200)
    assert "\x1b[38;2;%d;%d;%dm●" % sim.perceived(*ring[:3]) in text
    png = sim.frame_png(bytes(1024), ring)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at = png.index(b"PLTE")
    size = struct.unpack(">I", png[at - 4:at])[0]
    palette = png[at + 4:at + 4 + size]
    colours = [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)]
    assert sim.perceived(*ring[:3]) in colours
    raw = zlib.decompress(png[png.index(b"IDAT") + 4:])
    assert colours.index(sim.perceived(*ring[:3])) in raw  # the dot is drawn in it


@pytest.mark.parametrize("columns,rows", [(55, 24), (80, 11), (20, 5), (1, 1)])
def test_a_terminal_too_small_gets_a_message(columns, rows):
    text = sim.render_terminal(bytes(1024), bytes(36), columns, rows)
    lines = text.replace("\x1b[H", "").replace("\x1b[2J", "").split("\n")
    assert len(lines) < rows or rows == 1
    assert all(len(line) <= columns for line in lines)
    assert "|" not in text and "ring:" not in text  # no broken frame
    if columns >= 18 and rows >= 3:
        assert lines[0] == "Terminal too small" and "56x12 needed" in text and "%dx%d" % (columns, rows) in text


@pytest.mark.parametrize("columns,rows,view_rows", [(56, 12, 8), (80, 24, 8), (129, 40, 8), (130, 34, 8),
                                                    (130, 35, 32)])
def test_the_view_fits_the_terminal(columns, rows, view_rows):
    text = sim.render_terminal(bytes(1024), bytes(36), columns, rows)
    lines = text.split("\n")
    assert "Terminal too small" not in text
    assert len(lines) <= rows  # the last one is the cursor's: nothing scrolls
    oled = [line for line in lines if "\x1b[38;2;%d;%d;%dm" % sim.ON in line]
    assert len(oled) == view_rows
    visible = [line.split("\x1b[K")[0] for line in lines]
    assert all(len(line) <= columns for line in visible if "\x1b" not in line)


def test_a_resize_redraws_from_a_clear_screen():
    import io

    out = io.StringIO()
    view = sim.TerminalView(out)
    glass, ring = bytes(1024), bytes(36)
    assert view.show(glass, ring, 80, 24) and out.getvalue().startswith("\x1b[2J")
    assert not view.show(glass, ring, 80, 24)  # nothing changed: nothing drawn
    view.on_resize()  # SIGWINCH
    before = len(out.getvalue())
    assert view.show(glass, ring, 40, 10)
    assert out.getvalue()[before:].startswith("\x1b[2J") and "Terminal too small" in out.getvalue()[before:]
    assert view.show(bytes([1]) + glass[1:], ring, 80, 24)  # a changed frame is drawn


def test_sigwinch_marks_the_view_for_a_redraw():
    import io
    import signal

    view = sim.TerminalView(io.StringIO())
    view.show(bytes(1024), bytes(36), 80, 24)
    old = view.watch()
    try:
        assert not view.resized
        os.kill(os.getpid(), signal.SIGWINCH)
        assert view.resized
    finally:
        signal.signal(signal.SIGWINCH, old)


def test_interactive_board_under_micropython_says_its_memory_is_a_simulators(tmp_path, monkeypatch):
    """The terminal's keys go to the firmware in the MicroPython unix port; About says its free RAM is
    a simulator's (no Pico has the harness's heap), not a figure that misleads."""
    from screenreader import Reader

    frames = []

    class View:
        def show(self, glass, ring):
            frames.append(bytes(glass))

    script = [b"\x1b[A", b"", b"\r", b"", b"", b"q"]  # PREV to About, OK, let time pass, quit

    def read(self, timeout=0):
        if script:
            self.pending += script.pop(0)

    monkeypatch.setattr(sim.TerminalKeys, "read", read)
    with pytest.raises(SystemExit):
        sim.run_micropython(5, str(tmp_path), View())
    text = Reader().read(frames[-1]).text()
    assert "free RAM" in text and "n/a (simulator)" in text and "bytes" not in text, text


@pytest.mark.parametrize("interp", ["cpython", "micropython"])
def test_ok_answers_on_its_press_edge_and_acts_on_release(tmp_path, interp):
    """While OK is held the chosen line's bar spans the screen (the press shows at once, a frame of
    its own); the choice is taken when OK comes up, as before."""
    keys = tmp_path / "keys"
    keys.write_text("wait:300 next hold:400 wait:300\n")
    texts = []
    frames = tmp_path / "frames"
    sim.scripted(str(keys), str(frames), 3, interp == "micropython", str(tmp_path / "flash"), fresh=True,
                 text=lambda n, words: texts.append(words))
    first = 0
    while not texts[first].strip():  # the clean panel of the power-on
        first += 1
    texts = texts[first:]
    assert len(texts) == 4, texts  # the menu, NEXT, OK down, OK up
    assert texts[1].split("\n")[1] == texts[2].split("\n")[1] == "\u00abNew Hecht\u00bb"
    shots = [(frames / ("frame_%04d.png" % (first + n))).read_bytes() for n in (2, 3)]
    assert shots[0] != shots[1]  # the bar grew
    assert "New Hecht" not in texts[3] and "Players" in texts[3], texts[3]  # chosen on release
