"""Power cuts at every write point of a game's finish: after the reboot every game is counted in
the statistics exactly once, and the next game too (host_tests/stats_sweep.py does the work)."""

import glob
import importlib
import os

from fw import stats_sweep

from fishtable import forget_module
from fishtable.core.stats import Table
from fishtable.store import Store, settings
from fishtable.store import stats as stats_mod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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
    # The settings module the store uses now (the app drops it from memory between uses, so an
    # earlier test in this process may have left a newer one than this file imported).
    settings = importlib.import_module("fishtable.store.settings")
    monkeypatch.setitem(globals(), "settings", settings)
    # The stats code binds the settings' loaders when imported: it must be imported anew after the
    # patches below (a sweep module imported earlier in this process may have set Store.lean off).
    monkeypatch.setattr(Store, "lean", True)
    forget_module("fishtable.store.stats")
    monkeypatch.setattr(stats_sweep, "Store", NoCatchUp)
    assert stats_sweep.sweep_traced(texts(), torn=False)[2] != []
    monkeypatch.setattr(stats_sweep, "Store", Store)
    # A stats file written in place and torn is damaged, so it is rebuilt from the history ...
    monkeypatch.setattr(settings, "save_lines", in_place)
    forget_module("fishtable.store.stats")
    assert stats_sweep.sweep_traced(texts(), torn=True, stride=4 * TORN_STRIDE)[2] == []
    # ... unless the loader trusts a file without its check.
    monkeypatch.setattr(settings, "read_either", trusting)
    forget_module("fishtable.store.stats")
    assert stats_sweep.sweep_traced(texts(), torn=True, stride=4 * TORN_STRIDE)[2] != []


def test_the_sweep_under_micropython(fw_runner):
    """The same sweep inside the unix port, on smaller games."""
    paths = [RECORDS[n] for n in ("hifisch-2p", "hifisch-3p", "yofish-3p-basic")]
    # the store's and the rules' code compiled before the sweep (the harness's heap: mprun.HARNESS_HEAP)
    first = ("fishtable.store.journal", "fishtable.store.roster", "fishtable.store.stats", "fw.stats_sweep",
             "fishtable.core.hifisch", "fishtable.core.yofish", "fishtable.core.stats")
    out = fw_runner("micropython").call("stats_sweep.sweep_files", paths, 23, preload=first)
    (points, cases, errors), (cuts, cut_errors) = out
    assert errors == [] and points > 500 and cases >= 8
    assert cut_errors == [] and cuts == (points - 1) // 23 + 1


def test_expected_tables_are_not_empty():
    files, dirs, match, after, want = stats_sweep.prepare(texts(), False)
    assert [want[g].games for g in ("hifisch", "hecht", "yofish")] == [1, 2, 1]
    assert isinstance(want["hecht"], Table) and len(want["hecht"].names) == 5
