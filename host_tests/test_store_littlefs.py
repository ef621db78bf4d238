"""The store on the real LittleFS: MicroPython's os.VfsLfs2 on a RAM flash (tools/devices/faultfs.FlashBlocks).

Only the MicroPython unix port has LittleFS, so these run there (CPython has no os.VfsLfs2).
The heap is larger than the Pico's because the test holds whole flash images; the store
itself runs in the Pico's heap in test_store_powercut.py.
"""

import glob
import os

import mprun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICES = os.path.join(ROOT, "tools", "devices")
HOST_TESTS = os.path.join(ROOT, "host_tests")
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))
# Store.lean off: a sweep resumes thousands of times, and each resume would compile the recovery
# code from source again (the board loads .mpy), tearing the heap its flash images need.
PRELUDE = ("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\n"
           "from fishtable.store import Store\nStore.lean = False\n" % (DEVICES, HOST_TESTS))


def smallest_per_game():
    """The smallest record of each game."""
    found = {}
    for path in RECORDS:
        game = os.path.basename(path).split("-")[0]
        if game not in found or os.path.getsize(path) < os.path.getsize(found[game]):
            found[game] = path
    return found


def micropython(code):
    return mprun.run_code("micropython", PRELUDE + code, heapsize="2M")


def test_power_cut_before_every_flash_operation_of_real_littlefs():
    picks = smallest_per_game()
    assert "yofish" in picks
    code = "from store_lfs import sweep_littlefs\n"
    for game, path in sorted(picks.items()):
        stride = 3 if game == "hecht" else 1
        code += "text = open(%r).read()\n" % path
        code += "for torn in (False, True):\n"
        code += "    cuts, errors = sweep_littlefs(text, stride=%d + torn, torn=torn)\n" % stride
        code += "    print(%r, torn, cuts > 30, errors[:3])\n" % game
    out = micropython(code)
    for game in sorted(picks):
        for torn in (False, True):
            assert "%s %s True []" % (game, torn) in out.split("\n"), out


def test_flash_wear_of_whole_games_on_the_picos_filesystem():
    """Every record three times on the Pico's 1408 KB (4 KB blocks, 256-byte pages): per statement
    the store writes one short line, its append is about one page program, and the appends of every
    record erase at most one block per 8 statements (begin and finish add one or two); the erases
    spread over the flash (most fall on the metadata pair of the journal's parts, which LittleFS moves
    after 100 erases: block_cycles)."""
    code = """
from store_lfs import lfs_measure
texts = [open(p).read() for p in %r]
rows, erases = lfs_measure(texts, games=3, budget=16 * 4096)
for n, size, store, flash, erased, appended, pages in rows:
    print(n, store <= 18, pages <= 2 * n, appended * 8 <= n, erased < 0.25)
print(sum(1 for e in erases if e) > 30, max(erases) <= 105)
""" % (RECORDS,)
    out = mprun.run_code("micropython", PRELUDE + code, heapsize="8M").split("\n")
    for line in out[: len(RECORDS)]:
        assert line.split()[1:] == ["True", "True", "True", "True"], out
    assert out[len(RECORDS)] == "True True"


def test_a_full_flash_drops_the_oldest_games_then_says_flash_full():
    """A 96 KB LittleFS: games in the history, the rest filled by other files.  The full
    filesystem reports impossible figures (counted as no space); a new game still completes
    (the oldest games make room); with no history left to drop the store raises FlashFull,
    and the journal written so far still resumes."""
    code = """
from store_lfs import lfs_full_flash
texts = [open(p).read() for p in %r]
for line in lfs_full_flash(texts + texts):
    print(line)
""" % (RECORDS[5:],)
    out = micropython(code).split("\n")
    assert int(out[0].split()[1]) >= 4 and out[1] == "filled 28", out
    assert out[2].endswith("counted 0"), out
    assert out[3] == "dropped True, newest True", out  # the numbering goes on
    assert out[4] == "FlashFull 28 Flash full", out
    assert out[5] == "resumed True None", out


def test_free_space_figures_that_cannot_be_true_count_as_full():
    from fishtable.store.fs import free_of

    assert free_of((4096, 4096, 352, 100, 100, 0, 0, 0, 0, 255)) == 409600
    assert free_of((4096, 4096, 24, 4294967293, 4294967293, 0, 0, 0, 0, 255)) == 0  # used > total, wrapped
    assert free_of((4096, 4096, 24, -3, -3, 0, 0, 0, 0, 255)) == 0
    assert free_of((4096, 4096, 24, 5, 9, 0, 0, 0, 0, 255)) == 0  # more available than free
    assert free_of((0, 0, 24, 5, 5, 0, 0, 0, 0, 255)) == 0
