"""The simulated board, driven one press at a time from the host (autoplayer, soak, tests).

    dev = Device(interp="cpython", seed=1)       # firmware/main.py on a simulated Pico, empty flash
    screen = dev.screen                          # what the panel shows now (tools/screenreader.Screen)
    screen = dev.press("next")                   # press a button; the screen after it
    dev.close()

The board runs in a child process (`simrun.py --serve`, under CPython or the MicroPython unix
port) exactly as `tools/sim.py --keys` runs it: the firmware's own main.py, boards/pico.json
built by the firmware over the device models, a host folder as its flash, a virtual clock.
Here the key words come one at a time: `press()` sends one and waits until it is done (the
button released and 60 ms passed), then reads the frame the panel shows.
"""

import os
import shutil
import subprocess
import tempfile
import zlib

import bootstrap  # firmware/ on sys.path (see tools/bootstrap.py)
from screenreader import Reader

import mprun

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT
MAIN_PY = os.path.join(ROOT, "firmware", "main.py")

_READER = []


def reader():
    """One shared screen reader (its tables are built once)."""
    if not _READER:
        _READER.append(Reader())
    return _READER[0]


class DeviceError(RuntimeError):
    """The simulated board stopped (its output says why)."""


class Device:
    """firmware/main.py on a simulated board in a child process, one key word at a time."""

    def __init__(self, interp="cpython", seed=1, flash=None, draws=False, lfs=None, battery=False, meter=False,
                 board=None, keep=False, command=None, firmware=None):
        """`flash`: the host folder that is the board's flash (a temporary one when None); `lfs`:
        instead, a LittleFS block-device image file (MicroPython only: its os.VfsLfs2), written
        back when the board stops; `battery`: no USB power (the loop light-sleeps between events);
        `meter`: `self.meter` has the time in each power state (simrun.Meter) after each press;
        `board`: the profile boards/NAME.json instead of pico (e.g. pico_sh1106: its panel's chip).
        `digest` sums up every changed frame shown so far (CRC-32 of each, chained) and
        `frame_count` counts them: two runs that showed the same frames have the same two; with
        `keep`, `kept` lists every changed frame's glass since the start.
        `command`: (argv, env, cwd) that start the board instead (tools/simlib/heapboard.py).
        `firmware`: the folder of the firmware it runs (default firmware/; a compiled one as
        `make flash` puts it on the board: tools/bench.compile_bundle)."""
        self.owns_flash = flash is None
        self.flash = flash or tempfile.mkdtemp(prefix="fishtable-flash-")
        os.makedirs(self.flash, exist_ok=True)
        self.interp = interp
        self.output = []  # what the board printed that is not a frame
        if command is None:
            argv, env = mprun.command(
                interp, os.path.join(HERE, "simrun.py"),
                (["--board", board] if board else []) + (["--lfs", lfs] if lfs else [])
                + (["--battery"] if battery else []) + (["--meter"] if meter else [])
                + (["--draws"] if draws else [])
                + ["--serve", str(seed), self.flash, os.path.join(firmware, "main.py") if firmware else MAIN_PY],
                path=(TOOLS,), firmware=firmware)  # the device models (simrun.py's folder: on the path as a script's)
            cwd = ROOT
        else:
            argv, env, cwd = command
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, cwd=cwd, text=True, bufsize=1)
        self.glass = bytes(1024)
        self.ring = bytes(36)
        self.ms = 0
        self.contrast = -1  # the panel's contrast now (-1: the panel is off)
        self.meter = None
        self.frames = []  # (glass, ring, ms, drawn) of every changed frame since the last press
        self.drawn = None  # with `draws`: the glyph keys the screens drew for the last frame shown
        self.draws = draws
        self.checked = 0  # with `draws`: frames whose reading was compared with what was drawn
        self.misread = []  # ... and those where the two differ: (screen text, drawn, read)
        self.illegible = []  # ... and those with letters a player cannot read: (screen text, faults)
        self.texts = set()  # ... and what each of them says (the screen reader's text)
        self.presses = 0
        self.digest = 0
        self.frame_count = 0
        self.kept = [] if keep else None
        self._screen = None
        self._wait_for_prompt()

    # -- driving -------------------------------------------------------------------------------
    def press(self, word):
        """Send one key-script word (prev, next, ok, back, hold:MS, wait:MS); returns the new screen."""
        self.presses += 1
        self.frames = []
        self._send(word)
        self._wait_for_prompt()
        return self.screen

    def wait(self, ms):
        """Let `ms` milliseconds pass; returns the screen."""
        return self.press("wait:%d" % ms)

    @property
    def screen(self):
        """The decoded frame the panel shows now."""
        if self._screen is None:
            self._screen = reader().read(self.glass)
        return self._screen

    def text(self):
        """The screen as text (8 lines)."""
        return self.screen.text()

    def close(self):
        """Stop the board (the flash stays, unless it was a temporary one)."""
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
            try:
                self.proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.communicate()
        if self.owns_flash:
            shutil.rmtree(self.flash, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- files on the board's flash ---------------------------------------------------------------
    def path(self, *parts):
        """A path on the board's flash (the host folder behind it)."""
        return os.path.join(self.flash, *parts)

    def history_files(self):
        """The finished games on the flash, oldest first: each a path (a game's own file, the old
        form) or the bytes of a game packed in the history's segments (tools/history.py reads both)."""
        from history import games

        try:
            return [source for _, source in games(self.path("data", "history"))]
        except OSError:
            return []

    # -- the pipe ------------------------------------------------------------------------------
    def _send(self, word):
        try:
            self.proc.stdin.write(word + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self._died()

    def _wait_for_prompt(self):
        stdout = self.proc.stdout
        while True:
            line = stdout.readline()
            if not line:
                self._died()
            if line.startswith("F "):
                parts = line.split()
                self.glass = bytes.fromhex(parts[1])
                self.ring = bytes.fromhex(parts[2])
                self.ms = int(parts[3])
                self.contrast = int(parts[4])
                self.frames.append((self.glass, self.ring, self.ms, self.drawn))
                self.digest = zlib.crc32(self.glass, zlib.crc32(self.ring, self.digest))
                self.frame_count += 1
                if self.kept is not None:
                    self.kept.append(self.glass)
                self._screen = None
                if self.draws and self.drawn is not None:
                    self._check_reader()
            elif line.startswith("D"):
                from simlib import drawlog

                self.drawn = drawlog.decode(line[2:].strip())
            elif line.startswith("P "):
                import json

                self.meter = json.loads(line[2:])
            elif line.startswith("?"):
                return
            elif line.strip():
                self.output.append(line.rstrip("\n"))

    def _check_reader(self):
        """Compare what the screen reader reads on this frame with what the screens drew."""
        self.checked += 1
        screen = self.screen
        from simlib.layoutcheck import faults

        self.texts.add(screen.text())
        found = faults(self.glass, self.drawn)
        if found:
            self.illegible.append((screen.text(), found))
        read = screen.keys()
        if read != self.drawn:
            from devices.panel import rotate180_vlsb  # the Flip screen setting turns the picture

            turned = reader().read(bytes(rotate180_vlsb(self.glass, 128, 64)))
            if turned.keys() != self.drawn:
                self.misread.append((screen.text(), self.drawn, read))

    def _died(self):
        try:
            out, err = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
        raise DeviceError("the simulated board stopped (%s, exit %s):\n%s%s%s" % (
            self.interp, self.proc.returncode, "\n".join(self.output[-20:]), out or "", err or ""))
