#!/usr/bin/env python3
"""The fishtable simulator: the firmware's own main.py on a simulated board.

The board is boards/pico.json (or --board NAME: boards/NAME.json) built by the firmware's own
board.build() over the device models of tools/devices: the panel model of the profile's chip
(SSD1306, SH1106, SSD1309) decodes the driver's I2C bytes, the
NeoPixel model records the ring, the three buttons are modelled pins (OK held 700 ms = BACK).

Interactive (`make sim`):  python3 tools/sim.py [--seed N] [--cpython]
    The OLED is drawn in this terminal with half-block characters; a terminal too small for
    its pixels (130x35; the usual 80x24 is) gets what the screen reads instead (tools/screenreader.py:
    «highlighted», {2x text}, [icons]), a message below 56x12; redrawn when the terminal is
    resized.  The ring shows as coloured dots as a person sees them.  Keys: Left/Up = PREV, Right/Down = NEXT,
    Enter = OK, Backspace = BACK, q quits.  The firmware runs in the MicroPython unix port
    (the board's interpreter: About says it is a simulator, its heap is not the Pico's; its clock
    follows the real one), or with --cpython (or without the port) in this process on the host shim.
    Needs a terminal: with stdout or stdin piped or redirected it says which and exits 2.

Scripted (tests, demos):
    python3 tools/sim.py --keys FILE --frames DIR --seed N [--micropython]
    FILE holds key words, one or more a line (# starts a comment):
        prev next ok        a press of that button (60 ms down, then 60 ms up)
        back                OK held for 800 ms (the board's long press)
        next*5              a word repeated
        hold:MS             OK held for MS: 700 ms or more is BACK, less is OK
        wait:MS             let MS milliseconds pass (animations, messages)
    The clock is virtual, so a script and seed always give the same frames.  DIR receives
    frame_NNNN.png for every changed frame (the panel's glass x4 beside the ring) with
    frame_NNNN.txt beside it (what the screen reader reads on it: tools/screenreader.py),
    and final.png; the final frame's text is printed.  --text prints every frame's text.
    --micropython runs the firmware inside the MicroPython unix port (via tools/mprun, whose
    heap also holds the firmware compiled from source and the device models) and streams the frames back;
    they are byte-identical to the CPython run's.

Flash: the simulated board's filesystem is a host folder (--flash DIR, default
build/sim/flash).  The game in progress and the finished games live under DIR/data
(finished games: DIR/data/history/*.fish, readable by tools/replay.py).  Interactive, the flash
holds the catalogs of lang/ (DIR/lang/de.bin, as `make flash` puts them): a fresh flash asks
"Language/Sprache" at its first start.  Scripted runs are English without a catalog unless
--lang de (the catalog on the flash and the language chosen in the settings).
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import zlib

import bootstrap  # tools/ and firmware/ on sys.path

from fishtable.events import BACK, NEXT, OK, PREV

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT
SIMLIB = bootstrap.SIMLIB
MAIN_PY = os.path.join(ROOT, "firmware", "main.py")
FLASH = os.path.join(ROOT, "build", "sim", "flash")
SCALE = 4
W, H = 128, 64
ON = (110, 200, 255)
OFF = (8, 10, 16)
RING_W = 256


# -- the ring's colours as a person sees them ------------------------------------
# A WS2812 is lit by PWM: its channel values are shares of full light (linear).  The eye sees
# light on a roughly logarithmic scale, and a bare LED at a quarter of its full duty already looks
# as bright as a white pixel of a screen.  So a colour is scaled by EXPOSURE and encoded with the
# sRGB curve (what a screen needs to show that light): a dim LED keeps its hue and stays visible,
# and the brightness levels stay apart.  (Not max(c, 40): that turned every dim colour grey.)
EXPOSURE = 4


def _srgb(x):
    """Linear light 0..1 -> the sRGB value 0..1 that shows it."""
    return 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055


def perceived(r, g, b):
    """What a person sees of an LED driven at (r, g, b) (PWM values 0-255), as an sRGB colour.

    Black stays black; a colour whose brightest channel would clip is scaled down as a whole, so
    its hue is kept."""
    top = max(r, g, b)
    if top == 0:
        return (0, 0, 0)
    scale = min(EXPOSURE / 255, 1 / top)
    return tuple(int(255 * _srgb(c * scale) + 0.5) for c in (r, g, b))


# -- PNG (standard library only, deterministic) --------------------------------
def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pixel_on(buf, x, y):
    return (buf[(y >> 3) * W + x] >> (y & 7)) & 1


_SPANS = {}


def ring_spans(count):
    """For each dot of a `count`-pixel ring: (row, x0, x1) spans of a filled circle (cached)."""
    if count not in _SPANS:
        import math

        spans = []
        for i in range(count):
            angle = 2 * math.pi * i / count - math.pi / 2
            cx = W * SCALE + RING_W // 2 + round(96 * math.cos(angle))
            cy = H * SCALE // 2 + round(96 * math.sin(angle))
            dot = []
            for dy in range(-12, 13):
                half = int(math.isqrt(144 - dy * dy))
                dot.append((cy + dy, cx - half, cx + half + 1))
            spans.append(dot)
        _SPANS[count] = spans
    return _SPANS[count]


def frame_png(buf, ring):
    """The OLED scaled x4 with the ring's dots to its right, as a palette PNG."""
    width = W * SCALE + RING_W
    height = H * SCALE
    count = len(ring) // 3
    palette = [OFF, ON, (0, 0, 0), (32, 32, 32)]
    index = []
    for i in range(count):
        rgb = tuple(ring[i * 3 : i * 3 + 3])
        if rgb == (0, 0, 0):
            index.append(3)
            continue
        rgb = perceived(*rgb)
        if rgb not in palette:
            palette.append(rgb)
        index.append(palette.index(rgb))
    cell = (bytes([0]) * SCALE, bytes([1]) * SCALE)
    right = bytes([2]) * RING_W
    rows = []
    for y in range(H):
        page = (y >> 3) * W
        bit = 1 << (y & 7)
        row = b"".join(cell[1 if buf[page + x] & bit else 0] for x in range(W)) + right
        for _ in range(SCALE):
            rows.append(bytearray(row))
    for i, dot in enumerate(ring_spans(count)):
        colour = index[i]
        for y, x0, x1 in dot:
            rows[y][x0:x1] = bytes([colour]) * (x1 - x0)
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    plte = b"".join(bytes(c) for c in palette)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
        + _chunk(b"PLTE", plte)
        + _chunk(b"IDAT", zlib.compress(raw, 6))
        + _chunk(b"IEND", b"")
    )


# -- the language ---------------------------------------------------------------
def languages(flash, lang=None):
    """The catalogs on the simulated flash as `make flash` puts them (FLASH/lang/LANG.bin, from
    lang/*/ as the sources are now), with the settings' language set to `lang` when given (else
    a fresh flash asks at its first start); lang "": none (English only, nothing asked)."""
    import flash as flashing

    folder = os.path.join(flash, "lang")
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    if lang == "":
        return
    for rel, data in flashing.catalog_files().items():
        os.makedirs(os.path.dirname(os.path.join(flash, rel)), exist_ok=True)
        with open(os.path.join(flash, rel), "wb") as f:
            f.write(data)
    if lang:
        from fishtable.store import Store
        from fishtable.ui import prefs

        store = Store(root=os.path.join(flash, "data"))
        values = store.load_settings(prefs.defaults())
        values["language"] = lang
        store.save_settings(values)


# -- scripted mode ------------------------------------------------------------
def scripted(keys, frames_dir, seed, micropython=False, flash=FLASH, fresh=False, text=None, board=None, lang=""):
    """Run a key script; write the PNGs and their texts; returns (frames, the last frame's text).

    `text(number, screen_text)` is called for every frame when given; `board`: the profile
    (boards/NAME.json) instead of pico; `lang`: play in that language ("de": its catalog on the
    flash, the setting chosen; "": English, no catalog, nothing asked).  Raises on a failure."""
    from screenreader import Reader

    import mprun

    reader = Reader()
    if fresh and os.path.isdir(flash):
        shutil.rmtree(flash)
    os.makedirs(flash, exist_ok=True)
    languages(flash, lang)
    os.makedirs(frames_dir, exist_ok=True)
    for name in os.listdir(frames_dir):
        if name.endswith(".png") or name.endswith(".txt"):
            os.remove(os.path.join(frames_dir, name))
    interp = "micropython" if micropython else "cpython"
    argv, env = mprun.command(
        interp,
        os.path.join(SIMLIB, "simrun.py"),
        (["--board", board] if board else []) + [os.path.abspath(keys), str(seed), os.path.abspath(flash), MAIN_PY],
        path=(TOOLS,),  # the device models (simrun.py's own folder goes on the path as a script's does)
    )
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, text=True)
    count = 0
    last = None
    words = ""
    ended = False
    other = []
    for line in proc.stdout:
        if line.startswith("F "):
            parts = line.split()
            last = (bytes.fromhex(parts[1]), bytes.fromhex(parts[2]))
            count += 1
            base = os.path.join(frames_dir, "frame_%04d" % count)
            with open(base + ".png", "wb") as out:
                out.write(frame_png(*last))
            words = reader.read(last[0]).text()
            with open(base + ".txt", "w", encoding="utf-8") as out:
                out.write(words + "\n")
            if text is not None:
                text(count, words)
        elif line.startswith("E"):
            ended = True
        else:
            other.append(line)
    err = proc.stderr.read()
    code = proc.wait()
    if code != 0 or not ended:
        raise RuntimeError("simulator failed (%s, exit %d):\n%s%s" % (interp, code, "".join(other), err))
    if last is not None:
        with open(os.path.join(frames_dir, "final.png"), "wb") as out:
            out.write(frame_png(*last))
    return count, words


# -- interactive mode ------------------------------------------------------------
KEYS_LINE = "Left/Up prev  Right/Down next  Enter ok  Backspace back  q quit"
HALF_SIZE = (W + 2, H // 2 + 3)  # columns, rows the half-block view needs (OLED, ring, keys, cursor)
TEXT_SIZE = (56, H // 8 + 4)  # the text view: the screen's 8 lines in a frame, ring, keys, cursor
_READER = []


def screen_lines(buf):
    """The frame's 8 lines as the screen reader reads them («highlighted», {2x text}, [icon])."""
    if not _READER:
        from screenreader import Reader

        _READER.append(Reader())
    return _READER[0].read(bytes(buf)).lines()


def too_small(columns, rows):
    """The message a terminal smaller than the smallest view gets instead of a broken frame."""
    lines = ["Terminal too small", "for the OLED:", "%dx%d needed," % TEXT_SIZE, "this is %dx%d." % (columns, rows),
             "Make it larger", "(q quits)"]
    lines = [line[:max(columns, 1)] for line in lines[:max(rows - 1, 1)]]
    return "\x1b[H\x1b[2J" + "\n".join(lines)


def render_terminal(buf, ring, columns=None, rows=None):
    """The OLED in the terminal and the ring as coloured dots (ANSI 24-bit colour).

    With 130 or more columns (and 35 rows), half-block characters (one column a pixel, 32 rows);
    in a smaller terminal (the usual 80x24), too small for the pixels, what the screen reads
    (`screen_lines`, in a frame: the highlight «marked»); below 56x12 a message that says so.
    The ring's dots show what a person sees (`perceived`).
    """
    if columns is None:
        columns, rows = shutil.get_terminal_size((80, 24))
    elif rows is None:  # only the width given: as many rows as the view wants
        rows = HALF_SIZE[1]
    if columns < TEXT_SIZE[0] or rows < TEXT_SIZE[1]:
        return too_small(columns, rows)
    lines = []
    on = "\x1b[38;2;%d;%d;%dm" % ON
    if columns >= HALF_SIZE[0] and rows >= HALF_SIZE[1]:
        for y in range(0, H, 2):
            row = []
            for x in range(W):
                top = pixel_on(buf, x, y)
                bottom = pixel_on(buf, x, y + 1)
                row.append(" ▀▄█"[top + 2 * bottom])
            lines.append(on + "".join(row) + "\x1b[0m")
    else:
        width = TEXT_SIZE[0] - 2
        for text in screen_lines(buf):
            lines.append(on + "|" + text[:width].ljust(width) + "|\x1b[0m")
    dots = []
    for i in range(0, len(ring), 3):
        r, g, b = ring[i], ring[i + 1], ring[i + 2]
        if r or g or b:
            dots.append("\x1b[38;2;%d;%d;%dm●\x1b[0m" % perceived(r, g, b))
        else:
            dots.append("\x1b[38;2;60;60;60m○\x1b[0m")
    lines.append("ring: " + " ".join(dots))  # at most 24 LEDs: 53 columns
    lines.append(KEYS_LINE[:columns])
    lines = [line + "\x1b[K" for line in lines]  # clear what a wider frame left
    return "\x1b[H" + "\n".join(lines) + "\n\x1b[J"


class TerminalView:
    """Draws the frame in the terminal when it changed, and again (from a clear screen) when the
    terminal was resized: SIGWINCH sets `resized`."""

    def __init__(self, out=None):
        self.out = out or sys.stdout
        self.resized = True
        self.shown = None

    def watch(self):
        """Redraw on SIGWINCH (the terminal's size changed); returns the handler it replaced."""
        import signal

        return signal.signal(signal.SIGWINCH, self.on_resize)

    def on_resize(self, *_):
        self.resized = True

    def show(self, glass, ring, columns=None, rows=None):
        """Draw if the frame changed or the terminal was resized; returns True if it drew."""
        frame = (bytes(glass), bytes(ring))
        if frame == self.shown and not self.resized:
            return False
        clear = "\x1b[2J" if self.resized else ""
        self.resized = False
        self.shown = frame
        self.out.write(clear + render_terminal(frame[0], frame[1], columns, rows))
        self.out.flush()
        return True


class TerminalKeys:
    """Keys from a raw-mode terminal (events directly); draws the frame when it changed."""

    def __init__(self, frames, view=None):
        self.frames = frames
        self.view = view
        self.pending = b""

    def read(self, timeout=0):
        """Take the bytes the terminal sent, waiting up to `timeout` seconds for some."""
        import select

        ready, _, _ = select.select([sys.stdin], [], [], timeout)
        if ready:
            self.pending += os.read(sys.stdin.fileno(), 16)

    def poll(self, now):
        frames = self.frames
        frames.capture(now)
        self.view.show(frames.glass, frames.ring)
        self.read()
        return self.decode()

    def decode(self):
        data = self.pending
        if not data:
            return 0
        for seq, ev in KEYMAP:
            if data.startswith(seq):
                self.pending = data[len(seq):]
                return ev
        if data[:1] in (b"q", b"Q", b"\x03"):
            raise SystemExit(0)
        self.pending = data[1:]
        return 0


WORDS = {PREV: "prev", NEXT: "next", OK: "ok", BACK: "back"}
KEYMAP = (
    (b"\x1b[D", PREV), (b"\x1b[A", PREV), (b"\x1b[C", NEXT), (b"\x1b[B", NEXT),
    (b"\r", OK), (b"\n", OK), (b"\x7f", BACK), (b"\x08", BACK),
)
IDLE_MS = (30, 250)  # MicroPython mode: a look at the keys every 30 ms; the real time since the last look passes there


def run_cpython(seed, flash, view, board=None):
    """The firmware in this process (the host shim's CPython), on the real clock."""
    from simlib import simrun

    _, _, frames = simrun.install(seed, os.path.join(flash, "data"), lambda hw, profile, fr: TerminalKeys(fr, view),
                                  RealClock(), board_name=board)  # the real clock: the virtual one is for scripts
    frames.emit = False  # this terminal shows the frames itself
    with open(MAIN_PY) as f:
        code = compile(f.read(), MAIN_PY, "exec")
    exec(code, {"__name__": "__main__"})


def run_micropython(seed, flash, view, board=None):
    """The firmware in the MicroPython unix port (a child process, tools/simlib/device.py): the
    board's interpreter, so About shows that heap's real free memory.  Its clock is virtual:
    between keys, the real time that passed is let pass there too."""
    import time

    from simlib.device import Device

    keys = TerminalKeys(None)
    device = Device("micropython", seed, flash=flash, board=board)
    try:
        last = time.monotonic()
        while True:
            view.show(device.glass, device.ring)
            keys.read(IDLE_MS[0] / 1000)
            ev = keys.decode()
            now = time.monotonic()
            if ev:
                device.press(WORDS[ev])
            else:
                device.wait(max(IDLE_MS[0], min(IDLE_MS[1], int((now - last) * 1000))))
            last = now
    finally:
        device.close()


def no_terminal(stdin, stdout):
    """What keeps the interactive simulator from drawing and reading keys here, or None."""
    cause = {(True, False): "stdout is not a terminal", (False, True): "stdin is not a terminal",
             (False, False): "stdout and stdin are not a terminal"}.get((stdin.isatty(), stdout.isatty()))
    if cause is None:
        return None
    return ("fishtable sim: %s (piped or redirected), so the board cannot be drawn and played here. "
            "Run `make sim` in a terminal window, or script it: tools/sim.py --keys FILE --text prints each "
            "frame's text, --keys FILE --frames DIR writes them as PNG (see --help)." % cause)


def interactive(seed, flash, micropython=None, board=None):
    """`make sim`: the board in this terminal.  micropython: True, False, None (when installed)."""
    problem = no_terminal(sys.stdin, sys.stdout)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    import termios
    import tty

    import mprun

    if micropython is None:
        try:
            mprun.micropython_binary()
            micropython = True
        except mprun.MicroPythonError:
            micropython = False
    os.chdir(ROOT)
    os.makedirs(flash, exist_ok=True)
    languages(flash)  # a fresh flash asks Language/Sprache at its first start
    view = TerminalView()
    view.watch()
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    sys.stdout.write("\x1b[2J\x1b[?25l")
    failed = None
    try:
        tty.setcbreak(fd)
        (run_micropython if micropython else run_cpython)(seed, flash, view, board)
    except (SystemExit, KeyboardInterrupt):
        pass
    except Exception as err:  # the board stopped: say why once the terminal is back
        failed = err
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\n")
    if failed is not None:
        print("fishtable sim: %s" % failed)
        return 1
    print("game records: %s" % os.path.join(flash, "data", "history"))
    return 0


class RealClock:
    """The host's own time for the interactive simulator (scripts use the virtual clock)."""

    def ticks_ms(self):
        import time

        return time.ticks_ms()

    def sleep_ms(self, ms):
        import time

        time.sleep(ms / 1000)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keys", help="key script (scripted mode)")
    parser.add_argument("--frames", help="folder for the PNG frames (scripted mode)")
    parser.add_argument("--seed", type=int, default=None, help="die seed (scripted default 1)")
    parser.add_argument("--micropython", action="store_true", help="run the firmware in the MicroPython unix port "
                        "(interactive mode: the default when it is installed)")
    parser.add_argument("--cpython", action="store_true", help="interactive mode: run the firmware in this CPython")
    parser.add_argument("--flash", default=FLASH, help="the board's flash (default build/sim/flash)")
    parser.add_argument("--fresh", action="store_true", help="empty the flash folder first")
    parser.add_argument("--text", action="store_true", help="print every frame's text (scripted mode)")
    parser.add_argument("--board", help="the board profile, boards/NAME.json (default pico; e.g. pico_sh1106)")
    parser.add_argument("--lang", default="", help="scripted mode: play in this language (de; default English)")
    args = parser.parse_args(argv)
    if args.keys:
        frames = args.frames or os.path.join(ROOT, "build", "sim", "frames")
        seed = 1 if args.seed is None else args.seed

        def show(number, words):
            print("--- frame %d ---\n%s" % (number, words))

        count, final = scripted(args.keys, frames, seed, args.micropython, args.flash, args.fresh,
                                show if args.text else None, args.board, args.lang)
        if not args.text:
            print(final)
        print("%d frames in %s" % (count, frames))
        return 0
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    return interactive(seed, args.flash, False if args.cpython else (True if args.micropython else None), args.board)


if __name__ == "__main__":
    sys.exit(main())
