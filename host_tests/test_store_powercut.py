"""Power cuts at every write point of whole games: the resumed game is always the last accepted one.

Every record in records/*.fish (and a whole random game of each game) is played through
the store (with undo steps) on the flash model tools/devices/faultfs.py; the power is cut
at every byte and every commit.  CPython runs every point of every record in-process
(the torn model at a stride past a budget); MicroPython runs one record through the same
store code in the Pico's heap (all points from snapshots, and real cuts at a stride).
"""

import glob
import os

import pytest
from fw.store_sweep import CANDIDATES, count_points, random_game, script_of, sweep_cut, sweep_traced

from fishtable.core.errors import Invalid, RecordError
from fishtable.core.record import read_text
from fishtable.store import Store, journal
from fishtable.store.fs import remove_if_there
from fishtable.store.journal import checked, journal_lines

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RECORDS = sorted(glob.glob(os.path.join(ROOT, "records", "*.fish")))

def record_text(path):
    with open(path) as handle:
        return handle.read()


def readable(text):
    """Skip a record whose game's rules core is not there yet."""
    try:
        read_text(text)
    except RecordError as err:
        if "not implemented" in str(err):
            pytest.skip(str(err))
        raise


def synthetic(name, players, seed=1):
    """A whole game of `name` as a record, from a random walk (None if the core cannot play it yet)."""
    match = random_game(name, players, seed)
    if len(match.statements) < 10:
        return None
    return "\n".join(match.lines()) + "\n"


def cases():
    found = [(os.path.basename(p), p) for p in RECORDS]
    for name in ("hifisch", "hecht"):
        found.append(("synthetic-" + name, name))
    return found


CASES = cases()
# The LittleFS model is swept at every point of every record.  The torn model makes every byte a
# distinct case to resume, so it shares a budget of 40000 resumes: past its share, a record is
# swept at a stride (still every byte of the smaller records).
TORN_POINTS = max(2500, 40000 // len(CASES))


def case_text(source):
    if source in CANDIDATES:
        try:
            text = synthetic(source, 3)
        except Invalid as err:
            pytest.skip(str(err))
        if text is None:
            pytest.skip("no playable %s core yet" % source)
        return text
    text = record_text(source)
    readable(text)
    return text


def test_records_are_there():
    assert any(os.path.basename(p).startswith("yofish-") for p in RECORDS)


@pytest.mark.parametrize("torn", [False, True], ids=["littlefs", "torn"])
@pytest.mark.parametrize("label, source", CASES, ids=[c[0] for c in CASES])
def test_every_write_point_resumes_the_last_accepted_state(label, source, torn):
    text = case_text(source)
    header, ops = script_of(text)
    assert sum(1 for op in ops if op[0] == "undo") >= 5
    total = count_points(header, ops)[0]
    stride = (total + TORN_POINTS) // TORN_POINTS if torn else 1
    points, resumed, errors = sweep_traced(text, torn, stride=stride)
    assert errors == []
    assert points == total + 1
    assert resumed > (points // (2 * stride) if torn else len(ops))


@pytest.mark.parametrize("label, source", CASES, ids=[c[0] for c in CASES])
def test_real_power_cuts_then_carrying_on_gives_the_whole_game(label, source):
    text = case_text(source)
    header, ops = script_of(text)
    total = count_points(header, ops)[0]
    for torn in (False, True):
        cuts, errors = sweep_cut(text, torn, stride=max(1, total // 60), first=1 if torn else 0)
        assert errors == [] and cuts > 30


# -- the sweep finds broken stores ------------------------------------------------------------
class UndoInPlace(Store):
    """Broken: rewrites the journal in place on undo (no temporary file)."""

    def undo(self, match):
        keep = len(match.statements) - 1
        gen = journal._next_gen(self)
        handle = self.fs.open(self.journal_path, "w")
        for line in journal_lines(match, keep, None, self._chain, gen):
            handle.write(line + "\n")
        handle.close()
        self._gen, self._part, self._stale, self._count = gen, 0, True, keep


class AppendWithoutCommit(Store):
    """Broken: leaves the journal's part open after an append (nothing committed until later)."""

    def append(self, match, stmt):
        if self._count != len(match.statements) or self._part == 0:
            return Store.append(self, match, stmt)
        text, value = checked(self._chain[0], match.line_of(stmt))
        handle = self.fs.open(self._part_path(self._gen, self._part), "a")
        handle.write(text + "\n")
        self._chain[0] = value
        self._count += 1
        self.leaked = handle


class DiscardThenBegin(Store):
    """Broken: deletes the journal before writing the new one."""

    def begin(self, match):
        remove_if_there(self.fs, self.journal_path)
        self.fs.mkdir(self.root) if not self.fs.exists(self.root) else None
        gen = journal._next_gen(self)
        handle = self.fs.open(self.journal_path, "w")
        handle.write("\n".join(journal_lines(match, 0, None, self._chain, gen)) + "\n")
        handle.close()
        self._gen, self._part, self._stale, self._count = gen, 0, True, 0


def test_the_sweep_catches_broken_stores():
    text = record_text(min(RECORDS, key=os.path.getsize))
    assert sweep_traced(text, torn=False, store_class=UndoInPlace)[2] == []  # LittleFS commits on close
    assert sweep_traced(text, torn=True, store_class=UndoInPlace)[2] != []
    assert sweep_traced(text, torn=False, store_class=AppendWithoutCommit)[2] != []
    assert sweep_traced(text, torn=True, store_class=DiscardThenBegin)[2] != []


# -- the same store code under MicroPython ------------------------------------------------------
def test_micropython_sweeps_one_record(fw_runner, mpy_firmware):
    """CPython runs the sweeps in-process above; here the unix port runs one record, the firmware
    loaded from .mpy as on the board.  The heap is 512 KB, not the Pico's 192 KB: on top of the
    firmware it holds the sweep's own code compiled from source, the in-memory flash and every
    expected state, and the thousands of resumes tear it (it passed at 192 KB with a few KB to
    spare, then at 256 KB until the played-time code came: the live heap stays near 140 KB, yet a
    640-byte block found no room below 512 KB).  The firmware's own heap is measured by the bench
    and the soak."""
    yofish = [p for p in RECORDS if os.path.basename(p).startswith("yofish-")]
    first = ("fw.store_sweep", "fishtable.store.stats")  # the sweep's code, then the statistics' (kept)
    out = fw_runner("micropython").call("store_sweep.sweep_record", yofish[0], 11, preload=first,
                                        firmware=mpy_firmware, heapsize="512K")
    points = out[0][0]
    assert out == [[points, 0, []], [points, 0, []], [(points - 1) // 11 + 1, 0, []]]
    assert points > 1000
