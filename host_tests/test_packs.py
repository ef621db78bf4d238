"""The install's packs (tools/packs.py, firmware/fishpack.py): fishtable/'s compiled modules in a few
files that main.py mounts for import.  Packed and read back on the host; under the MicroPython unix
port, every module imported from them and the app started to its menu; a damaged or missing pack
said on the panel."""

import os

import flash
import packs
import pytest
from conftest import Board
from simlib.device import reader

PICO_W_BLOCKS = 212  # the Pico W's filesystem: 848 KB


@pytest.fixture(scope="module")
def compiled():
    return flash.build()


@pytest.fixture(scope="module")
def install(compiled):
    """{board path: bytes} of `make flash` for a pico."""
    return flash.board_files("pico", files=compiled)


def write(folder, files):
    for path, data in files.items():
        out = os.path.join(str(folder), path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(data)
    return str(folder)


def modules_of(compiled):
    return {p: d for p, d in compiled.items() if packs.packed(p)}


def test_the_packer_round_trip_and_the_packs_fill_their_blocks(compiled, install):
    with open(os.path.join(flash.BOARDS, "pico.json")) as f:
        unused = flash.unused_drivers(f.read())
    wanted = {p: d for p, d in modules_of(compiled).items() if p not in unused}
    names = sorted(p for p in install if p.endswith(".pack"))
    names.sort(key=lambda p: int(p[10:-5]))
    assert names == ["fishtable-%d.pack" % k for k in range(len(names))]
    assert not [p for p in install if p.startswith("fishtable/")]  # nothing loose
    assert packs.unpack(install, list(compiled)) == wanted
    sizes = [len(install[p]) for p in names]
    assert packs.blocks_of(sizes[0]) <= packs.FIRST_BLOCKS
    assert max(packs.blocks_of(s) for s in sizes[1:]) <= packs.MAX_BLOCKS
    whole = sum(packs.capacity(packs.blocks_of(s)) for s in sizes[:-1])
    assert sum(sizes[:-1]) > 0.98 * whole  # every pack but the last filled close to its whole blocks
    assert packs.pack(install) == install  # nothing more to pack: the packs are not packed again
    first = packs.unpack({names[0]: install[names[0]]}, list(compiled))
    assert set(packs.PREFIX + p for p in packs.BOOT) <= set(first)  # what shows a start-up error: in pack 0


def test_a_damaged_pack_does_not_read_back(install, compiled):
    name = "fishtable-1.pack"
    for at in (3, 20, len(install[name]) - 5):  # the header, its table, a module's bytes
        data = bytearray(install[name])
        data[at] ^= 0x40
        with pytest.raises(packs.PackError):
            packs.unpack({name: bytes(data)}, list(compiled))
    with pytest.raises(packs.PackError):
        packs.unpack({name: install[name][:-1]}, list(compiled))


def test_the_pack_reader_is_small():
    """/fishpack.mpy, imported before the packs are mounted, stays loose: a file of at most a block."""
    size = len(flash.build()["fishpack.mpy"])
    assert size <= 1536, size


def test_every_module_imports_from_the_packs_under_micropython(tmp_path, install, compiled):
    folder = write(tmp_path / "board", install)
    with open(os.path.join(flash.BOARDS, "pico.json")) as f:
        unused = flash.unused_drivers(f.read())
    names = sorted(p[:-4].replace("/", ".").replace(".__init__", "") for p in modules_of(compiled) if p not in unused)
    got = Board("micropython").call("packed_boot.imports", folder, names, firmware=folder)
    assert got["wrong"] is None and got["errors"] == []
    assert sorted(got["files"]) == names
    assert all(from_packs(f) for f in got["files"].values()), got["files"]


def from_packs(path):
    """A module's __file__ from the packs: fishtable/... (at /fishtable) or /p/fishtable/... (the
    unix port, fishpack._mount) and .mpy; firmware/ is not on the path."""
    return path.startswith(("fishtable/", "/p/fishtable/")) and path.endswith(".mpy")


def screen(got):
    return " ".join(reader().read(bytes.fromhex(got["glass"])).text().split())


def test_main_py_starts_the_app_from_the_packs(tmp_path, install):
    folder = write(tmp_path / "board", install)
    got = Board("micropython").call("packed_boot.boot", folder, firmware=folder)
    assert "New Hecht" in screen(got), screen(got)
    assert got["files"] and all(from_packs(f) for f in got["files"]), got["files"]


APP = "fishtable/ui/app.mpy"  # imported at every start, not needed to show a start-up error


def pack_of(install, path, compiled):
    """The name of the pack holding `path`."""
    for name in sorted(p for p in install if p.endswith(".pack")):
        if path in packs.unpack({name: install[name]}, list(compiled)):
            return name
    raise AssertionError(path)


@pytest.mark.parametrize("how", ["damaged", "missing", "module"])
def test_a_damaged_or_missing_pack_is_said_on_the_panel(tmp_path, install, compiled, how):
    """A pack whose table is damaged, a pack gone, a module's bytes damaged: the panel says which
    pack and to run make flash; never a blank panel."""
    files = dict(install)
    name = pack_of(install, APP, compiled)
    assert not set(packs.PREFIX + p for p in packs.BOOT) & set(packs.unpack({name: files[name]}, list(compiled)))
    data = bytearray(files[name])
    if how == "missing":
        del files[name]
    elif how == "damaged":
        data[20] ^= 1  # a byte of its table
        files[name] = bytes(data)
    else:  # one byte of the module app.mpy: found when import reads it
        n = data[6]
        i = [packs.struct.unpack_from("<I", data, packs.HEAD.size + 4 * j)[0] for j in range(n)].index(
            packs.path_key(APP))
        offset, length, _ = packs.RECORD.unpack_from(data, packs.HEAD.size + 4 * n + 8 * i)
        data[offset + length // 2] ^= 1
        files[name] = bytes(data)
    folder = write(tmp_path / "board", files)
    printed, got = Board("micropython").call("packed_boot.boot", folder, firmware=folder, printed=True)
    shown = screen(got)
    assert "Cannot start" in shown and name in shown and "make flash" in shown, (shown, printed)
    assert any(name in line for line in printed), printed


def test_without_packs_main_py_runs_the_loose_tree(tmp_path, compiled):
    """mip's install (and the simulator): no packs, fishpack finds none and changes nothing."""
    files = flash.board_files("pico", files=compiled)
    files = {p: d for p, d in files.items() if not p.endswith(".pack")}
    files.update((p, d) for p, d in compiled.items() if packs.packed(p))
    folder = write(tmp_path / "board", files)
    got = Board("micropython").call("packed_boot.boot", folder, firmware=folder)
    assert "New Hecht" in screen(got), screen(got)


def test_the_install_blocks_on_a_pico(install, compiled):
    """The packs take about half the blocks the loose modules took (their folders not counted)."""
    loose = {p: d for p, d in install.items() if not p.endswith(".pack")}
    with open(os.path.join(flash.BOARDS, "pico.json")) as f:
        unused = flash.unused_drivers(f.read())
    loose.update((p, d) for p, d in modules_of(compiled).items() if p not in unused)
    assert packs.blocks(install) + 20 < packs.blocks(loose)


def test_the_flash_removes_the_loose_tree_first_on_a_full_board(install):
    """On a board whose history filled the flash to the store's floor (6 blocks free), the loose
    tree of an earlier flash is removed first and makes the room for the packs, written one at a time."""
    old = {p: b"x" * 3000 for p in ("fishtable/core/a.mpy", "fishtable/ui/b.mpy")}
    old.update({"fishtable/hw/c%d.mpy" % i: b"y" * 2000 for i in range(60)})
    changed = sorted(install)
    stale = sorted(old)
    sizes = {p: len(d) for p, d in old.items()}
    files = dict(install, **{flash.MANIFEST: b"m" * 2000})
    assert flash.shortfall(files, changed, stale, sizes, 4096, 6) == 0
    assert flash.shortfall(files, changed, [], sizes, 4096, 6) > 0  # without the removal: no room
    assert flash.stale_folders(install, stale) == ["fishtable/core", "fishtable/hw", "fishtable/ui", "fishtable"]
    assert flash.shortfall(files, changed, stale[:2], sizes, 4096, 6) > 0
