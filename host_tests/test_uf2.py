"""`make uf2` (tools/uf2build.py): MicroPython and fishtable in one UF2 per board profile, checked
without a download.  The MicroPython UF2s are stand-ins made here as picotool lays them out (pages
of arbitrary bytes from the start of the flash, holding the version and the board's name as the
real firmware does); the result is checked block by block, its filesystem mounted with
littlefs-python and with the MicroPython unix port's VfsLfs2 at the rp2 geometry, compared byte for
byte with what `make flash` writes onto a (virtual) board, and booted in the simulator to the main
menu."""

import hashlib
import os
import random
import struct
import subprocess
import sys
import urllib.error
import urllib.request

import bootstrap
import flash
import pytest
import uf2build
from simlib.device import reader
from virtual_board import VirtualBoard

import mprun

pytestmark = pytest.mark.xdist_group("uf2")  # one worker builds the files once (the module's fixture)

ROOT = flash.ROOT
BOARDS = uf2build.BOARDS
PROFILES = {"pico": "RPI_PICO", "pico_encoder": "RPI_PICO", "pico_w": "RPI_PICO_W", "pico2": "RPI_PICO2",
            "pico_sh1106": "RPI_PICO", "pico_ssd1309": "RPI_PICO"}
# Stand-in firmware sizes near the real ones (RPI_PICO_W 1.28.0 is 874,752 bytes), none a whole
# number of 4 KB sectors, as picotool leaves the last sector.
SIZES = {"RPI_PICO": 331_000, "RPI_PICO_W": 874_752, "RPI_PICO2": 402_700}
MAGIC = (0x0A324655, 0x9E5D5157)
END = struct.pack("<I", 0x0AB16F30)
# picotool's first block in an RP2350 flash UF2 (RP2350-E10): family "absolute", ignored by the ROM
IGNORE = (struct.pack("<8I", *MAGIC, 0xA000, 0x10FFFF00, 256, 0, 2, 0xE48BFF57) + b"\xef" * 256
          + struct.pack("<I", 0x9957E304) + bytes(216) + END)


def standin(board, size=None, version="1.28.0", machine=None, family=None, seed=1):
    """A MicroPython-like UF2 for `board` (a BOARDS key): `size` bytes from 0x10000000 in 256-byte pages."""
    info = BOARDS[board]
    rng = random.Random(seed)
    body = bytearray(rng.randbytes(size or SIZES[board]))
    text = b"MicroPython v%s on 2026-04-06\x00%s\x00" % (version.encode(), (machine or info.machine).encode())
    body[70_000 : 70_000 + len(text)] = text
    pages = [bytes(body[i : i + 256]).ljust(256, b"\x00") for i in range(0, len(body), 256)]
    family = family or info.family
    out = bytearray(IGNORE if family != uf2build.RP2040 else b"")
    for number, page in enumerate(pages):
        out += struct.pack("<8I", *MAGIC, 0x2000, 0x10000000 + 256 * number, 256, number, len(pages), family)
        out += page + bytes(220) + END
    return bytes(out)


def blocks(data):
    """[(flags, address, size, number, count, family, 256-byte payload)] of a UF2, checking its marks."""
    assert len(data) % 512 == 0
    out = []
    for at in range(0, len(data), 512):
        head = struct.unpack_from("<8I", data, at)
        assert head[:2] == MAGIC and data[at + 508 : at + 512] == END
        out.append(head[2:] + (data[at + 32 : at + 288],))
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """`make uf2 MICROPYTHON_UF2=<folder of stand-ins>` for every profile: {profile: file bytes}, and the folder."""
    top = tmp_path_factory.mktemp("uf2")
    firmware = top / "micropython"
    firmware.mkdir()
    for board in BOARDS:
        (firmware / ("%s-20260406-v1.28.0.uf2" % board)).write_bytes(standin(board))
    out = top / "build"
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2build.py"), "--micropython",
                           str(firmware), "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert sorted(os.listdir(str(out))) == sorted("fishtable-%s.uf2" % p for p in PROFILES)
    files = {p: (out / ("fishtable-%s.uf2" % p)).read_bytes() for p in PROFILES}
    return {"files": files, "firmware": firmware, "top": top, "stdout": proc.stdout}


def image_of(data, board):
    info = BOARDS[board]
    return uf2build.region(uf2build.read_blocks(data), uf2build.fs_base(info), info.fs_kb * 1024)


def flash_files(profile):
    """What `make flash` writes onto a board that has nothing yet, by the flash tool's own functions."""
    files = flash.board_files(profile)
    files[flash.MANIFEST] = flash.manifest_text(files, profile).encode()
    return files


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_file_is_the_firmware_then_the_filesystem_block_by_block(built, profile):
    board = BOARDS[PROFILES[profile]]
    got = blocks(built["files"][profile])
    firmware = blocks(standin(board.name))
    if board.family != uf2build.RP2040:  # picotool's ignore block stays first, as it was
        assert built["files"][profile][:512] == IGNORE and firmware[0] == got[0]
        got, firmware = got[1:], firmware[1:]
    count = len(got)
    base = uf2build.fs_base(board)
    top = 0x10000000 + board.flash_kb * 1024
    assert base == top - board.fs_kb * 1024 and base % 4096 == 0
    for number, (flags, address, size, index, total, family, _) in enumerate(got):
        assert (flags, size, index, total, family) == (0x2000, 256, number, count, board.family)
    addresses = [b[1] for b in got]
    assert addresses == sorted(set(addresses))  # in order, none twice
    # The boot ROM erases a sector at the first block of each run of 16: each run is one whole sector.
    for run in range(0, count, 16):
        sectors = {a // 4096 for a in addresses[run : run + 16]}
        assert len(sectors) == 1 and len(addresses[run : run + 16]) == 16
    # The firmware's pages, unchanged, then 0xFF to the end of its last sector, nothing up to the
    # filesystem, which fills its region to the end of the flash, page after page.
    pages = {b[1]: b[6] for b in got}
    assert all(pages[b[1]] == b[6] for b in firmware)
    end = firmware[-1][1] + 256
    fill = [a for a in addresses if a < base and a >= end]
    assert len(fill) == (-end) % 4096 // 256 and all(pages[a] == b"\xff" * 256 for a in fill)
    assert [a for a in addresses if a >= base] == list(range(base, top, 256))
    assert max(addresses) + 256 == top and end <= base


def test_the_build_says_each_files_size_and_the_room_left(built):
    for profile in PROFILES:
        line = next(line for line in built["stdout"].split("\n") if "fishtable-%s.uf2" % profile in line)
        assert format(len(built["files"][profile]), ",") + " bytes" in line and " KB filesystem free" in line
    assert "hold BOOTSEL" in built["stdout"] and "make flash" in built["stdout"]


# Mounts the image as the Pico does and prints every folder and file with its SHA-256, and statvfs.
VFS_LISTING = r"""
import os, hashlib, binascii
from devices.faultfs import FlashBlocks
with open(%r, 'rb') as f:
    data = f.read()
os.mount(os.VfsLfs2(FlashBlocks(len(data) // 4096, image=data), progsize=256), '/fs')
def walk(top):
    for name, kind, *_ in os.ilistdir(top):
        path = top + '/' + name
        if kind == 0x4000:
            print('D', path[4:])
            walk(path)
        else:
            with open(path, 'rb') as f:
                print('F', path[4:], binascii.hexlify(hashlib.sha256(f.read()).digest()).decode())
walk('/fs')
print('S', os.statvfs('/fs')[:4])
"""


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_the_filesystem_mounts_as_on_the_pico_and_holds_what_make_flash_writes(built, profile, tmp_path):
    image = image_of(built["files"][profile], PROFILES[profile])
    files, folders = uf2build.read_filesystem(image)  # littlefs-python
    wanted = flash_files(profile)
    assert files == wanted and files["config.txt"] == ("BOARD=%s\n" % profile).encode()
    assert "data" in folders and not [p for p in files if p.startswith("data/")]
    if profile == "pico":
        return  # the same board as pico_encoder's: mounted there
    (tmp_path / "image").write_bytes(image)
    out = mprun.run_code("micropython", VFS_LISTING % str(tmp_path / "image"), path=(bootstrap.TOOLS,),
                         heapsize="16M")
    lines = out.strip().split("\n")
    assert sorted(line[2:] for line in lines if line[0] == "D") == folders
    assert {line.split()[1]: line.split()[2] for line in lines if line[0] == "F"} == {
        p: hashlib.sha256(d).hexdigest() for p, d in wanted.items()}
    block, _, count, free = eval(lines[-1][2:])
    # (LittleFS gives every file whole 4 KB blocks: the firmware's files and the catalogs take about half)
    assert (block, count) == (4096, BOARDS[PROFILES[profile]].fs_kb // 4) and free > count * 2 // 5


def test_make_flash_writes_the_same_files_byte_for_byte(built, tmp_path):
    """The real `make flash` (tools/flash.py and mpremote) onto an empty virtual Pico."""
    root = tmp_path / "board"
    root.mkdir()
    with VirtualBoard(str(root)) as board:
        proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "flash.py"), "--port", board.port,
                               "--board", "pico_w", "--no-reset"], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    written = {}
    for folder, _, names in os.walk(str(root)):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                written[os.path.relpath(path, str(root)).replace(os.sep, "/")] = f.read()
    files, _ = uf2build.read_filesystem(image_of(built["files"]["pico_w"], "RPI_PICO_W"))
    assert files == written


@pytest.mark.parametrize("profile", ["pico_w", "pico2"])
def test_the_simulator_boots_from_the_files_read_back_to_the_main_menu(built, profile, tmp_path):
    """The files out of the image on the host, run as the board runs them (the compiled tree first on
    the path, /config.txt and /boards in its folder) and its LittleFS, /data, mounted by VfsLfs2."""
    board = PROFILES[profile]
    image = image_of(built["files"][profile], board)
    files, folders = uf2build.read_filesystem(image)
    tree = tmp_path / "tree"
    for folder in folders:
        (tree / folder).mkdir(parents=True, exist_ok=True)
    for path, data in files.items():
        (tree / path).write_bytes(data)
    assert not [p for p in files if p.endswith(".py") and p != "main.py"]  # the modules are .mpy only
    (tmp_path / "image").write_bytes(image)
    (tmp_path / "keys").write_text("wait:300\nok\nwait:300\n")  # a new board asks its language first: English
    argv, env = mprun.command("micropython", os.path.join(bootstrap.SIMLIB, "simrun.py"),
                              ["--lfs", str(tmp_path / "image"), str(tmp_path / "keys"), "1", str(tree),
                               str(tree / "main.py")], heapsize="16M", path=(bootstrap.TOOLS,), firmware=str(tree))
    proc = subprocess.run(argv, cwd=str(tree), env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    frames = [line.split()[1] for line in proc.stdout.split("\n") if line.startswith("F ")]
    asked = [reader().read(bytes.fromhex(f)) for f in frames[:-1]]
    assert any(a.contains("Language/Sprache") and a.big_texts() == ["English"] for a in asked)
    screen = reader().read(bytes.fromhex(frames[-1]))
    assert screen.contains("New Hi Fisch!") and screen.contains("History"), screen.text()


# -- what is refused, in one line, writing nothing ------------------------------------------------------


def refusal(capsys, tmp_path, args):
    status = uf2build.main(args + ["--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 1 and err.startswith("uf2: ") and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()
    return err


@pytest.mark.parametrize("case, board, firmware, says", [
    ("another chip", "pico", dict(board="RPI_PICO2"), "UF2 for RP2350 (Arm), not for the Raspberry Pi Pico"),
    ("RISC-V", "pico2", dict(board="RPI_PICO2", family=0xE48BFF5A), "UF2 for RP2350 (RISC-V)"),
    ("another board", "pico", dict(board="RPI_PICO_W", size=300_000), "MicroPython for the Raspberry Pi Pico W, "
                                                                       "not for the Raspberry Pi Pico"),
    ("too old", "pico_w", dict(board="RPI_PICO_W", version="1.21.0"), "MicroPython 1.21.0; fishtable needs 1.22"),
    ("no MicroPython", "pico", dict(board="RPI_PICO", version="x"), "holds no MicroPython"),
    ("into the filesystem", "pico_w", dict(board="RPI_PICO_W", size=1_300_000), "outside the Raspberry Pi Pico W's "
                                                                               "firmware space"),
])
def test_a_firmware_uf2_for_another_chip_or_board_is_refused(capsys, tmp_path, case, board, firmware, says):
    path = tmp_path / "firmware.uf2"
    path.write_bytes(standin(**firmware))
    assert says in refusal(capsys, tmp_path, ["--board", board, "--micropython", str(path)])


def test_a_wrong_profile_or_file_is_refused(capsys, tmp_path):
    path = tmp_path / "firmware.uf2"
    path.write_bytes(standin("RPI_PICO"))
    assert "no board profile" in refusal(capsys, tmp_path, ["--board", "pico3", "--micropython", str(path)])
    assert "not MicroPython" in refusal(capsys, tmp_path, ["--board", "circuitpython_pico", "--micropython",
                                                           str(path)])
    (tmp_path / "notes.uf2").write_bytes(b"hello")
    assert "not a UF2 file" in refusal(capsys, tmp_path, ["--board", "pico", "--micropython",
                                                          str(tmp_path / "notes.uf2")])
    assert "holds no RPI_PICO-" in refusal(capsys, tmp_path, ["--board", "pico", "--micropython", str(tmp_path)])
    boards = tmp_path / "boards"
    boards.mkdir()
    with open(os.path.join(flash.BOARDS, "pico.json")) as f:
        (boards / "zero.json").write_text(f.read().replace("Raspberry Pi Pico", "Waveshare RP2040-Zero"))
    assert "make uf2 knows the Raspberry Pi Pico, Pico W and Pico 2" in refusal(
        capsys, tmp_path, ["--board", "zero", "--boards-dir", str(boards), "--micropython", str(path)])
    (boards / "pico.json").write_text(open(os.path.join(flash.BOARDS, "pico.json")).read())
    assert uf2build.main(["--boards-dir", str(boards), "--micropython", str(path), "--out", str(tmp_path / "all")]) == 0
    assert os.listdir(str(tmp_path / "all")) == ["fishtable-pico.uf2"]  # without BOARD: the others are left out
    assert "left out: board zero is wired on 'Waveshare RP2040-Zero" in capsys.readouterr().out


def test_the_pinned_release_is_downloaded_once_checked_and_a_failed_download_says_what_to_do(
        capsys, tmp_path, monkeypatch):
    data = standin("RPI_PICO")
    monkeypatch.setattr(uf2build, "CACHE", str(tmp_path / "cache"))
    asked = []

    def unreachable(url, timeout=None):
        asked.append(url)
        raise urllib.error.URLError("no network")

    monkeypatch.setattr(urllib.request, "urlopen", unreachable)
    err = refusal(capsys, tmp_path, ["--board", "pico"])
    assert asked == [uf2build.RELEASES + "RPI_PICO-20260406-v1.28.0.uf2"]
    assert "cannot download" in err and "micropython.org/download/RPI_PICO/" in err and "MICROPYTHON_UF2" in err

    class Answer:
        def __init__(self, body):
            self.body = body

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def read(self):
            return self.body

    monkeypatch.setattr(urllib.request, "urlopen", lambda url, timeout=None: Answer(data))
    assert "not the pinned" in refusal(capsys, tmp_path, ["--board", "pico"])  # the stand-in is no release
    assert not (tmp_path / "cache" / "RPI_PICO-20260406-v1.28.0.uf2").exists()

    pinned = BOARDS["RPI_PICO"]._replace(sha256=hashlib.sha256(data).hexdigest())
    monkeypatch.setitem(uf2build.BOARDS, "RPI_PICO", pinned)
    assert uf2build.main(["--board", "pico", "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "cache" / "RPI_PICO-20260406-v1.28.0.uf2").read_bytes() == data
    monkeypatch.setattr(urllib.request, "urlopen", unreachable)  # the second build takes it from the cache
    assert uf2build.main(["--board", "pico", "--out", str(tmp_path / "again")]) == 0
    assert (tmp_path / "again" / "fishtable-pico.uf2").read_bytes() == (tmp_path / "out" / "fishtable-pico.uf2"
                                                                       ).read_bytes()


def test_one_firmware_file_makes_the_files_of_the_profiles_on_its_board_with_the_page(capsys, tmp_path):
    path = tmp_path / "RPI_PICO-20260406-v1.28.0.uf2"
    path.write_bytes(standin("RPI_PICO"))
    page = "https://you.github.io/fishtable/"
    assert uf2build.main(["--micropython", str(path), "--page", page, "--out", str(tmp_path / "out")]) == 0
    assert sorted(os.listdir(str(tmp_path / "out"))) == sorted("fishtable-%s.uf2" % name for name, board in
                                                           PROFILES.items() if board == "RPI_PICO")
    files, _ = uf2build.read_filesystem(image_of((tmp_path / "out" / "fishtable-pico.uf2").read_bytes(), "RPI_PICO"))
    assert files["config.txt"] == ("BOARD=pico\nPAGE=%s\n" % page).encode()
    assert "fishtable-pico.uf2" in capsys.readouterr().out
