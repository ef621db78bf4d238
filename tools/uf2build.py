#!/usr/bin/env python3
"""One file onto a new Pico: MicroPython and fishtable in one UF2 per board profile (`make uf2`).

    python3 tools/uf2build.py [--board NAME] [--micropython PATH] [--page URL] [--out DIR]

build/fishtable-NAME.uf2 is, for each MicroPython profile boards/NAME.json (or only --board):
1. the official MicroPython UF2 of the board the profile is wired on (its "board": a Raspberry Pi
   Pico, Pico W or Pico 2), release 1.28.0, pinned below with its SHA-256: downloaded once from
   micropython.org into build/micropython/ and checked against the pin; or --micropython PATH, a
   .uf2 file or a folder holding the official file names (RPI_PICO-....uf2);
2. followed by a LittleFS image of exactly what `make flash` writes onto a board that has nothing
   yet (the compiled .mpy tree, main.py, /boards/NAME.json, /config.txt, /fishtable.manifest) and
   an empty /data, made with littlefs-python at the geometry the rp2 port mounts (LittleFS v2, 4 KB
   blocks, 256-byte programs), placed where the port keeps its filesystem: the top of the flash.

Everything is written as UF2 blocks of the firmware's family (RP2040, or RP2350 Arm for the Pico 2;
the RP2350's leading "ignore" block of picotool is kept first), numbered as the boot ROM wants
them: every 4 KB flash sector as one run of 16 blocks, since the RP2040's ROM erases a sector when
the first block of its run arrives.  The whole filesystem region is written, its unused blocks
erased, so that nothing of an older filesystem can come back.  A profile for another board, a
firmware UF2 of another family or for another board, or one that reaches into the filesystem, is
refused with one line.

Dropping the file onto the BOOTSEL drive writes a NEW filesystem: a board that keeps games is
updated with `make flash` (or Thonny), which keep /data.
"""

import argparse
import collections
import hashlib
import json
import os
import re
import struct
import sys
import time
import urllib.error
import urllib.request

import bootstrap  # tools/ and firmware/ on sys.path
import flash

ROOT = flash.ROOT
BUILD = os.path.join(ROOT, "build")
CACHE = os.path.join(BUILD, "micropython")

# -- the boards: the rp2 port's flash layout (ports/rp2/boards/*/mpconfigboard.h, rp2_flash.c) --------

MICROPYTHON_VERSION = "1.28.0"
RELEASES = "https://micropython.org/resources/firmware/"
DOWNLOAD_PAGE = "https://micropython.org/download/%s/"
XIP_BASE = 0x10000000  # flash address 0 as the boot ROM and UF2 blocks see it
SECTOR = 4096  # the flash's erase unit, and the rp2 port's LittleFS block
PAGE = 256  # a UF2 block's payload, the flash's program unit and the port's progsize

RP2040 = 0xE48BFF56
ABSOLUTE = 0xE48BFF57
RP2350_ARM_S = 0xE48BFF59
FAMILIES = {0xE48BFF55: "CYW43 firmware", RP2040: "RP2040", ABSOLUTE: "absolute", 0xE48BFF58: "data",
            RP2350_ARM_S: "RP2350 (Arm)", 0xE48BFF5A: "RP2350 (RISC-V)", 0xE48BFF5B: "RP2350 (Arm, non-secure)"}

Board = collections.namedtuple("Board", "name title machine family flash_kb fs_kb file sha256")

# The official release files (micropython.org/download/BOARD/) and their SHA-256, as published by others
# who pinned them: a download that does not match is refused, saying the SHA-256 it got, and nothing is
# written (the release workflow fails).  `machine` is the board's sys.implementation._machine, which
# the firmware holds as text.  The filesystem: the top fs_kb of the flash (MICROPY_HW_FLASH_STORAGE_BYTES).
BOARDS = {
    "RPI_PICO": Board("RPI_PICO", "Raspberry Pi Pico", "Raspberry Pi Pico with RP2040", RP2040, 2048, 1408,
                      "RPI_PICO-20260406-v1.28.0.uf2",
                      "986e7d814fc89da543d49ce7948cae2c461add4739add21e427fc581d3bb67b0"),
    "RPI_PICO_W": Board("RPI_PICO_W", "Raspberry Pi Pico W", "Raspberry Pi Pico W with RP2040", RP2040, 2048, 848,
                        "RPI_PICO_W-20260406-v1.28.0.uf2",
                        "a0210c9c8a085391cb66f530c298a5a4fb804a9d072289254c24df5fdf210f7a"),
    "RPI_PICO2": Board("RPI_PICO2", "Raspberry Pi Pico 2", "Raspberry Pi Pico2 with RP2350", RP2350_ARM_S, 4096,
                       3072, "RPI_PICO2-20260406-v1.28.0.uf2",
                       "e65ad62ae886a4f56da8ef2c07904fe504b92de69e5ae6489acf881bcf30b6ae"),
}

# -- UF2 (https://github.com/microsoft/uf2; the RP2 boot ROM's rules: pico-sdk boot/uf2.h) --------------

MAGIC_START0, MAGIC_START1, MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
FLAG_FAMILY_ID = 0x00002000
FLAG_EXTENSIONS = 0x00008000
RP2_IGNORE_BLOCK = 0x9957E304  # the extension tag of the RP2350-E10 block picotool puts first
HEADER = struct.Struct("<8I")
TAIL = struct.Struct("<I")
BLOCK_SIZE = 512

Block = collections.namedtuple("Block", "flags address size number count family data raw")


class Uf2Error(Exception):
    """A reason to stop, said in one line; nothing was written."""


def fs_base(board):
    """The flash address of the board's filesystem."""
    return XIP_BASE + (board.flash_kb - board.fs_kb) * 1024


def read_blocks(data, what="the file"):
    """The UF2 blocks of `data` (bytes)."""
    if not data or len(data) % BLOCK_SIZE:
        raise Uf2Error("%s is not a UF2 file (its size is not a multiple of 512 bytes)" % what)
    blocks = []
    for at in range(0, len(data), BLOCK_SIZE):
        start0, start1, flags, address, size, number, count, family = HEADER.unpack_from(data, at)
        if (start0, start1, TAIL.unpack_from(data, at + 508)[0]) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise Uf2Error("%s is not a UF2 file (block %d has no UF2 marks)" % (what, at // BLOCK_SIZE))
        if size > 476:
            raise Uf2Error("%s: block %d says it carries %d bytes (at most 476)" % (what, at // BLOCK_SIZE, size))
        raw = data[at : at + BLOCK_SIZE]
        blocks.append(Block(flags, address, size, number, count, family, raw[32 : 32 + size], raw))
    return blocks


def is_ignore_block(block):
    """picotool's RP2350-E10 block: family "absolute", tagged for the boot ROM to ignore."""
    return (block.family == ABSOLUTE and block.flags & FLAG_EXTENSIONS
            and TAIL.unpack_from(block.raw, 32 + block.size)[0] == RP2_IGNORE_BLOCK)


def family_name(family):
    return FAMILIES.get(family, "family 0x%08x" % family)


def firmware_pages(data, board, what):
    """({flash address: 256 bytes}, [raw blocks to keep first]) of a MicroPython UF2 for `board`."""
    pages, first = {}, []
    top = fs_base(board)
    for block in read_blocks(data, what):
        if is_ignore_block(block):  # never written: kept first for the RP2350, dropped for an RP2040
            if board.family != RP2040:
                first.append(block.raw)
            continue
        family = block.family if block.flags & FLAG_FAMILY_ID else None
        if family != board.family:
            chip = family_name(family) if family is not None else "no chip family"
            raise Uf2Error("%s is a UF2 for %s, not for the %s (%s): use %s's UF2 from %s" % (
                what, chip, board.title, family_name(board.family), board.name, DOWNLOAD_PAGE % board.name))
        if block.size != PAGE or block.address % PAGE or block.flags != FLAG_FAMILY_ID:
            raise Uf2Error("%s: block %d is not a 256-byte flash page as in MicroPython's UF2s"
                           % (what, block.number))
        if not XIP_BASE <= block.address < top:
            raise Uf2Error("%s writes at 0x%08x, outside the %s's firmware space (0x%08x to 0x%08x, below its "
                           "filesystem): not MicroPython for this board" % (what, block.address, board.title,
                                                                           XIP_BASE, top))
        pages[block.address] = block.data
    if not pages:
        raise Uf2Error("%s holds no flash pages" % what)
    return pages, first


def check_micropython(pages, board, what):
    """Refuse a firmware that is no MicroPython 1.22 or newer for `board` (its version banner and its
    sys.implementation._machine text, both kept as text in the firmware)."""
    image = b"".join(pages[a] for a in sorted(pages))
    found = re.search(rb"MicroPython v(\d+)\.(\d+)\.(\d+)\S* on \d{4}-\d\d-\d\d", image)
    if not found:
        raise Uf2Error("%s holds no MicroPython (no version in it): use %s's UF2 from %s" % (
            what, board.name, DOWNLOAD_PAGE % board.name))
    version = tuple(int(n) for n in found.groups())
    if version[:2] < flash.MIN_VERSION:
        raise Uf2Error("%s is MicroPython %s; fishtable needs %d.%d or newer" % (
            what, ".".join(str(n) for n in version), *flash.MIN_VERSION))
    if board.machine.encode() + b"\0" not in image:
        others = [b.title for b in BOARDS.values() if b.machine.encode() + b"\0" in image]
        raise Uf2Error("%s is MicroPython for %s, not for the %s: use %s's UF2 from %s" % (
            what, "the " + others[0] if others else "another board", board.title, board.name,
            DOWNLOAD_PAGE % board.name))
    return version


def pack(pages, first, base, image, family):
    """The UF2 file: the `first` raw blocks, then the firmware `pages` and `image` at `base`, every
    sector touched filled to its 16 pages (0xFF: as the sector erase leaves them), in address order,
    numbered 0..n-1 of n."""
    pages = dict(pages)
    for sector in {a - a % SECTOR for a in pages}:
        for address in range(sector, sector + SECTOR, PAGE):
            pages.setdefault(address, b"\xff" * PAGE)
    for offset in range(0, len(image), PAGE):
        pages[base + offset] = bytes(image[offset : offset + PAGE])
    order = sorted(pages)
    out = bytearray().join(first)
    tail = bytes(476 - PAGE) + TAIL.pack(MAGIC_END)
    for number, address in enumerate(order):
        out += HEADER.pack(MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, address, PAGE, number, len(order), family)
        out += pages[address] + tail
    return bytes(out)


def region(blocks, base, size):
    """The bytes the blocks put at base..base+size (0xFF where none writes)."""
    out = bytearray(b"\xff" * size)
    for block in blocks:
        if base <= block.address < base + size and not is_ignore_block(block):
            out[block.address - base : block.address - base + block.size] = block.data
    return bytes(out)


# -- the filesystem image --------------------------------------------------------------------------------

# The rp2 port mounts vfs.VfsLfs2(rp2.Flash(), progsize=256): readsize 32 and lookahead 32 by default,
# and a cache of min(block, 4 * max(readsize, progsize)) = 1024 bytes, which bounds the files LittleFS
# keeps inline in a folder's metadata.  The image is made with the same, as LittleFS v2.0 on disk
# (readable by every MicroPython with LittleFS v2).
LFS_GEOMETRY = {"block_size": SECTOR, "read_size": 32, "prog_size": PAGE, "cache_size": 1024, "lookahead_size": 32}
LFS_DISK_VERSION = 0x00020000
DATA = "data"


def littlefs(size, image=None):
    """A littlefs-python LittleFS at the rp2 geometry over `size` bytes (a new one, or `image`)."""
    try:
        from littlefs import LittleFS, UserContext
    except ImportError:
        raise Uf2Error("littlefs-python is not installed: run `make uf2` (it installs requirements.txt)") from None
    if image is None:  # a new one, as LittleFS v2.0
        return LittleFS(UserContext(size), mount=False, block_count=size // SECTOR, disk_version=LFS_DISK_VERSION,
                        **LFS_GEOMETRY)
    fs = LittleFS(UserContext(buffer=bytearray(image)), mount=False, block_count=size // SECTOR, **LFS_GEOMETRY)
    fs.mount()  # (LittleFS(mount=True) would format an image it cannot mount)
    return fs


def filesystem(files, size):
    """The bytes of a LittleFS of `size` bytes holding `files` ({path: bytes}) and an
    empty /data."""
    fs = littlefs(size)
    fs.format()
    fs.mount()
    for path in list(files):
        folder = os.path.dirname(path)
        if folder:
            fs.makedirs(folder, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(files[path])
    fs.mkdir(DATA)
    fs.unmount()
    return bytes(fs.context.buffer)


# Mounts an image as the board does (os.VfsLfs2, progsize 256) in the MicroPython unix port and prints
# its statvfs: the free room as the board's own MicroPython counts it.
STATVFS = """
import os
from devices.faultfs import FlashBlocks
with open(%r, 'rb') as f:
    data = f.read()
os.mount(os.VfsLfs2(FlashBlocks(len(data) // 4096, image=data), progsize=256), '/fs')
print(repr(os.statvfs('/fs')))
"""


def micropython_free(image):
    """The bytes free in the LittleFS `image` as MicroPython's own LittleFS counts them (its statvfs)."""
    import ast
    import tempfile

    import mprun

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "image")
        with open(path, "wb") as f:
            f.write(image)
        try:
            out = mprun.run_code("micropython", STATVFS % path, path=(bootstrap.TOOLS,), heapsize="16M")
        except mprun.MicroPythonError as err:
            last = " ".join(str(err).split()[-12:])
            raise Uf2Error("MicroPython cannot mount the filesystem image: %s" % last) from None
    stat = ast.literal_eval(out.strip())
    return stat[0] * stat[3]


def folders_of(files):
    """The folders the image of `files` holds, sorted: each file's folders and /data."""
    found = {DATA}
    for path in files:
        parts = path.split("/")[:-1]
        found.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return sorted(found)


def read_filesystem(image):
    """({path: bytes}, [folders]) of a LittleFS image at the rp2 geometry."""
    fs = littlefs(len(image), image)
    files, folders = {}, []
    for top, dirs, names in fs.walk("/"):
        top = top.strip("/")
        folders.extend(top + "/" + d if top else d for d in dirs)
        for name in names:
            path = top + "/" + name if top else name
            with fs.open(path, "rb") as f:
                files[path] = f.read()
    return files, sorted(folders)


# -- profiles and firmware ------------------------------------------------------------------------------


def micropython_profiles(boards_dir=flash.BOARDS):
    """The names of the MicroPython profiles of boards_dir, sorted."""
    names = []
    for name in sorted(os.listdir(boards_dir)):
        if name.endswith(".json"):
            with open(os.path.join(boards_dir, name)) as f:
                if json.load(f).get("runtime", "micropython") == "micropython":
                    names.append(name[:-5])
    return names


def board_of(profile, text):
    """The MicroPython board (BOARDS) a profile is wired on, from its "board" ("Raspberry Pi Pico 2, ...")."""
    described = json.loads(text).get("board", "")
    found = re.match(r"Raspberry Pi Pico( 2)?( W)?\b", described)
    key = {(None, None): "RPI_PICO", (None, " W"): "RPI_PICO_W", (" 2", None): "RPI_PICO2"}.get(
        found.groups() if found else None)
    if key is None:
        raise Uf2Error("board %s is wired on %r: make uf2 knows the Raspberry Pi Pico, Pico W and Pico 2; "
                       "use make flash" % (profile, described))
    return BOARDS[key]


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def download(board, cache=None, log=print):
    """The pinned MicroPython UF2 of `board`: from the cache (build/micropython/), else downloaded
    and checked against its pin."""
    cache = cache or CACHE
    path = os.path.join(cache, board.file)
    if os.path.exists(path):
        with open(path, "rb") as f:
            data = f.read()
        if sha256(data) == board.sha256:
            return data
    url = RELEASES + board.file
    log("downloading %s" % url)
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            data = answer.read()
    except (OSError, urllib.error.URLError) as err:
        raise Uf2Error("cannot download %s (%s): download MicroPython %s for the %s from %s and give it: "
                       "make uf2 BOARD=... MICROPYTHON_UF2=FILE" % (url, getattr(err, "reason", err),
                                                                   MICROPYTHON_VERSION, board.title,
                                                                   DOWNLOAD_PAGE % board.name)) from None
    if sha256(data) != board.sha256:
        raise Uf2Error("the download of %s has SHA-256 %s, not the pinned %s: nothing was written"
                       % (url, sha256(data), board.sha256))
    os.makedirs(cache, exist_ok=True)
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    return data


def given_firmware(path, board):
    """(bytes, shown name) of --micropython PATH for `board`: the file, or in a folder the official
    file of the board (the pinned name, else the newest BOARD-*.uf2)."""
    if os.path.isdir(path):
        names = sorted(n for n in os.listdir(path) if n.startswith(board.name + "-") and n.endswith(".uf2")
                       and "RISCV" not in n.upper())
        if not names:
            raise Uf2Error("%s holds no %s-....uf2: put %s's UF2 from %s there" % (
                path, board.name, board.title, DOWNLOAD_PAGE % board.name))
        path = os.path.join(path, board.file if board.file in names else names[-1])
    try:
        with open(path, "rb") as f:
            return f.read(), path
    except OSError as err:
        raise Uf2Error("cannot read %s (%s)" % (path, err.strerror)) from None


def profiles_on(path, profiles, boards_dir=flash.BOARDS):
    """The `profiles` wired on the board the MicroPython UF2 `path` is for (a file of one board makes
    the files of its profiles only)."""
    found = []
    for profile in profiles:
        board = board_of(profile, flash.read_profile(profile, boards_dir))
        data, what = given_firmware(path, board)
        try:
            pages, _ = firmware_pages(data, board, what)
            if sha256(data) != board.sha256:
                check_micropython(pages, board, what)
        except Uf2Error:
            continue
        found.append(profile)
    return found


# -- one profile -----------------------------------------------------------------------------------------


def build_profile(profile, micropython=None, page=None, out=BUILD, boards_dir=flash.BOARDS, firmware=flash.FIRMWARE,
                  compiled=None, log=print):
    """Write out/fishtable-PROFILE.uf2; returns {'path', 'size', 'free', 'board', 'files', 'firmware'}.
    `compiled`: a dict that keeps firmware/ compiled (flash.build) from one profile to the next."""
    text = flash.read_profile(profile, boards_dir, firmware)
    board = board_of(profile, text)
    flash.check_page(page)
    if micropython:
        data, what = given_firmware(micropython, board)
    else:
        data, what = download(board, log=log), board.file
    what = os.path.basename(what)
    pages, first = firmware_pages(data, board, what)
    if sha256(data) != board.sha256:  # the pinned release is known; any other file shows what it is
        check_micropython(pages, board, what)
    compiled = {} if compiled is None else compiled
    if "files" not in compiled:  # after the checks of the firmware: a refusal comes at once
        compiled["files"] = flash.build(firmware)
    files = flash.board_files(profile, boards_dir, firmware, None, page, compiled["files"])
    files[flash.MANIFEST] = flash.manifest_text(files, profile, firmware).encode()
    image = filesystem(files, board.fs_kb * 1024)
    if read_filesystem(image) != (files, folders_of(files)):
        raise Uf2Error("the filesystem image of %s does not read back as written" % profile)  # littlefs-python's fault
    free = micropython_free(image)
    uf2 = pack(pages, first, fs_base(board), image, board.family)
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "fishtable-%s.uf2" % profile)
    with open(path + ".tmp", "wb") as f:
        f.write(uf2)
    os.replace(path + ".tmp", path)
    return {"path": path, "size": len(uf2), "free": free, "board": board, "files": files, "firmware": what}


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="uf2build.py", description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2],
    )
    parser.add_argument("--board", help="one board profile (boards/NAME.json); default: every MicroPython profile")
    parser.add_argument("--micropython", help="a MicroPython .uf2, or a folder of the official ones (default: "
                                              "download the pinned %s)" % MICROPYTHON_VERSION)
    parser.add_argument("--page", help="the owner's web page for Scan's codes (config.txt PAGE=)")
    parser.add_argument("--out", default=BUILD, help="where the files go (default: build/)")
    parser.add_argument("--boards-dir", default=flash.BOARDS, help="folder of the board profiles (default: boards/)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        profiles = [args.board] if args.board else micropython_profiles(args.boards_dir)
        if not args.board:  # every profile on a board this knows; the others are said and left out
            known = []
            for profile in profiles:
                try:
                    board_of(profile, flash.read_profile(profile, args.boards_dir))
                    known.append(profile)
                except Uf2Error as err:
                    print("left out: %s" % err)
            profiles = known
        if not args.board and args.micropython and os.path.isfile(args.micropython):
            profiles = profiles_on(args.micropython, profiles, args.boards_dir) or profiles
        compiled = {}
        for profile in profiles:
            done = build_profile(profile, args.micropython, args.page or None, args.out, args.boards_dir,
                                 compiled=compiled)
            print("%s: %s bytes, %s + fishtable for %s; %d KB of its %d KB filesystem free" % (
                os.path.relpath(done["path"]), format(done["size"], ","), done["firmware"],
                done["board"].name, done["free"] // 1024, done["board"].fs_kb))
    except (Uf2Error, flash.FlashError) as err:
        print("uf2: %s" % err, file=sys.stderr)
        return 1
    print("done in %.1f s: hold BOOTSEL, plug the Pico in, copy the file for its wiring onto the drive "
          "(a new filesystem: a board that keeps games is updated with make flash)" % (time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
