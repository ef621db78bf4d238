"""The power-cut sweep of the store (no tests here: test_store_powercut.py runs it).

Plain code that also runs under MicroPython.  A record becomes a script of operations (begin,
play, undo) played the way the app plays them: through a fishtable.session.Session (check,
journal, apply; the game's last statement also moves it into the history).  The script runs on
a FaultFs that cuts the power at a write point; the rebooted store must resume the state after
the last operation that returned (LittleFS model), or the one in flight when its bytes were all
written (torn model); during the game's last statement also the finished game whose journal is
whole but not yet in the history (the session finishes it at boot: host_tests/fw/stats_sweep.py
sweeps that).  Carrying on from there, through a session resumed as the app resumes, must end
in exactly the record's game.
"""

from devices.faultfs import FaultFs, PowerCut

from fishtable.core.errors import Invalid
from fishtable.core.match import Match
from fishtable.core.record import read_text
from fishtable.core.summary import summary_line
from fishtable.session import Session
from fishtable.store import Store, history

ROOT = "/data"

# Lines to try in a random walk through a game (synthetic records of the games without records).
CANDIDATES = {
    "hifisch": ["shark", "shark shell"]
    + ["fish %d" % n for n in range(1, 30)]
    + ["fish %d shell" % n for n in range(1, 30)],
    "hecht": ["eat", "eat sated", "graze", "emigrate", "emigrate sated", "end"]
    + ["action %s" % c for c in ("snail", "skip", "wave", "carp", "pike")]
    + ["action carp %d" % r for r in range(1, 7)]
    + ["action carp %d %d" % (r, s) for r in range(1, 7) for s in range(1, 7)]
    + ["action pike %d+%d" % (a, b) for a in (1, 2) for b in (1, 2)],
    "yofish": ["place %d %d" % (v, m) for v in (1, 5, 12) for m in range(5)]
    + ["cover %d %d" % (v, w) for v in (9, 12) for w in (2, 8)]
    + ["hidden %d %d" % (p, k) for p in range(1, 5) for k in (0, 7)],
}


def random_game(name, players, seed=1, limit=3000, options=()):
    """A Match played from the start by choosing at random among the candidate lines the rules accept.
    Stops when the game is over, nothing is accepted or after `limit` statements."""
    import random

    rng = random.Random(seed)
    match = Match(name, players, 1, options)
    while not match.game.over and len(match.statements) < limit:
        found = []
        for line in CANDIDATES[name]:
            try:
                stmt = match.parse(line)
                match.check(stmt)
            except Invalid:
                continue
            found.append(stmt)
        if not found:
            break
        match.submit(rng.choice(found))
    return match


def script_of(text, undos=5):
    """(header, ops) for a record: its statements played one by one, `undos` of them taken back
    and played again (one double undo).  An undo never follows the game's last statement: that
    statement ends the game (the session moves it into the history)."""
    match = read_text(text)
    header = (match.name, match.players, match.start, list(match.options))
    stmts = match.statements
    ops = [("begin",)]
    n = len(stmts)
    marks = {}
    for j in range(undos):
        marks[(j * 7 + 1) * n // (7 * undos) + 1] = 2 if j == undos - 1 else 1
    for i in range(n):
        ops.append(("play", stmts[i]))
        back = marks.get(i + 1, 0)
        if back and i + 1 >= back and (i + 1 < n or not match.game.over):
            for _ in range(back):
                ops.append(("undo",))
            for k in range(i + 1 - back, i + 1):
                ops.append(("play", stmts[k]))
    return header, ops


def new_match(header):
    name, players, start, options = header
    return Match(name, players, start, options)


def run_op(session, header, op):
    """Play one operation through `session` the way the app does (begin starts a new match)."""
    kind = op[0]
    if kind == "begin":
        session.begin(new_match(header))
    elif kind == "play":
        session.play(op[1])
    else:
        session.undo()


def run_until_cut(session, header, ops, cut):
    """Run `ops` through `session` until the power cut (the exception class `cut`); returns how
    many of them returned."""
    done = 0
    try:
        for op in ops:
            run_op(session, header, op)
            done += 1
    except cut:
        pass
    return done


def key_of(match):
    """What must survive: the statements and the replay line (None: no game in progress)."""
    if match is None:
        return None
    return (tuple(match.statements), summary_line(match))


def expected_states(header, ops):
    """(states, over) by the rules alone: states[k] is the key after the first k operations returned
    (None before the begin and once the game is over: it is in the history then); `over` is the
    key of the finished game (None when the script does not finish it)."""
    match = new_match(header)
    states = [None]
    over = None
    for op in ops:
        kind = op[0]
        if kind == "play":
            match.submit(op[1])
        elif kind == "undo":
            match.undo()
        if match.game.over:
            over = key_of(match)
        states.append(None if match.game.over else key_of(match))
    return states, over


def history_ok(store, header, final_lines, finished):
    """The history holds the finished record (exactly), or nothing before the finish."""
    names = store.history()
    if not finished:
        return names == []
    if len(names) != 1 or not names[0].endswith("-" + header[0] + ".fish"):
        return False
    kept = history.lines(store.fs, store.history_dir, names[0])
    return [_plain(line) for line in kept if not line.startswith("# ---")] == final_lines


def _plain(line):
    """A journal line without its check (` #` and four hex digits)."""
    if len(line) > 6 and line[-6:-4] == " #":
        return line[:-6]
    return line


def final_record(header, ops):
    """The record's lines once the whole script is played (the rules alone, no store)."""
    match = new_match(header)
    for op in ops:
        if op[0] == "play":
            match.submit(op[1])
        elif op[0] == "undo":
            match.undo()
    return list(match.lines())


def count_points(header, ops, store_class=Store):
    """Write points and bytes written by the whole script without a power cut."""
    fs = FaultFs()
    session = Session(store_class(fs, ROOT))
    for op in ops:
        run_op(session, header, op)
    return fs.points, fs.bytes_written


def resumed(fs, store_class=Store):
    """The device after the reboot: a session over the flash that survived, resumed as the app
    resumes (a game found over is finished); returns the session."""
    session = Session(store_class(fs, ROOT))
    session.resume()
    return session


def check_resume(fs, header, ops, expected, done, torn, final_lines):
    """Resume the store on the rebooted `fs`; returns an error text or None.  `expected`: from
    expected_states; `done`: the operations that returned."""
    states, over = expected
    store = Store(fs, ROOT)
    match, message = store.resume()
    got = key_of(match)
    allowed = [states[done]]
    # torn: the operation in flight counts once its bytes are written
    if done < len(ops) and torn:
        allowed.append(states[done + 1])
    # the game's last statement: journalled, then the game moves into the history (the statistics
    # are written after that: host_tests/fw/stats_sweep.py)
    if done < len(ops) and states[done + 1] is None:
        allowed.extend((over, None))
    if got not in allowed:
        return "after %d ops: resumed %r, expected %r" % (done, got, allowed[0])
    if torn:
        # (a torn promise of the next part loses no statement: "nothing lost")
        if message not in (None, "Journal repaired: 1 move lost", "Journal repaired: nothing lost"):
            return "after %d ops: message %r" % (done, message)
    elif message is not None:
        return "after %d ops: message %r" % (done, message)
    done = done if got in (states[done], over) else done + 1
    finished = states[-1] is None and done == len(ops)
    if not history_ok(store, header, final_lines, finished):
        return "after %d ops: history %r" % (done, store.history())
    return None


def sweep_traced(text, torn=False, store_class=Store, stride=1):
    """Every write point of one run (every `stride`-th), from snapshots taken at each point (a
    point that leaves the same image as the one before it, in the same operation, is the same
    case).  Returns (points, cases resumed, errors)."""
    header, ops = script_of(text)
    expected = expected_states(header, ops)
    final_lines = final_record(header, ops)
    last = [None, -1]
    done = [0]
    cases = [0]
    errors = []

    def trace(fs):
        if fs.points % stride and fs.trace is not None:
            return
        files, dirs = fs.survivors()
        image = (sorted(files.items()), sorted(dirs))
        if image == last[0] and done[0] == last[1]:
            return
        last[0] = image
        last[1] = done[0]
        cases[0] += 1
        again = FaultFs(torn=torn, files=files, dirs=dirs)
        err = check_resume(again, header, ops, expected, done[0], torn, final_lines)
        if err:
            errors.append(err)

    fs = FaultFs(torn=torn, trace=trace)
    session = Session(store_class(fs, ROOT))
    for op in ops:
        run_op(session, header, op)
        done[0] += 1
    fs.trace = None
    trace(fs)  # after the last operation
    return fs.points + 1, cases[0], errors


def sweep_cut(text, torn=False, stride=1, first=0, store_class=Store):
    """Cut the power for real (PowerCut raised inside the store) at every `stride`-th write point,
    resume, check, then carry on with the rest of the script: the end must be the record's game.
    Returns (cuts, errors)."""
    header, ops = script_of(text)
    expected = expected_states(header, ops)
    states = expected[0]
    final_lines = final_record(header, ops)
    total, _ = count_points(header, ops, store_class)
    errors = []
    cuts = 0
    for cut in range(first, total + 1, stride):
        cuts += 1
        fs = FaultFs(cut_at=cut, torn=torn)
        session = Session(store_class(fs, ROOT))
        done = run_until_cut(session, header, ops, PowerCut)
        if cut < total and done == len(ops):
            errors.append("cut %d: the power cut never came" % cut)
            continue
        fs = fs.reboot()
        err = check_resume(fs, header, ops, expected, done, torn, final_lines)
        if err:
            errors.append("cut %d: %s" % (cut, err))
            continue
        session = resumed(fs, store_class)
        if key_of(session.match) != states[done]:
            done += 1
        for op in ops[done:]:
            run_op(session, header, op)
        store = session.store
        if states[-1] is None:
            ok = store.resume() == (None, None) and history_ok(store, header, final_lines, True)
        else:
            m2, _ = store.resume()
            ok = m2 is not None and list(m2.lines()) == final_lines
        if not ok:
            errors.append("cut %d: carrying on after the resume went wrong" % cut)
    return cuts, errors



def english():
    """The compiled firmware's texts are IDs: its English from the bundle's lang/en.bin (conftest's
    mpy_firmware puts it there), as a board reads it, for the messages the sweeps compare."""
    import sys

    from fishtable import text

    if not text.IDS:
        return
    from fishtable.ui.language import read_catalog

    for folder in sys.path:
        try:
            text.use(None, read_catalog(None, folder + "/lang/en.bin", index=False).text)
            return
        except OSError:
            pass


def sweep_record(path, stride):
    """Both sweeps of the record at `path` (test_store_powercut.py runs this under MicroPython):
    [points, errors, the first two errors] of every write point traced, on LittleFS then torn, and
    [cuts, errors, the first two] of real cuts at every `stride`-th point, torn."""
    Store.lean = False  # the statistics' code compiled once and kept (the board loads .mpy)
    english()
    with open(path) as handle:
        text = handle.read()
    out = []
    for torn in (False, True):
        points, _, errors = sweep_traced(text, torn)
        out.append([points, len(errors), errors[:2]])
    cuts, errors = sweep_cut(text, True, stride)
    out.append([cuts, len(errors), errors[:2]])
    return out
