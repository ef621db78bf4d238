#!/usr/bin/env python3
"""The fishtable simulator: the firmware's own main.py on a simulated board.

The board is boards/pico.json built by the firmware's own board.build() over the device
models of tools/devices: the SSD1306 panel model decodes the driver's I2C bytes, the
NeoPixel model records the ring, the three buttons are modelled pins (OK held 700 ms = BACK).

Interactive (`make sim`):  python3 tools/sim.py [--seed N]
    The OLED is drawn in this terminal with half-block characters, the ring as coloured
    dots.  Keys: Left/Up = PREV, Right/Down = NEXT, Enter = OK, Backspace = BACK, q quits.
    Needs a terminal (without one it says so and exits 0).

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
    --micropython runs the firmware inside the MicroPython unix port (via tools/mprun, 512K
    heap: the firmware from source is compiled in RAM, plus the device models) and streams the frames back;
    they are byte-identical to the CPython run's.

Flash: the simulated board's filesystem is a host folder (--flash DIR, default
build/sim/flash).  The game in progress and the finished games live under DIR/data
(finished games: DIR/data/history/*.fish, readable by tools/replay.py).
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import zlib

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
SIMLIB = os.path.join(TOOLS, "simlib")
MAIN_PY = os.path.join(ROOT, "firmware", "main.py")
FLASH = os.path.join(ROOT, "build", "sim", "flash")
SCALE = 4
W, H = 128, 64
ON = (110, 200, 255)
OFF = (8, 10, 16)
RING_W = 256
SIM_HEAP = "512K"  # firmware from source (compiled in RAM, unlike the board's .mpy) plus the device models


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
    top = max(ring) if ring else 0
    for i in range(count):
        rgb = tuple(ring[i * 3 : i * 3 + 3])
        if rgb == (0, 0, 0):
            index.append(3)
            continue
        rgb = tuple(c * 255 // top for c in rgb)  # the LEDs run dim: the brightest at full scale
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


# -- scripted mode ------------------------------------------------------------
def scripted(keys, frames_dir, seed, micropython=False, flash=FLASH, fresh=False, text=None):
    """Run a key script; write the PNGs and their texts; returns (frames, the last frame's text).

    `text(number, screen_text)` is called for every frame when given.  Raises on a failure."""
    sys.path.insert(0, TOOLS)
    from screenreader import Reader

    import mprun

    reader = Reader()
    if fresh and os.path.isdir(flash):
        import shutil

        shutil.rmtree(flash)
    os.makedirs(flash, exist_ok=True)
    os.makedirs(frames_dir, exist_ok=True)
    for name in os.listdir(frames_dir):
        if name.endswith(".png") or name.endswith(".txt"):
            os.remove(os.path.join(frames_dir, name))
    interp = "micropython" if micropython else "cpython"
    argv, env = mprun.command(
        interp,
        os.path.join(SIMLIB, "simrun.py"),
        [os.path.abspath(keys), str(seed), os.path.abspath(flash), MAIN_PY],
        heapsize=SIM_HEAP,
    )
    if interp == "cpython":
        env["PYTHONPATH"] = os.pathsep.join((SIMLIB, TOOLS, env["PYTHONPATH"]))
    else:
        env["MICROPYPATH"] = os.pathsep.join((SIMLIB, TOOLS, env["MICROPYPATH"]))
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
# Braille cells are 2 pixels wide and 4 high; bit of each dot, by (dx, dy).
BRAILLE_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def render_terminal(buf, ring, columns=None):
    """The OLED in the terminal and the ring as coloured dots (ANSI 24-bit colour).

    With 130 or more columns, half-block characters (one column a pixel, 32 rows); in a
    narrower terminal (the usual 80x24), Braille dots (2x4 pixels a character: 64x16).
    """
    if columns is None:
        columns = shutil.get_terminal_size((80, 24)).columns
    lines = []
    on = "\x1b[38;2;%d;%d;%dm" % ON
    if columns >= W + 2:
        for y in range(0, H, 2):
            row = []
            for x in range(W):
                top = pixel_on(buf, x, y)
                bottom = pixel_on(buf, x, y + 1)
                row.append(" ▀▄█"[top + 2 * bottom])
            lines.append(on + "".join(row) + "\x1b[0m")
    else:
        for y in range(0, H, 4):
            row = []
            for x in range(0, W, 2):
                bits = 0
                for dx in (0, 1):
                    for dy in range(4):
                        if pixel_on(buf, x + dx, y + dy):
                            bits |= BRAILLE_BITS[dx][dy]
                row.append(chr(0x2800 + bits))
            lines.append(on + "".join(row) + "\x1b[0m")
    dots = []
    for i in range(0, len(ring), 3):
        r, g, b = ring[i], ring[i + 1], ring[i + 2]
        if r or g or b:
            dots.append("\x1b[38;2;%d;%d;%dm●\x1b[0m" % (max(r, 40), max(g, 40), max(b, 40)))
        else:
            dots.append("\x1b[38;2;60;60;60m○\x1b[0m")
    lines.append("ring: " + " ".join(dots))
    lines.append("Left/Up prev  Right/Down next  Enter ok  Backspace back  q quit")
    lines = [line + "\x1b[K" for line in lines]  # clear what a wider frame left
    return "\x1b[H" + "\n".join(lines) + "\n"


class TerminalKeys:
    """Keys from a raw-mode terminal (events directly); draws the frame when it changed."""

    def __init__(self, frames):
        self.frames = frames
        self.last = None
        self.pending = b""

    def poll(self, now):
        import select

        frames = self.frames
        frames.capture(now)
        if frames.changes != self.last:
            self.last = frames.changes
            sys.stdout.write(render_terminal(frames.glass, frames.ring))
            sys.stdout.flush()
        ready, _, _ = select.select([sys.stdin], [], [], 0)
        if ready:
            self.pending += os.read(sys.stdin.fileno(), 16)
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


PREV, NEXT, OK, BACK = 1, 2, 3, 4
KEYMAP = (
    (b"\x1b[D", PREV), (b"\x1b[A", PREV), (b"\x1b[C", NEXT), (b"\x1b[B", NEXT),
    (b"\r", OK), (b"\n", OK), (b"\x7f", BACK), (b"\x08", BACK),
)


def interactive(seed, flash):
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("fishtable sim: needs an interactive terminal (stdin is not a TTY); "
              "for scripted runs use --keys FILE --frames DIR (see --help).")
        return 0
    import termios
    import tty

    for path in (SIMLIB, TOOLS, os.path.join(TOOLS, "host")):
        sys.path.insert(0, path)
    import hostshim

    hostshim.install()
    import simrun

    os.chdir(ROOT)
    os.makedirs(flash, exist_ok=True)
    _, _, frames = simrun.install(seed, os.path.join(flash, "data"), lambda hw, profile, fr: TerminalKeys(fr),
                                  RealClock())
    frames.emit = False  # this terminal shows the frames itself
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    sys.stdout.write("\x1b[2J\x1b[?25l")
    try:
        tty.setcbreak(fd)
        with open(MAIN_PY) as f:
            code = compile(f.read(), MAIN_PY, "exec")
        exec(code, {"__name__": "__main__"})
    except (SystemExit, KeyboardInterrupt):
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\n")
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
    parser.add_argument("--micropython", action="store_true", help="run the firmware in the MicroPython unix port")
    parser.add_argument("--flash", default=FLASH, help="the board's flash (default build/sim/flash)")
    parser.add_argument("--fresh", action="store_true", help="empty the flash folder first")
    parser.add_argument("--text", action="store_true", help="print every frame's text (scripted mode)")
    args = parser.parse_args(argv)
    if args.keys:
        frames = args.frames or os.path.join(ROOT, "build", "sim", "frames")
        seed = 1 if args.seed is None else args.seed

        def show(number, words):
            print("--- frame %d ---\n%s" % (number, words))

        count, final = scripted(args.keys, frames, seed, args.micropython, args.flash, args.fresh,
                                show if args.text else None)
        if not args.text:
            print(final)
        print("%d frames in %s" % (count, frames))
        return 0
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    return interactive(seed, args.flash)


if __name__ == "__main__":
    sys.exit(main())
