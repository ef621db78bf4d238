"""The store on the real LittleFS: MicroPython's os.VfsLfs2 on a RAM flash (tools/devices/faultfs.FlashBlocks).

Only the MicroPython unix port has LittleFS, so these run there (CPython has no os.VfsLfs2).
The harness's heap holds whole flash images (8M where it holds many); the firmware's own heap is
the benchmark's to measure (`make bench`).
"""

import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))


def smallest_per_game():
    """The smallest record of each game."""
    found = {}
    for path in RECORDS:
        game = os.path.basename(path).split("-")[0]
        if game not in found or os.path.getsize(path) < os.path.getsize(found[game]):
            found[game] = path
    return found


def test_power_cut_before_every_flash_operation_of_real_littlefs(fw_runner):
    picks = smallest_per_game()
    assert "yofish" in picks
    cases = [[path, (3 if game == "hecht" else 1) + torn, torn]
             for game, path in sorted(picks.items()) for torn in (False, True)]
    got = fw_runner("micropython").call("store_lfs.sweep_files", cases)  # (three flash images a cut)
    assert len(got) == len(cases)
    for (path, _, torn), (cuts, errors) in zip(cases, got):
        assert cuts > 30 and errors == [], (path, torn, cuts, errors)


def test_flash_wear_of_whole_games_on_the_picos_filesystem(fw_runner):
    """Every record three times on the Pico's 1408 KB (4 KB blocks, 256-byte pages): per statement
    the store writes one short line, its append is about one page program, and the appends of every
    record erase at most one block per 7 statements (begin and finish add one or two; the parts' marks
and the next part made before it is promised cost about one commit a part); the erases
    spread over the flash (most fall on the metadata pair of the journal's parts, which LittleFS moves
    after 100 erases: block_cycles)."""
    rows, erases = fw_runner("micropython").call("store_lfs.measure_files", RECORDS, 3, 16 * 4096, heapsize="8M")
    assert len(rows) == len(RECORDS)
    for n, size, store, flash, erased, appended, pages in rows:
        assert (store <= 18, pages <= 2 * n, appended * 7 <= n, erased < 0.25) == (True, True, True, True), rows
    assert sum(1 for e in erases if e) > 30 and max(erases) <= 105


def test_a_full_flash_drops_the_oldest_games_then_says_flash_full(fw_runner):
    """A 96 KB LittleFS: games in the history, the rest filled by other files.  The full
    filesystem reports impossible figures (counted as no space); a new game still completes
    (the oldest games make room); with no history left to drop the store raises FlashFull or,
    when the moves still fit their folder, keeps the game over in the journal; the journal
    written so far still resumes."""
    out = fw_runner("micropython").call("store_lfs.full_flash_files", RECORDS[5:])
    assert int(out[0].split()[1]) >= 4 and out[1] == "filled 28", out
    assert out[2].endswith("counted 0"), out
    assert out[3] == "dropped True, newest True", out  # the numbering goes on
    # a whole game on the brim: refused at once, or its moves (inline in their folder's metadata)
    # taken and the game kept in the journal when the history cannot take it
    assert out[4] in ("FlashFull 28 Flash full", "played, kept in the journal: Game kept, not yet in History: "
                      "Flash full"), out
    assert out[5] == "resumed True None", out


def test_free_space_figures_that_cannot_be_true_count_as_full():
    from fishtable.store.fs import free_of

    assert free_of((4096, 4096, 352, 100, 100, 0, 0, 0, 0, 255)) == 409600
    assert free_of((4096, 4096, 24, 4294967293, 4294967293, 0, 0, 0, 0, 255)) == 0  # used > total, wrapped
    assert free_of((4096, 4096, 24, -3, -3, 0, 0, 0, 0, 255)) == 0
    assert free_of((4096, 4096, 24, 5, 9, 0, 0, 0, 0, 255)) == 0  # more available than free
    assert free_of((0, 0, 24, 5, 5, 0, 0, 0, 0, 255)) == 0
