"""Power cuts at every write point of a game's finish: after the reboot every game is counted in
the statistics exactly once, and the next game too (host_tests/stats_sweep.py does the work)."""

import glob
import os
import sys

import mprun
from fishtable.core.stats import Table
from fishtable.store import Store, settings
from fishtable.store import stats as stats_mod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICES = os.path.join(ROOT, "tools", "devices")
HOST_TESTS = os.path.join(ROOT, "host_tests")
for _path in (DEVICES, HOST_TESTS):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import stats_sweep  # noqa: E402

RECORDS = {os.path.basename(p)[:-5]: p for p in glob.glob(os.path.join(ROOT, "records", "*.fish"))}
# finished first, then the game whose finish is cut (journalled in parts), then one more
CASE = ("hecht-2p", "hifisch-2p", "yofish-3p-basic", "hecht-3p", "hifisch-3p")
TORN_STRIDE = 10


def texts(names=CASE):
    found = []
    for name in names:
        with open(RECORDS[name]) as handle:
            found.append(handle.read())
    return found


def test_every_write_point_of_a_finish_littlefs():
    points, cases, errors = stats_sweep.sweep_traced(texts(), torn=False)
    assert errors == []
    assert points > 1500 and cases >= 8  # the journal's rewrite, the move, the stats file's three steps


def test_every_write_point_of_a_finish_torn_writes():
    points, cases, errors = stats_sweep.sweep_traced(texts(), torn=True, stride=TORN_STRIDE)
    assert errors == []
    assert cases > points // TORN_STRIDE


def test_real_power_cuts_in_a_finish_then_carrying_on():
    for torn in (False, True):
        cuts, errors = stats_sweep.sweep_cut(texts(), torn, stride=11)
        assert errors == [] and cuts > 150


# -- the sweep finds broken stores ---------------------------------------------------------------
class NoCatchUp(Store):
    """Broken: opening the statistics reads the file only; nothing repairs a cut before the count."""

    def stats(self, game):
        return stats_mod.load(self.fs, stats_mod.path_of(self.root, game), game, self.buf)


def in_place(fs, path, lines):
    """Broken: a checked file rewritten in place (no temporary file, no backup)."""
    handle = fs.open(path, "w")
    for line in lines:
        handle.write(line + "\n")
    handle.write("check=0\n")
    handle.close()


def trusting(fs, path, take, forget, buf=None):
    """Broken: a loader that takes whatever lines it finds, checked or not."""
    settings.read_lines(fs, path, take, buf)
    return True


def test_the_sweep_catches_broken_stores(monkeypatch):
    monkeypatch.setattr(stats_sweep, "Store", NoCatchUp)
    assert stats_sweep.sweep_traced(texts(), torn=False)[2] != []
    monkeypatch.setattr(stats_sweep, "Store", Store)
    # A stats file written in place and torn is damaged, so it is rebuilt from the history ...
    monkeypatch.setattr(settings, "save_lines", in_place)
    assert stats_sweep.sweep_traced(texts(), torn=True, stride=4 * TORN_STRIDE)[2] == []
    # ... unless the loader trusts a file without its check.
    monkeypatch.setattr(settings, "read_either", trusting)
    assert stats_sweep.sweep_traced(texts(), torn=True, stride=4 * TORN_STRIDE)[2] != []


def test_the_sweep_under_micropython():
    """The same sweep inside the unix port, on smaller games."""
    code = """
import gc, sys
sys.path.insert(0, %r)
sys.path.insert(0, %r)
import fishtable.store.journal, fishtable.store.roster, fishtable.store.stats
import stats_sweep
stats_sweep.Store.lean = False  # one compile of the stats code, not one a finish (the board loads .mpy)
import fishtable.core.hifisch, fishtable.core.yofish, fishtable.store.stats, fishtable.core.stats
gc.collect()
texts = [open(p).read() for p in %r]
points, cases, errors = stats_sweep.sweep_traced(texts, False)
print(points, cases, errors[:2])
gc.collect()
cuts, errors = stats_sweep.sweep_cut(texts, True, 23)
print(cuts, errors[:2])
""" % (DEVICES, HOST_TESTS, [RECORDS[n] for n in ("hifisch-2p", "hifisch-3p", "yofish-3p-basic")])
    # 256K: the 64-bit port compiles these modules from source in the same heap (the board loads .mpy)
    out = mprun.run_code("micropython", code, heapsize="256K").split("\n")
    points, cases, rest = out[0].split(" ", 2)
    assert rest == "[]" and int(points) > 500 and int(cases) >= 8
    cuts, rest = out[1].split(" ", 1)
    assert rest == "[]" and int(cuts) == (int(points) - 1) // 23 + 1


def test_expected_tables_are_not_empty():
    files, dirs, match, after, want = stats_sweep.prepare(texts(), False)
    assert [want[g].games for g in ("hifisch", "hecht", "yofish")] == [1, 2, 1]
    assert isinstance(want["hecht"], Table) and len(want["hecht"].names) == 5
