"""MicroPython's 8x8 font as a file, for `fishtable.cp.framebuf` (never committed: generated).

The font is not copied into the repository: the installed MicroPython unix port draws every
character (32..127) with its built-in `framebuf.text` into an 8x8 MONO_VLSB buffer and the
bytes are read back: 96 glyphs of 8 column bytes (bit 0 = top row), 768 bytes.  The result is
cached in build/devices/font8x8.bin.  tools/deploy_cp.py copies it to the CIRCUITPY drive as
fishtable/cp/font8x8.bin; on the host, `devices.install()` loads it into the framebuf.

    python3 tools/devices/font.py        # (re)writes build/devices/font8x8.bin, prints its path
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, "build", "devices", "font8x8.bin")
SIZE = 96 * 8

_DUMP = (
    "import framebuf, binascii\n"
    "b = bytearray(8)\n"
    "f = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)\n"
    "out = bytearray()\n"
    "for c in range(32, 128):\n"
    "    f.fill(0)\n"
    "    f.text(chr(c), 0, 0, 1)\n"
    "    out.extend(b)\n"
    "print(binascii.hexlify(out).decode())\n"
)


class FontError(RuntimeError):
    """The font cannot be had: no MicroPython unix port to draw it."""


def micropython():
    """The unix port's `micropython` command: next to this Python, in the project's venv, or on PATH."""
    for folder in (os.path.dirname(sys.executable), os.path.join(ROOT, ".venv", "bin")):
        path = os.path.join(folder, "micropython")
        if os.path.exists(path):
            return path
    return "micropython"


def extract(binary=None):
    """The 768 font bytes, drawn by MicroPython's framebuf.text in the unix port."""
    argv = [binary or micropython(), "-c", _DUMP]
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        data = bytes.fromhex(out.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError) as err:
        raise FontError("cannot draw the font with %s (%s): install the MicroPython unix port (make setup)"
                        % (argv[0], err)) from err
    if len(data) != SIZE:
        raise FontError("%s drew %d font bytes, not %d: %s" % (argv[0], len(data), SIZE, out.stderr.strip()))
    return data


def _read(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    return data if len(data) == SIZE else None


def font_file(path=CACHE, fresh=False):
    """The path of the font file, written first when missing, damaged or `fresh` is asked for."""
    if fresh or _read(path) is None:
        data = extract()
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = "%s.%d" % (path, os.getpid())
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)  # atomic: parallel test processes never see half a file
    return path


def font_bytes(path=CACHE):
    """The 768 font bytes (from the cache, made when missing)."""
    with open(font_file(path), "rb") as f:
        return f.read()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        print(font_file(argv[0] if argv else CACHE, fresh=True))
    except FontError as err:
        print("font: %s" % err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
