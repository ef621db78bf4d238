"""The power-cut sweep of a game's finish and its statistics (no tests here: test_stats_powercut.py
runs it).  Plain code that also runs under MicroPython (the `run_fw` fixture).

A few named games are finished on a FaultFs; the next game is played through a session to its
last statement but one.  Then the session plays its last statement, which journals it and
finishes the game (`Store.finish`: the history, the statistics), with the power cut at a write
point (every byte, commit, rename, remove, mkdir).  After the reboot the device does what the app
does: `Session.resume` (a game found over is finished then); a game resumed without its last
statement (the cut came before that was on flash) gets it again.  Then every game's statistics
must be those of all the games exactly once, and finishing one more game must count it too.
"""

from devices.faultfs import FaultFs, PowerCut

from fishtable.core.stats import Table
from fishtable.session import Session
from fishtable.store import Store
from fw.named_games import named, play

ROOT = "/data"
GAMES = ("hifisch", "hecht", "yofish")


def prepare(texts, torn):
    """(files, dirs, the game to finish, the game to play after, the expected tables): `texts[:-2]`
    finished, `texts[-2]` played to its last statement but one (the flash as files and dirs)."""
    fs = FaultFs(torn=torn)
    store = Store(fs, ROOT)
    done = [named(text, turn) for turn, text in enumerate(texts[:-2])]
    for match in done:
        play(store, match)
    last = named(texts[-2], len(done))
    session = Session(store)
    session.begin(type(last)(last.name, last.players, last.start, last.options, last.names, last.colours))
    for stmt in last.statements[:-1]:
        session.play(stmt)
    after = named(texts[-1], len(done) + 1)
    want = {g: Table(g) for g in GAMES}
    for number, one in enumerate(done + [last]):
        want[one.name].add_match(one, number + 1)
    files, dirs = fs.survivors()
    return files, dirs, last, after, want


def resumed(fs):
    """The device at power-up: a session over `fs`, resumed as the app resumes."""
    session = Session(Store(fs, ROOT))
    session.resume()
    return session


def boot_and_check(fs, want, last, after, carry_on=True):
    """What the device does at power-up, then the checks; returns an error text or None."""
    session = resumed(fs)
    if session.match is not None:  # the power went before the last statement was on flash
        if session.match.statements != last.statements[:-1]:
            return "resumed %r" % (session.match.statements,)
        session.play(last.statements[-1])  # the table enters it again
        if session.match is not None:
            return "the last statement did not end the game"
    store = session.store
    count = sum(t.games for t in want.values())
    if len(store.history()) != count:
        return "history %r" % (store.history(),)
    for game in GAMES:
        if not store.stats(game).same(want[game]):
            return "%s stats %r" % (game, list(store.stats(game).lines()))
    if not carry_on:
        return None
    name = play(store, after)
    table = Table(after.name)
    for line in want[after.name].lines():
        data = line.encode()
        table.take(data, 0, len(data))
    table.add_match(after, count + 1)
    if name != "%04d-%s.fish" % (count + 1, after.name) or not Store(store.fs, ROOT).stats(after.name).same(table):
        return "carrying on: %s %r" % (name, list(store.stats(after.name).lines()))
    return None


def sweep_traced(texts, torn, stride=1):
    """Every write point of the game's last statement and its finish, from snapshots: identical
    images in a row are one case, and with `stride` > 1 only every stride-th of the images that
    differ in a file's bytes alone (every create, rename and remove is checked).  Returns
    (points, cases, errors)."""
    files, dirs, last, after, want = prepare(texts, torn)
    prev = [None, None]
    seen = [0, 0]  # distinct images, cases checked
    errors = []

    def trace(fs):
        image = fs.survivors()
        key = sorted(image[0].items())
        paths = (sorted(image[0]), sorted(image[1]))
        if key == prev[0] and paths == prev[1]:
            return
        seen[0] += 1
        if stride > 1 and seen[0] % stride and paths == prev[1]:
            prev[0] = key
            return
        prev[0] = key
        prev[1] = paths
        seen[1] += 1
        err = boot_and_check(FaultFs(torn=torn, files=image[0], dirs=image[1]), want, last, after)
        if err:
            errors.append("point %d: %s" % (fs.points, err))

    fs = FaultFs(torn=torn, files=files, dirs=dirs)
    session = resumed(fs)
    fs.points = 0
    fs.trace = trace
    session.play(last.statements[-1])
    fs.trace = None
    trace(fs)
    return fs.points + 1, seen[1], errors


def sweep_cut(texts, torn, stride=1):
    """Cut the power for real inside the game's last statement and its finish at every `stride`-th
    write point; reboot and check.  Returns (cuts, errors)."""
    files, dirs, last, after, want = prepare(texts, torn)
    fs = FaultFs(torn=torn, files=files, dirs=dirs)
    session = resumed(fs)
    start = fs.points
    session.play(last.statements[-1])
    total = fs.points - start
    errors = []
    cuts = 0
    for cut in range(0, total + 1, stride):
        fs = FaultFs(torn=torn, files=files, dirs=dirs)
        session = resumed(fs)
        fs.cut_at = fs.points + cut
        try:
            session.play(last.statements[-1])
        except PowerCut:
            pass
        cuts += 1
        err = boot_and_check(fs.reboot(), want, last, after, carry_on=cut % (stride * 8) == 0)
        if err:
            errors.append("cut %d: %s" % (cut, err))
    return cuts, errors


def sweep_files(paths, stride):
    """Both sweeps of the records at `paths` (test_stats_powercut.py runs this under MicroPython):
    [points, cases, the first two errors] of every write point traced (LittleFS), then [cuts, the
    first two errors] of real cuts at every `stride`-th point (torn)."""
    import gc

    Store.lean = False  # one compile of the stats code, not one a finish (the board loads .mpy)
    texts = []
    for path in paths:
        with open(path) as handle:
            texts.append(handle.read())
    gc.collect()
    points, cases, errors = sweep_traced(texts, False)
    out = [[points, cases, errors[:2]]]
    gc.collect()
    cuts, errors = sweep_cut(texts, True, stride)
    out.append([cuts, errors[:2]])
    return out
