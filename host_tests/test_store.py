"""The store: journal, resume and repair, undo, history, settings (fishtable.store)."""

import importlib
import os
import random
import re
import subprocess
import sys

import pytest
from devices.faultfs import FaultFs
from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.core.match import Match
from fishtable.core.record import read_text
from fishtable.core.summary import summary_line
from fishtable.session import OVER, Session
from fishtable.store import OsFs, Store, history

ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

J = "/data/journal.fish"
BAD = "/data/journal.bad"
MOVES = [("place", 7, 1), ("cover", 12, 11), ("place", 3, 0), ("cover", 9, 2), ("place", 5, 3)]


def new_match():
    return Match("yofish", 3, 2, [("advanced", ())])


def play(session, stmts):
    for stmt in stmts:
        session.play(stmt)


def started(stmts=MOVES):
    """(flash, store, session): a game begun and `stmts` played through the session, as the app does."""
    fs = FaultFs()
    session = Session(Store(fs))
    session.begin(new_match())
    play(session, stmts)
    return fs, session.store, session


def resumed(fs):
    return Store(fs.reboot()).resume()


def journal_bytes(fs, root="/data"):
    """The journal as it reads: journal.fish, then its parts in order."""
    data = fs.files[root + "/journal.fish"]
    found = re.search(rb"\n# --- ([0-9]+) #", data)
    index = 1
    while found:
        part = "%s/journal.d/%s-%d.part" % (root, found.group(1).decode(), index)
        if part not in fs.files:
            break
        data += fs.files[part]
        index += 1
    return data


def last_file(fs, root="/data"):
    """The path of the journal's last file (the last part, else journal.fish)."""
    parts = [p for p in fs.files if p.startswith(root + "/journal.d/")]
    parts.sort(key=lambda p: int(p.split("-")[-1][:-5]))
    return parts[-1] if parts else root + "/journal.fish"


def set_journal(fs, data, root="/data"):
    """Make `data` the whole journal: journal.fish alone, no parts."""
    for path in [p for p in fs.files if p.startswith(root + "/journal.d/")]:
        del fs.files[path]
    fs.files[root + "/journal.fish"] = data


def text_of(fs, path=J):
    return journal_bytes(fs).decode() if path == J else fs.files[path].decode()


def plain(lines):
    """Record lines without the journal's `# ---` and `# part` marks and line checks."""
    return [re.sub(r" #[0-9a-f]{4}$", "", line) for line in lines if not line.startswith(("# ---", "# part"))]


# -- the journal is a plain record ----------------------------------------------------------
def test_journal_is_the_game_record_line_for_line():
    fs, store, session = started()
    lines = list(session.match.lines())
    written = text_of(fs).split("\n")
    assert written[-1] == "" and written[5].startswith("# --- 1 #")
    assert plain(written[:-1]) == lines
    assert all(re.search(r"[^ #] #[0-9a-f]{4}$", line) for line in written[:5] + written[6:-1])
    assert read_text(text_of(fs)).statements == MOVES
    assert fs.bytes_written == len(text_of(fs))  # the header once, then one line a statement


def test_resume_rebuilds_the_match():
    fs, store, session = started()
    got, message = resumed(fs)
    assert message is None
    assert got.statements == session.match.statements and summary_line(got) == summary_line(session.match)
    assert (got.name, got.players, got.start, got.options) == ("yofish", 3, 2, [("advanced", ())])


def test_missing_journal_and_stale_temp_file():
    fs = FaultFs()
    assert Store(fs).resume() == (None, None)
    assert sorted(fs.dirs) == ["/", "/data", "/data/history", "/data/journal.d", "/data/stats"]  # a first start
    fs.files["/data/journal.fish.tmp"] = b"fishtable 1\ngame yo"
    assert Store(fs).resume() == (None, None)
    assert not fs.exists("/data/journal.fish.tmp")


def test_undo_before_or_after_the_match_undo_journals_the_same():
    for before in (True, False):
        fs, store, session = started()
        if before:
            session.undo()  # the journal first, then the state: as the app undoes
        else:
            session.match.undo()
            store.undo(session.match)
        assert read_text(text_of(fs)).statements == MOVES[:-1]
        play(session, [("place", 1, 0)])
        assert read_text(text_of(fs)).statements == MOVES[:-1] + [("place", 1, 0)]


def test_undo_down_to_the_header():
    fs, store, session = started(MOVES[:1])
    session.undo()
    got, message = resumed(fs)
    assert got.statements == [] and message is None


def test_append_without_a_known_journal_rewrites_it_whole():
    fs, store, session = started(MOVES[:2])
    store.discard()
    assert not fs.exists(J)
    play(session, MOVES[2:3])
    assert read_text(text_of(fs)).statements == MOVES[:3]
    session.store = Store(fs)  # a store that never saw this journal
    play(session, MOVES[3:4])
    assert read_text(text_of(fs)).statements == MOVES[:4]


def test_begin_replaces_the_game_in_progress():
    fs, store, _ = started()
    fresh = Match("yofish", 4)
    store.begin(fresh)
    got, _ = resumed(fs)
    assert got.players == 4 and got.statements == []


# -- damage and repair ----------------------------------------------------------------------
def damaged(tail, stmts=MOVES):
    fs, store, _ = started(stmts)
    fs.files[last_file(fs)] += tail
    original = journal_bytes(fs)
    got, message = Store(fs).resume()
    return fs, got, message, original


def assert_repaired(fs, got, message, original, stmts, lost):
    """`lost`: the moves the message says were lost (None: "some", nothing proves how many)."""
    assert got.statements == stmts
    if lost is None:
        assert message == "Journal repaired: some moves lost"
    else:
        assert message == "Journal repaired: %d move%s lost" % (lost, "" if lost == 1 else "s")
    after = fs.reboot()
    assert after.files[BAD] == original  # the damaged original kept aside
    assert read_text(after.files[J].decode()).statements == stmts
    again, note = Store(after).resume()  # the repair is durable
    assert note is None and again.statements == stmts


def test_torn_last_line_is_dropped_even_when_it_reads_as_a_statement():
    fs, store, _ = started()
    fs.files[last_file(fs)] += b"cover 12 1"  # the start of "cover 12 11": valid, but its newline never came
    store = Store(fs)
    got, message = store.resume()
    assert got.statements == MOVES
    assert message == "Journal repaired: 1 move lost"
    assert fs.files[BAD].endswith(b"cover 12 1")
    assert re.search(rb"\nplace 5 3 #[0-9a-f]{4}\n# part 1 5 #[0-9a-f]{4}\n$", fs.files[J])  # its first part promised


def test_random_garbage_is_cut_off_at_the_last_good_statement():
    rng = random.Random(3)
    garbage = bytes(rng.randrange(256) for _ in range(300)) + b"\nplace 1 0\n\xff\xfe\n"
    fs, got, message, original = damaged(garbage)
    assert_repaired(fs, got, message, original, MOVES, None)  # junk lines are not counted as moves


def test_garbage_in_the_middle_loses_everything_after_it():
    fs, store, _ = started()
    text = text_of(fs).replace("place 3 0 #", "pl\x00ce 3 0 #")
    set_journal(fs, text.encode())
    got, message = Store(fs).resume()
    assert got.statements == MOVES[:2] and message == "Journal repaired: 3 moves lost"


@pytest.mark.parametrize(
    "line",
    ["cover 3 9", "place 100 1", "fish 3", "option advanced", "players 4", "hidden 1 3", "place 7", "# ok\n\nplace"],
)
def test_a_statement_the_rules_refuse_is_damage(line):
    fs, got, message, original = damaged((line + "\n").encode())
    assert_repaired(fs, got, message, original, MOVES, None)  # lines without checks prove no move


def test_a_valid_line_without_its_check_is_damage():
    fs, got, message, original = damaged(b"place 1 0\n")
    assert_repaired(fs, got, message, original, MOVES, None)


def test_an_overlong_line_is_damage():
    fs, got, message, original = damaged(b"place 1 " + b"0" * 500 + b"\nplace 2 0\n")
    assert_repaired(fs, got, message, original, MOVES, None)


def test_a_file_cut_anywhere():
    fs, store, _ = started()
    data = journal_bytes(fs)
    mark = data.index(b"\n", data.index(b"# --- ")) + 1
    for cut in range(len(data) + 1):
        probe = FaultFs(files={J: data[:cut]}, dirs={"/", "/data"})
        got, message = Store(probe).resume()
        torn = cut > 0 and data[cut - 1 : cut] != b"\n"
        if cut < mark:  # the header may have lost lines: not resumed, moved aside
            assert got is None and message == "Journal unreadable: game lost", cut
            assert probe.files[BAD] == data[:cut] and J not in probe.files
            continue
        whole = [line for line in data[mark:cut].split(b"\n")[:-1] if not line.startswith(b"# part")]
        assert got.statements == MOVES[: len(whole)], cut
        assert (got.start, got.options) == (2, [("advanced", ())])
        marks = [line for line in data[mark:cut].split(b"\n")[:-1] if line.startswith(b"# part")]
        promised = len(marks) % 2 == 1  # the last whole line promises a part that is not there
        assert message == ("Journal repaired: 1 move lost" if torn else "Journal repaired: some moves lost" if promised
                           else None), cut


@pytest.mark.parametrize("torn", [False, True])
def test_a_power_cut_during_the_repair_repairs_again(torn):
    fs, store, _ = started()
    fs.files[last_file(fs)] += b"garbage\xff\nplace 1"
    whole = len(journal_bytes(fs))
    cut = 0
    while True:
        probe = FaultFs(cut_at=cut, torn=torn, files=fs.files, dirs=fs.dirs)
        try:
            message = Store(probe).resume()[1]
        except BaseException as err:  # the PowerCut
            assert type(err).__name__ == "PowerCut"
            message = None
        again, note = Store(probe.reboot()).resume()
        assert again.statements == MOVES, cut
        assert note in (None, "Journal repaired: some moves lost"), cut
        if message:  # the repair ran to its end
            assert note is None
            break
        cut += 1
    assert cut > whole  # the damaged journal was copied aside byte by byte first


def test_unreadable_header_moves_the_journal_aside():
    fs = FaultFs(files={J: b"fishtable 1\ngame chess\nplayers 2\n"}, dirs={"/", "/data"})
    assert Store(fs).resume() == (None, "Journal unreadable: game lost")
    assert fs.files[BAD].startswith(b"fishtable 1") and J not in fs.files
    assert Store(fs).resume() == (None, None)


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    ops=st.lists(st.tuples(st.sampled_from(["flip", "cut", "insert", "delete"]), st.integers(0, 10**6)), max_size=4),
)
def test_property_any_damage_resumes_a_valid_game_without_crashing(data, ops):
    fs, store, _ = started()
    raw = bytearray(journal_bytes(fs))
    for kind, at in ops:
        at = at % (len(raw) + 1)
        if kind == "flip" and at < len(raw):
            raw[at] = data.draw(st.integers(0, 255))
        elif kind == "cut":
            del raw[at:]
        elif kind == "insert":
            raw[at:at] = data.draw(st.binary(max_size=20))
        elif kind == "delete":
            del raw[at : at + data.draw(st.integers(1, 20))]
    set_journal(fs, bytes(raw))
    got, message = Store(fs).resume()
    if got is None:
        assert message in (None, "Journal unreadable: game lost")
        return
    again, note = Store(fs.reboot()).resume()
    assert note is None
    assert again.statements == got.statements and summary_line(again) == summary_line(got)
    if message is None:  # nothing was damaged: the journal reads as it is
        assert read_text(bytes(raw).decode()).statements == got.statements
    else:
        assert message.startswith("Journal repaired: ") and fs.files[BAD] == bytes(raw)


# -- history --------------------------------------------------------------------------------
def finished_game(store, seed):
    """A random Yo Fish! game played to its end through a session (its last statement moves it
    into the history); (the match, its history file name)."""
    rng = random.Random(seed)
    match = Match("yofish", 3, 1 + seed % 3)
    session = Session(store)
    session.begin(match)
    while True:
        try:
            if session.play(("place", rng.randint(1, 99), rng.randint(0, 4))) & OVER:
                break
        except Exception as refused:  # a move the rules refuse (more matches than cards in the middle)
            if type(refused).__name__ != "Invalid":  # (by name: an earlier test may have reloaded the rules)
                raise
    return match, store.history()[0]


def test_finish_moves_the_record_into_the_history():
    fs = FaultFs()
    store = Store(fs)
    match, name = finished_game(store, 1)
    assert name == "0001-yofish.fish" and store.history() == [name]
    assert plain(history.lines(store.fs, store.history_dir, name)) == list(match.lines())
    assert store.history_game(name).statements == match.statements
    assert store.resume() == (None, None)
    _, second = finished_game(store, 2)
    assert store.history() == ["0002-yofish.fish", "0001-yofish.fish"]


def test_history_budget_drops_the_oldest_segment_first(monkeypatch):
    monkeypatch.setattr(live_history(), "SEG_MAX", 1024)  # a few games a segment
    fs = FaultFs()
    store = Store(fs, history_budget=4 * 4096)  # each file takes whole 4 KB flash blocks
    names = [finished_game(store, seed)[1] for seed in range(12)]
    kept = store.history()
    assert kept == names[::-1][: len(kept)] and 2 <= len(kept) < 12
    assert filing().total(store.fs, store.history_dir) <= 4 * 4096
    assert len(filing().segments(fs, store.history_dir)) == 3  # and the index
    tiny = Store(fs, history_budget=10)
    _, last = finished_game(tiny, 20)
    assert tiny.history()[0] == last and len(filing().segments(fs, store.history_dir)) == 1  # the newest kept


def test_the_packed_history_leaves_free_space_and_holds_far_more_games():
    fs = FaultFs(capacity=24 * 4096)
    store = Store(fs, history_budget=10**6, min_free=8 * 4096)
    names = [finished_game(store, seed)[1] for seed in range(30)]
    assert store.history() == names[::-1]  # (one file a game: 4 < kept < 20 in 20 blocks)
    assert fs.free("/data") >= 8 * 4096


def live_history():
    """The filing module the store imports now (another test's app may have forgotten the one
    imported before: the firmware drops modules between uses)."""
    return importlib.import_module("fishtable.store.filing")


filing = live_history


def fill(fs):
    """Fill a FaultFs to its capacity with one junk file (nothing more fits)."""
    fs.files["/junk"] = bytes(len(fs.files.get("/junk", b"")) + fs.free("/"))
    assert fs.free("/") == 0


def test_a_full_flash_drops_the_only_history_game_to_save_the_game_in_progress():
    """One finished game in the history, the flash full: a new game's first write drops that game
    (it was kept as "the newest" before, so nothing was freed and the game could not start), and
    its journal is then on flash; the numbering goes on above the dropped game."""
    from fishtable.store.fs import FlashFull

    fs = FaultFs(capacity=64 * 4096, full=True)
    store = Store(fs, min_free=4096)
    _, first = finished_game(store, 1)
    fill(fs)
    with pytest.raises(OSError):
        fs.open("/data/x", "w")  # the model refuses as LittleFS does
    match = Match("yofish", 3)
    store.begin(match)
    assert store.history() == [] and list(store.resume()[0].header_lines()) == list(match.header_lines())
    stmt = ("place", 5, 0)
    store.append(match, stmt)  # (the finished game's old parts went first)
    match.submit(stmt)
    fill(fs)
    with pytest.raises(FlashFull):  # nothing left to drop now: a new part does not fit
        for _ in range(20):
            store.append(match, stmt)
            match.submit(stmt)
    played = list(match.statements)
    assert store.resume()[0].statements == played  # nothing lost, nothing half-written
    del fs.files["/junk"]
    while not match.game.over:
        stmt = ("place", 7, 1)
        store.append(match, stmt)
        match.submit(stmt)
    assert store.finish(match) == "0002-yofish.fish" and first == "0001-yofish.fish"


def test_history_make_room_drops_the_oldest_segment_the_last_too(monkeypatch):
    monkeypatch.setattr(live_history(), "SEG_MAX", 1024)
    fs = FaultFs(capacity=64 * 4096, full=True)
    store = Store(fs, min_free=2 * 4096)
    names = [finished_game(store, seed)[1] for seed in range(8)]
    fill(fs)
    segs = filing().segments(fs, store.history_dir)
    assert len(segs) >= 2
    gone = filing().make_room(fs, store.history_dir, 2 * 4096)
    assert store.history() == names[::-1][: len(names) - gone] and gone
    while store.history():
        assert filing().make_room(fs, store.history_dir, 10 * 4096)
    assert filing().make_room(fs, store.history_dir, 10 * 4096) == 0
    assert filing().segments(fs, store.history_dir) == []


def test_history_games_replay_with_tools_replay(tmp_path):
    store = Store(OsFs(), str(tmp_path))
    matches = [finished_game(store, seed)[0] for seed in range(3)]
    for match, name in zip(matches[::-1], store.history()):
        path = str(tmp_path / name)
        with open(path, "w") as out:
            out.write("\n".join(history.lines(store.fs, store.history_dir, name)) + "\n")
        out = subprocess.run(
            [sys.executable, os.path.join(ROOT_DIR, "tools", "replay.py"), path], capture_output=True, text=True
        )
        assert out.returncode == 0 and out.stdout == summary_line(match) + "\n"


def test_history_lines_refuses_paths():
    store = Store(FaultFs())
    with pytest.raises(OSError):
        list(history.lines(store.fs, store.history_dir, "../journal.fish"))


# -- settings -------------------------------------------------------------------------------
DEFAULTS = {"brightness": 3, "sound": True, "name": "kitchen", "game": "hecht"}


def test_settings_round_trip_with_types_and_defaults():
    fs = FaultFs()
    store = Store(fs)
    assert store.load_settings(DEFAULTS) == DEFAULTS
    store.save_settings({"brightness": 5, "sound": False, "name": "a b=c", "old": 1})
    got = Store(fs.reboot()).load_settings(DEFAULTS)
    assert got == {"brightness": 5, "sound": False, "name": "a b=c", "game": "hecht"}


def test_damaged_settings_fall_back_to_the_previous_then_the_defaults():
    fs = FaultFs()
    store = Store(fs)
    store.save_settings({"brightness": 1})
    store.save_settings({"brightness": 2})
    path = "/data/settings.txt"
    good = fs.files[path]
    for bad in (good.replace(b"2", b"7", 1), good[:-3], b"\xff\x00garbage", good + b"x=1\n", b""):
        fs.files[path] = bad
        assert store.load_settings(DEFAULTS)["brightness"] == 1, bad
    fs.files["/data/settings.bak"] = b"brightness=9\n"  # no check line: not trusted
    assert store.load_settings(DEFAULTS) == DEFAULTS
    del fs.files[path]
    del fs.files["/data/settings.bak"]
    assert store.load_settings(DEFAULTS) == DEFAULTS


def test_settings_with_a_wrong_type_keep_the_default():
    fs = FaultFs()
    store = Store(fs)
    store.save_settings({"brightness": "high", "name": 5})
    assert store.load_settings(DEFAULTS) == dict(DEFAULTS, name="5")


@pytest.mark.parametrize("torn", [False, True])
def test_settings_survive_a_power_cut_at_every_write_point(torn):
    old = {"brightness": 2, "sound": False, "name": "old", "game": "yofish"}
    new = {"brightness": 4, "sound": True, "name": "new one", "game": "hecht"}
    base = FaultFs(torn=torn)
    Store(base).save_settings(old)
    total = None
    cut = 0
    while total is None or cut <= total:
        fs = FaultFs(cut_at=cut, torn=torn, files=base.files, dirs=base.dirs)
        try:
            Store(fs).save_settings(new)
            total = fs.points
        except BaseException as err:  # the PowerCut
            assert type(err).__name__ == "PowerCut"
        got = Store(fs.reboot()).load_settings(DEFAULTS)
        assert got in (old, new), (cut, got)
        if total is not None and cut == total:
            assert got == new
        cut += 1
    assert total > 50


# -- the real filesystem under both interpreters --------------------------------------------
def test_real_os_filesystem_under_both_interpreters(run_fw, tmp_path):
    assert run_fw.call("store.real_os", str(tmp_path / "data")) == [
        "[('place', 7, 1), ('cover', 12, 11)] Journal repaired: 1 move lost",
        "None cover 12 1",
        "0001-yofish.fish",
        "0002-yofish.fish",
        "0003-yofish.fish",
        "['0003-yofish.fish', '0002-yofish.fish', '0001-yofish.fish'] (None, None)",  # one segment
        "True",
    ]


# -- a filesystem whose rename cannot replace (CircuitPython's FAT drive) -----------------------
class RefusingOs:
    """`os` for fishtable.cp.storage: a rename onto an existing file is refused, as on FAT;
    every operation is logged and the power can be cut before the operation number `cut`."""

    def __init__(self, fs, cut=None):
        self.fs, self.cut, self.log = fs, cut, []

    def _op(self, *what):
        if self.cut is not None and len(self.log) == self.cut:
            raise KeyboardInterrupt("power cut")
        self.log.append(what)

    def rename(self, old, new):
        if self.fs.exists(new):
            raise OSError(17, "EEXIST")
        self._op("rename", old, new)
        self.fs.rename(old, new)

    def remove(self, path):
        self._op("remove", path)
        self.fs.remove(path)


def fat_fs(monkeypatch, fs, cut=None):
    """A CpFs over the FaultFs `fs` with FAT's refusing rename."""
    from fishtable.cp import storage

    fake = RefusingOs(fs, cut)
    monkeypatch.setattr(storage, "os", fake)

    class FatFs(storage.CpFs):
        def open(self, path, mode):
            return fs.open(path, mode)

        def exists(self, path):
            return fs.exists(path)

        def listdir(self, path):
            return fs.listdir(path)

        def mkdir(self, path):
            fs.mkdir(path)

        def size(self, path):
            return fs.size(path)

        def remove(self, path):
            fs.remove(path)

        def free(self, path):
            return None

    return FatFs(), fake


def test_fat_rename_moves_the_old_file_aside_and_removes_it_last(monkeypatch):
    fs, store, session = started()
    fat, fake = fat_fs(monkeypatch, fs)
    store.fs = fat
    session.undo()
    assert fake.log == [("rename", J, J + ".old"), ("rename", J + ".tmp", J), ("remove", J + ".old")]
    assert read_text(text_of(fs)).statements == MOVES[:-1]


@pytest.mark.parametrize("cut", [0, 1, 2])
def test_power_cut_inside_a_fat_rename_resumes_before_or_after_the_undo(monkeypatch, cut):
    fs, store, session = started()
    fat, fake = fat_fs(monkeypatch, fs, cut)
    store.fs = fat
    with pytest.raises(KeyboardInterrupt):
        session.undo()  # the store rewrites the journal without its last statement
    got, message = Store(fs).resume()
    # the temp file was closed before the old journal moved aside: after the first step the
    # undo is complete on flash; before it, nothing happened
    expected = MOVES if cut == 0 else MOVES[:-1]
    assert got is not None and got.statements == expected and message is None
    assert sorted(fs.listdir("/data")) == ["history", "journal.d", "journal.fish", "stats"]  # (folders: a start)
    # the old generation's part is gone; the new one's first part is made (empty) before it is promised
    assert fs.listdir("/data/journal.d") == (["2-1.part"] if cut else ["1-1.part"])


def test_the_journal_reads_through_a_buffer_as_large_as_a_record_line():
    from fishtable import store
    from fishtable.core import record

    assert store.BUFFER == record.BUFFER
