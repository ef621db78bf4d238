"""Any fault, round two: a clock that lies, a part that cannot be read, a power cut while a game is
filed, a file where a folder belongs (and the reverse).  Each sweep runs a sample in `make test`
under CPython, the MicroPython unix port and the WebAssembly VM, and in full in `make soak`
(tools/soak.py sets FISHTABLE_FAULTS_FULL)."""

import json
import os

import pytest

import mprun

FULL = bool(os.environ.get("FISHTABLE_FAULTS_FULL"))


SWEEP_SECONDS = 3600 if FULL else 600  # (a full sweep on a loaded machine outlasts mprun's 10 minutes)


def wasm_call(name, *args):
    """host_tests/fw's function `name` in the 32-bit WebAssembly VM (its arguments in the code)."""
    from conftest import BOARD_PATH, CALL

    module, function = name.rsplit(".", 1)
    code = CALL % ("", module, function, repr(json.dumps(args)))
    out = mprun.run_code("wasm", code, path=BOARD_PATH, heapsize="2M", timeout=SWEEP_SECONDS)
    return json.loads(out.strip().split("\n")[-1])


def on(interp, run_fw_or_none, name, *args):
    if interp == "wasm":
        return wasm_call(name, *args)
    return run_fw_or_none.call(name, *args)


# -- 1. a clock that reads an impossible day ----------------------------------------------------
@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm"])
def test_a_clock_gives_only_real_dates_and_every_dated_game_resumes(where, fw_runner):
    """A DS3231 reading 31 February wrote `date 2026-02-31T12:30` into the journal, which the record
    reader refuses: after a power cut the game was lost (on main: 358 of the 1,360 register sets of
    the sample gave a date they do not hold, and their games did not resume)."""
    faults, sets, games = on(where, fw_runner(where) if where != "wasm" else None,
                             "clock_sweep.sweep", FULL, None)
    assert faults == [], "\n".join(faults[:20])
    assert sets == (3704 if FULL else 1360) and games > (2900 if FULL else 90), (sets, games)


# -- 3. a power cut while a finished game is filed, then a new game cut in its first minute -----
RECORDS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "records")


@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm"])
def test_a_new_game_never_resumes_with_the_last_games_minutes(where, fw_runner):
    """played.txt was dropped only after the game was filed and counted: a cut in between left it,
    and the next game, cut in its first minute, resumed with the old game's 37 minutes (on main: 20
    of the 181 states the new game's cuts leave)."""
    with open(os.path.join(RECORDS, "yofish-3p-basic.fish")) as f:
        record = f.read()
    moves = 4 if FULL or where == "cpython" else 1
    faults, filing, states, new, new_states = on(where, fw_runner(where) if where != "wasm" else None,
                                                 "played_sweep.sweep", record, moves)
    assert faults == [], "\n".join(faults[:20])
    assert filing > 800 and states >= 10 and new_states > 10 * (moves + 1), (filing, states, new, new_states)


# -- 2, 6, 7 and issue 36 item 2: a part that cannot be read, marks that prove nothing, no head ----
def _journal_of(record_name):
    """(flash, statements) of the record played on a FaultFs but its last statement (journal_parts)."""
    from fw.journal_parts import _played

    with open(os.path.join(RECORDS, record_name)) as f:
        fs, statements, names = _played(f.read())
    return fs, statements, names


class _Unreadable:
    """Wraps a FaultFs: opening `path` fails with EIO (or EISDIR: a folder in its place)."""

    def __init__(self, fs, path, code=5):
        self.fs, self.path, self.code = fs, path, code

    def open(self, path, mode="r"):
        if path == self.path and "r" in mode:
            raise OSError(self.code)
        return self.fs.open(path, mode)

    def __getattr__(self, name):
        return getattr(self.fs, name)


@pytest.mark.parametrize("code", [5, 21])
def test_a_part_that_cannot_be_read_loses_only_what_it_held(code):
    """EIO (or a folder) at one part of 10 sent the resume into its catch-all: journal.bad held the
    header only, every part was deleted, "Journal unreadable: moved aside" (on main)."""
    from fishtable.store import Store

    fs, statements, names = _journal_of("hecht-2p.fish")
    bad = "/data/journal.d/" + names[4]
    flaky = _Unreadable(fs.reboot(), bad, code)
    match, message = Store(flaky).resume()
    assert match is not None and 0 < len(match.statements) < len(statements)
    assert match.statements == statements[: len(match.statements)]
    assert message.startswith("Journal repaired: ") and message.endswith(" moves lost"), message
    lost = int(message.split()[2])
    assert lost == len(statements) - len(match.statements)  # the marks after it prove the count
    kept = [p for p in flaky.fs.files if p.startswith("/data/damaged/")]
    assert len(kept) == len(names) - 4  # nothing deleted


def test_marks_that_fail_their_check_prove_no_count():
    """A forged `# part 4 999999` gave "999999 lines lost"; 50 junk parts after a whole journal "50
    lines lost" (on main)."""
    from fishtable.store import Store

    fs, statements, names = _journal_of("hecht-2p.fish")
    whole = fs.reboot()
    gen = names[0].split("-")[0]
    del whole.files["/data/journal.d/" + names[2]]
    part = "/data/journal.d/" + names[3]
    whole.files[part] = b"# part 4 999999 #abcd\n" + whole.files[part].split(b"\n", 1)[1]
    match, message = Store(whole).resume()
    assert "999999" not in message and message.startswith("Journal repaired: "), message
    fs2, statements2, names2 = _journal_of("hecht-2p.fish")
    junk = fs2.reboot()
    last = len(names2)
    for i in range(last + 2, last + 52):
        junk.files["/data/journal.d/%s-%d.part" % (gen, i)] = b"junk line\n"
    match, message = Store(junk).resume()
    assert match.statements == statements2 and message == "Journal repaired: nothing lost", message
    assert len([p for p in junk.files if p.startswith("/data/damaged/")]) <= 24  # the cap kept


def test_parts_without_their_head_are_kept_and_said():
    """journal.fish lost while its 9 parts remain: the board booted to the menu without a word and
    the next game deleted the parts (on main)."""
    from fishtable.store import Store

    fs, statements, names = _journal_of("hecht-2p.fish")
    flash = fs.reboot()
    del flash.files["/data/journal.fish"]
    match, message = Store(flash).resume()
    assert match is None and message == "Journal missing: game lost, its moves kept aside"
    kept = sorted(p for p in flash.files if p.startswith("/data/damaged/"))
    assert len(kept) == len(names)
    again = Store(flash.reboot())
    assert again.resume() == (None, None)


def test_a_finished_or_discarded_game_leaves_no_headless_parts():
    from fishtable.store import Store

    fs, statements, names = _journal_of("hecht-2p.fish")
    store = Store(fs)
    store.discard()
    assert Store(fs.reboot()).resume() == (None, None)


# -- 4. a file where a folder belongs, and the reverse ---------------------------------------------
@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm"])
def test_every_blocked_folder_or_file_is_said_and_the_next_game_is_filed(where, fw_runner, tmp_path):
    """`/data` or `journal.d` a file: no message, and every game ended in "Not saved (flash error
    20)" (on main)."""
    from fw.layout_sweep import LAYOUTS

    with open(os.path.join(RECORDS, "hecht-2p.fish")) as f:
        record = f.read()
    folder = str(tmp_path / "board") if where != "wasm" else "/board"
    got = on(where, fw_runner(where) if where != "wasm" else None, "layout_sweep.sweep", folder, record)
    assert len(got) == len(LAYOUTS)
    faults = []
    for name, first, second, games in got:
        if not first or "Flash repaired" not in first and "Journal" not in first:
            faults.append("%s: said %r at boot" % (name, first))
        if second is not None or games != 1:
            faults.append("%s: then %r, %d games in the history" % (name, second, games))
    assert faults == [], "\n".join(faults)


# -- 2. a read error or a folder at every open and every read of the resume path ----------------
def _records(names):
    out = []
    for name in names:
        with open(os.path.join(RECORDS, name)) as f:
            out.append([name, f.read()])
    return out


ALL_RECORDS = sorted(name for name in os.listdir(RECORDS) if name.endswith(".fish"))
# make test: one record in every shape (a sample of its cases under MicroPython and in the VM);
# make soak: every record in every shape, every case, and a journal of 80 parts (damaged/'s cap)
READ_PLAN = {
    "cpython": (["hecht-2p.fish"], 30),
    "micropython": (["hecht-2p.fish"], 16),
    "wasm": (["hecht-2p.fish"], 10),
    "littlefs": (["hecht-2p.fish"], 16),
}
READ_FULL = {"cpython": 1758, "micropython": 1758, "wasm": 1193, "littlefs": 1758}  # make soak's cases
READ_CASES = {"cpython": 82, "micropython": 48, "wasm": 30, "littlefs": 48}  # make test's cases


def _read_sweep(where, fw_runner):
    from fw.read_faults import SHAPES

    names, limit = READ_PLAN[where]
    if FULL:
        names, limit = ALL_RECORDS, None
    args = (_records(names), "littlefs" if where == "littlefs" else "faultfs", list(SHAPES), 0, limit)
    if where == "wasm":
        got = [wasm_call("read_faults.sweep_records", *args)]
    else:
        board = fw_runner("micropython" if where == "littlefs" else where)
        heap = "8M" if where == "littlefs" else "1M"
        got = [board.call("read_faults.sweep_records", *args, heapsize=heap, timeout=SWEEP_SECONDS)]
        if FULL:  # a journal of 80 parts: more than damaged/ keeps (24) go after a read error
            got.append(board.call("read_faults.sweep_records", _records(["hecht-6p.fish"]), args[1], ["parts"], 64,
                                  None, heapsize=heap, timeout=SWEEP_SECONDS))
    faults = [fault for found in got for fault in found[0]]
    cases = sum(sum(found[1].values()) for found in got)
    return faults, cases, got[0][1]


@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm", "littlefs"])
def test_a_read_error_or_a_folder_anywhere_in_the_resume_path_loses_only_what_it_hid(where, fw_runner):
    """EIO once, EIO from then on, and a folder in the file's place, at every open and every read
    a resume makes of a journal in many parts, on the fault-injecting flash and on the real
    LittleFS (`littlefs`: the MicroPython unix port's os.VfsLfs2): the longest provable run
    resumed, nothing deleted, the loss counted right.  On main a read error in journal.fish (all
    of the game there after an undo) said "1 move lost" where 89 were lost, and one at the empty
    last part "1 move lost" where none was."""
    faults, cases, tried = _read_sweep(where, fw_runner)
    assert faults == [], "\n".join(faults[:20])
    assert tried["once"] and tried["sticky"] and tried["folder"], tried
    assert cases >= READ_FULL[where] if FULL else cases == READ_CASES[where], cases


TWICE_RECORDS = ["hecht-2p.fish", "yofish-3p-basic.fish"]  # make soak: every shape, every pair of points
TWICE_LIMIT = {"cpython": 40, "micropython": 16, "wasm": 10, "littlefs": 16}  # make test: a sample of hecht-2p's


@pytest.mark.parametrize("where", ["cpython", "micropython", "wasm", "littlefs"])
def test_a_second_read_error_in_the_repair_never_miscounts(where, fw_runner):
    """EIO once at each point of the resume, then again at each point of the repair after it (the
    later parts read to count what was lost, the journal copied aside): the same run resumed,
    nothing deleted, the loss counted right or "some moves lost".  On main an unreadable part in
    that count stopped it short: "91 moves lost" where 99 were."""
    from fw.read_faults import SHAPES

    names, shapes, limit = (TWICE_RECORDS, list(SHAPES), None) if FULL else (["hecht-2p.fish"], ["parts"],
                                                                             TWICE_LIMIT[where])
    args = (_records(names[:1] if where == "wasm" else names), "littlefs" if where == "littlefs" else "faultfs",
            shapes, 0, limit, True)
    if where == "wasm":
        faults, tried, _parts = wasm_call("read_faults.sweep_records", *args)
    else:
        board = fw_runner("micropython" if where == "littlefs" else where)
        faults, tried, _parts = board.call("read_faults.sweep_records", *args, timeout=SWEEP_SECONDS,
                                           heapsize="8M" if where == "littlefs" else "1M")
    assert faults == [], "\n".join(faults[:20])
    assert tried["twice"] > (2000 if FULL else limit // 2), tried


def test_a_read_error_in_the_journal_after_an_undo_is_not_one_move_lost():
    """The game wholly in journal.fish (its last move taken back), a read error a third of the way
    in: "Journal repaired: 1 move lost" on main, though most of the game went unread."""
    from devices.faultfs import FaultFs
    from fw.read_faults import Flaky, play

    from fishtable.store import Store

    fs = FaultFs()
    with open(os.path.join(RECORDS, "hecht-3p.fish")) as f:
        statements, _names = play(fs, f.read(), 0, -1)
    match, message = Store(Flaky(fs.reboot(), 2), "/data").resume()  # journal.fish's second read
    assert 0 < len(match.statements) < len(statements) - 10
    assert match.statements == statements[: len(match.statements)]
    assert message == "Journal repaired: some moves lost", message


def test_a_part_the_count_cannot_read_makes_the_loss_unknown_not_smaller():
    """Part 1 lost and the last part that holds moves unreadable: the count of what was lost stopped
    at the part before it and said "91 moves lost" where 99 were (on main; the read-fault sweep's
    second faults found it)."""
    from fishtable.store import Store

    fs, statements, names = _journal_of("hecht-2p.fish")
    flash = fs.reboot()
    sizes = [len(flash.files["/data/journal.d/" + name]) for name in names]
    last = max(i for i in range(len(names)) if sizes[i] > 40)  # (a part with moves, not only its mark)
    del flash.files["/data/journal.d/" + names[0]]
    match, message = Store(_Unreadable(flash, "/data/journal.d/" + names[last])).resume()
    assert match is not None and match.statements == statements[: len(match.statements)]
    assert message == "Journal repaired: some moves lost", message
    kept = [p for p in flash.files if p.startswith("/data/damaged/")]
    assert len(kept) == len(names) - 1  # every part but the lost one kept, the unreadable one too


def test_a_read_error_at_the_empty_last_part_loses_nothing():
    """The last part made empty ahead of its promise, a read error once at opening it: "Journal
    repaired: 1 move lost" on main, though the second look found it empty."""
    from devices.faultfs import FaultFs
    from fw.read_faults import Flaky, play

    from fishtable.store import Store

    fs = FaultFs()
    with open(os.path.join(RECORDS, "hecht-3p.fish")) as f:
        statements, names = play(fs, f.read(), 0, 0)
    last = "/data/journal.d/" + names[-1]
    assert fs.files[last] == b""
    points = Flaky(fs.reboot())
    Store(points, "/data").resume()
    at = [p[:2] for p in points.points].index(["open", last])
    match, message = Store(Flaky(fs.reboot(), at), "/data").resume()
    assert match.statements == statements and message == "Journal repaired: nothing lost", message
