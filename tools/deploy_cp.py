#!/usr/bin/env python3
"""Put fishtable on a board running CircuitPython: copy it to the mounted CIRCUITPY drive.

    python3 tools/deploy_cp.py /media/$USER/CIRCUITPY [--board circuitpython_pico]
                               [--usb-edit | --journal] [--libs] [--dry-run]

Copies firmware/fishtable/ to CIRCUITPY/fishtable/, firmware/circuitpython/code.py and boot.py
to the drive's root, the board profiles to CIRCUITPY/boards/, MicroPython's 8x8 font (drawn by the
MicroPython unix port, tools/devices/font.py; never kept in the repository) to
CIRCUITPY/fishtable/cp/font8x8.bin for fishtable.cp.framebuf, and writes config.txt
(`BOARD=NAME`) when it is missing or --board is given.  Only files whose bytes differ are
written (less flash wear, fewer auto-reloads).  The libraries come from the Adafruit bundle
with circup: --libs runs `circup --path DRIVE install -r circuitpython/requirements.txt`
(needs `pip install circup` and the internet), otherwise the command is printed.

The drive must be writable from this computer (USB editing mode, see docs/circuitpython.md).
--usb-edit leaves a `usb_edit` file so the board stays in USB editing at every boot;
--journal removes it (the next reset gives the code the drive: journalling).
"""

import argparse
import os
import shutil
import subprocess
import sys

import bootstrap  # tools/ on sys.path

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT
FIRMWARE = bootstrap.FIRMWARE
DRIVE_FILES = os.path.join(FIRMWARE, "circuitpython")
BOARDS = os.path.join(ROOT, "boards")
REQUIREMENTS = os.path.join(ROOT, "circuitpython", "requirements.txt")
DEFAULT_BOARD = "circuitpython_pico"
USB_EDIT_FLAG = "usb_edit"
FONT_ON_DRIVE = "fishtable/cp/font8x8.bin"


class DeployError(Exception):
    """The drive cannot take the firmware; the message says why."""


def plan(board=DEFAULT_BOARD):
    """(source path or None, bytes or None, path on the drive) for every file to put there."""
    files = []
    package = os.path.join(FIRMWARE, "fishtable")
    for folder, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                src = os.path.join(folder, name)
                files.append((src, None, os.path.relpath(src, FIRMWARE)))
    for name in ("code.py", "boot.py"):
        files.append((os.path.join(DRIVE_FILES, name), None, name))
    for name in sorted(os.listdir(BOARDS)):
        if name.endswith(".json"):
            files.append((os.path.join(BOARDS, name), None, "boards/" + name))
    if not os.path.exists(os.path.join(BOARDS, board + ".json")):
        raise DeployError("no board profile boards/%s.json" % board)
    files.append((None, _font(), FONT_ON_DRIVE))
    import flash

    for rel, data in flash.catalog_files().items():  # /lang/de.bin beside /data, as `make flash` puts it
        if rel != "lang/en.bin":  # (the sources have their English: only a board's bytecode has IDs)
            files.append((None, data, rel))
    return files


def _font():
    """The font bytes fishtable.cp.framebuf reads on the board (made once, cached in build/)."""
    from devices import font

    try:
        return font.font_bytes()
    except font.FontError as err:
        raise DeployError("the 8x8 font for fishtable/cp: %s" % err) from err


def _same(path, data):
    try:
        with open(path, "rb") as f:
            return f.read() == data
    except OSError:
        return False


def deploy(drive, board=None, usb_edit=None, dry_run=False, force=False, out=print):
    """Copy the firmware to `drive`; returns the drive paths written (or that would be)."""
    if not os.path.isdir(drive):
        raise DeployError("%s is not a folder (is the board plugged in and mounted?)" % drive)
    if not force and not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise DeployError("%s has no boot_out.txt: not a CIRCUITPY drive (use --force to copy anyway)" % drive)
    config = os.path.join(drive, "config.txt")
    files = plan(board or DEFAULT_BOARD)
    if board is not None or not os.path.exists(config):
        files.append((None, ("BOARD=%s\n" % (board or DEFAULT_BOARD)).encode(), "config.txt"))
    written = []
    total = 0
    for src, data, rel in files:
        if data is None:
            with open(src, "rb") as f:
                data = f.read()
        total += len(data)
        dst = os.path.join(drive, rel)
        if _same(dst, data):
            continue
        written.append(rel)
        if dry_run:
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
    flag = os.path.join(drive, USB_EDIT_FLAG)
    if usb_edit is True and not os.path.exists(flag):
        written.append(USB_EDIT_FLAG)
        if not dry_run:
            open(flag, "wb").close()
    elif usb_edit is False and os.path.exists(flag):
        written.append("-" + USB_EDIT_FLAG)
        if not dry_run:
            os.remove(flag)
    if not dry_run and hasattr(os, "sync"):
        os.sync()
    out("%s %d of %d files (%d bytes of firmware) to %s" % (
        "would write" if dry_run else "wrote", len(written), len(files), total, drive))
    return written


def install_libraries(drive, run=subprocess.call, out=print):
    """Install the libraries of circuitpython/requirements.txt with circup; returns its exit status."""
    command = ["circup", "--path", drive, "install", "-r", REQUIREMENTS]
    if shutil.which("circup") is None:
        out("circup is not installed: pip install circup, then run:\n  " + " ".join(command))
        return 1
    return run(command)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("drive", help="the mounted CIRCUITPY drive, e.g. /media/$USER/CIRCUITPY")
    parser.add_argument("--board", help="board profile for config.txt (default %s when missing)" % DEFAULT_BOARD)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--usb-edit", action="store_true", help="keep the drive writable over USB at every boot")
    mode.add_argument("--journal", action="store_true", help="remove the usb_edit flag: journalling from next reset")
    parser.add_argument("--libs", action="store_true", help="install the libraries with circup")
    parser.add_argument("--dry-run", action="store_true", help="only say what would be written")
    parser.add_argument("--force", action="store_true", help="copy even without boot_out.txt on the drive")
    args = parser.parse_args(argv)
    usb_edit = True if args.usb_edit else (False if args.journal else None)
    try:
        deploy(args.drive, args.board, usb_edit, args.dry_run, args.force)
    except DeployError as err:
        print("deploy_cp: %s" % err, file=sys.stderr)
        return 2
    if args.libs and not args.dry_run:
        return install_libraries(args.drive)
    print("libraries: circup --path %s install -r %s" % (args.drive, os.path.relpath(REQUIREMENTS, os.getcwd())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
