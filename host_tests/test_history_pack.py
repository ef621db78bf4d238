"""The packed history (fishtable.store.history): games appended to segments with an index read by
seeking, the one-file-per-game form taken over at boot, Delete and the trim; power cuts at every
write point of each (the fault-injecting flash: every point in `make soak`, a sample here; the real
LittleFS under MicroPython), and the figures the screens rely on (a History step and a Stats open
read a few index records whatever the history's length)."""

import os

import pytest

from fishtable.store import Store, history

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOAK = os.environ.get("FISHTABLE_HISTORY_FULL") == "1"  # `make soak`: every write point, every case
RECORDS = ["hifisch-2p.fish", "hecht-2p.fish", "yofish-3p-basic.fish", "hifisch-3p.fish", "hecht-3p.fish",
           "yofish-3p-basic.fish", "hecht-2p.fish"]


def texts(names=RECORDS):
    out = []
    for name in names:
        with open(os.path.join(ROOT, "records", name)) as f:
            out.append(f.read())
    return out


@pytest.fixture(scope="module")
def games():
    from fw.history_sweep import finished_texts

    return finished_texts(texts())


# kind, loose or journal games, packed games, the argument, torn, stride (here; `make soak`: 1)
CASES = [
    ("take_over", slice(0, 7), slice(0, 0), None, False, 3),
    ("take_over", slice(3, 7), slice(0, 3), None, True, 5),
    ("file", slice(4, 5), slice(0, 4), None, False, 7),
    ("file", slice(4, 5), slice(0, 4), None, True, 11),
    ("delete", slice(0, 0), slice(0, 6), "0003-yofish.fish", False, 1),
    ("delete", slice(0, 0), slice(0, 6), "0006-yofish.fish", True, 1),
    ("trim", slice(0, 0), slice(0, 7), None, False, 1),
]


@pytest.mark.parametrize("case", CASES, ids=["%s-%s" % (c[0], "torn" if c[4] else "lfs") for c in CASES])
def test_power_cut_at_every_write_point_of_the_packed_history(case, games):
    """Small segments (2 KB: a few games each) so that the take-over, the append, Delete and the
    trim cross segments; every game in exactly one place after each cut and boot."""
    from fw.history_sweep import faultfs_sweep

    kind, fresh, packed, arg, torn, stride = case
    cuts, errors, after = faultfs_sweep(kind, games[fresh], games[packed], arg, torn, 1 if SOAK else stride,
                                        seg_max=2048)
    assert errors == [] and cuts > 5, errors[:5]
    if kind == "delete":
        assert arg not in after and len(after) == 5
    elif kind == "trim":
        assert 0 < len(after) < 7
    else:
        assert len(after) == len(games[fresh]) + len(games[packed])
    print("%s %s: %d cuts" % (kind, "torn" if torn else "lfs-model", cuts))


def test_power_cuts_on_the_real_littlefs(fw_runner, games):
    """The same operations on MicroPython's VfsLfs2 (every program and erase, half-done too)."""
    every = [g.decode() for g in games]
    cases = [["take_over", every, [], None],
             ["file", every[6:], every[:6], None],
             ["delete", [], every, "0002-hecht.fish"],
             ["trim", [], every, None]]
    if not SOAK:
        cases = cases[1:]  # `make test`: the take-over of seven games (63 cuts) in `make soak` only
    run = fw_runner("micropython")
    total = 0
    for kind, fresh, packed, arg in cases:
        cuts, errors, after = run.call("history_sweep.lfs_sweep", kind, fresh, packed, arg, 40, 1,
                                       heapsize="8M")
        assert errors == [] and cuts >= 1, (kind, errors[:5])
        print("real LittleFS %s: %d cuts" % (kind, cuts))
        total += cuts
    print("real LittleFS: %d cuts" % total)


def test_the_take_over_keeps_numbers_and_bytes_and_the_history_reads_both_forms(games, tmp_path):
    from devices.faultfs import FaultFs
    from fw.history_sweep import inventory, write_loose

    fs = FaultFs()
    write_loose(fs, "/data", games)
    loose = inventory(Store(fs))  # (read before the boot: the old form)
    assert [name for name, _ in loose] == ["%04d-%s.fish" % (7 - i, n.split("-")[0]) for i, n in
                                           enumerate(RECORDS[::-1])]
    Store(fs).resume()
    assert inventory(Store(fs)) == loose
    assert sorted(n for n in fs.files if n.startswith("/data/history/")) == [
        "/data/history/S0001.seg", "/data/history/index.bin"]


def test_a_damaged_index_record_hides_only_itself(games):
    from devices.faultfs import FaultFs
    from fw.history_sweep import write_loose

    fs = FaultFs()
    write_loose(fs, "/data", games)
    store = Store(fs)
    store.resume()
    data = bytearray(fs.files["/data/history/index.bin"])
    data[2 * history.REC + 5] ^= 4
    fs.files["/data/history/index.bin"] = bytes(data)
    names = store.history()
    assert names[4] == "?2" and len(names) == 7
    for name in names:
        if name[0] != "?":
            assert store.history_game(name).game.over
    with pytest.raises(OSError):
        store.history_game("?2")
    store.delete_history("?2")
    assert len(store.history()) == 6 and "?2" not in store.history()


def test_a_history_that_is_a_file_shows_no_games_under_cpython(tmp_path):
    """Issue 35 (5): `history` a file: the History screen said "'list' object cannot be
    interpreted as an integer" under CPython; now no games, as under MicroPython."""
    from fishtable.store.fs import OsFs

    root = tmp_path / "data"
    root.mkdir()
    (root / "history").write_text("junk")
    store = Store(OsFs(), str(root))
    shelf = history.Shelf(store.fs, store.history_dir)
    assert len(shelf) == 0 and store.history() == []
    from fishtable.ui.history import history_screen

    class App:
        pass

    app = App()
    app.store = store
    assert type(history_screen(app)).__name__ == "Info"


def test_stats_shows_each_players_last_game_date(tmp_path):
    """Stats: a player's page gives the date of their last game (found in the history by seeking),
    or its number when the game has no date."""
    from benchlib import histbench
    from simlib.rig import Rig

    from fishtable.events import NEXT

    dated = histbench.realistic(os.path.join(ROOT, "records"), 2)  # Anna... with dates
    root = tmp_path / "board"
    histbench.build(str(root / "data"), 6, dated, loose=True)  # the old form: taken over at boot
    for game in ("hifisch", "hecht", "yofish"):
        os.remove(str(root / "data" / "stats" / (game + ".txt")))  # rebuilt from the history
    rig = Rig(str(root), seed=3)
    rig.menu("Stats")
    rig.menu("Hecht")
    rig.press(NEXT)
    from simlib.device import reader

    text = " ".join(reader().read(rig.glass()).text().split())
    assert "Last 2026-02-02" in text or "Last 2026-01-01" in text, text
