"""The power-cut sweep of a game's finish and its statistics (no tests here: test_stats_powercut.py
runs it).  Plain code that also runs under MicroPython (tools/devices and host_tests on sys.path).

A few named games are finished on a FaultFs; the next game is journalled to its last statement.
Then `Store.finish` runs with the power cut at a write point (every byte, commit, rename,
remove, mkdir).  After the reboot the device does what `App.start` does: `resume`, and a game
found over is finished.  Then every game's statistics must be those of all the games exactly
once, and finishing one more game must count it too.
"""

from faultfs import FaultFs, PowerCut
from named_games import named, play

from fishtable.core.stats import Table
from fishtable.store import Store

ROOT = "/data"
GAMES = ("hifisch", "hecht", "yofish")


def prepare(texts, torn):
    """(files, dirs, the match to finish, the match to play after, the expected tables before
    the carrying on, those after): `texts[:-2]` finished, `texts[-2]` journalled to its end."""
    fs = FaultFs(torn=torn)
    store = Store(fs, ROOT)
    done = [named(text, turn) for turn, text in enumerate(texts[:-2])]
    for match in done:
        play(store, match)
    last = named(texts[-2], len(done))
    match = type(last)(last.name, last.players, last.start, last.options, last.names, last.colours)
    store.begin(match)
    for stmt in last.statements:
        store.append(match, stmt)
        match.submit(stmt)
    after = named(texts[-1], len(done) + 1)
    want = {g: Table(g) for g in GAMES}
    for number, one in enumerate(done + [last]):
        want[one.name].add_match(one, number + 1)
    files, dirs = fs.survivors()
    return files, dirs, match, after, want


def boot_and_check(fs, want, after, carry_on=True):
    """What the device does at power-up, then the checks; returns an error text or None."""
    store = Store(fs, ROOT)
    match, message = store.resume()
    if match is not None:
        if not match.game.over:
            return "resumed an unfinished game"
        store.finish(match)
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
    """Every write point of the finish, from snapshots: identical images in a row are one case,
    and with `stride` > 1 only every stride-th of the images that differ in a file's bytes alone
    (every create, rename and remove is checked).  Returns (points, cases, errors)."""
    files, dirs, match, after, want = prepare(texts, torn)
    last = [None, None]
    seen = [0, 0]  # distinct images, cases checked
    errors = []

    def trace(fs):
        image = fs.survivors()
        key = sorted(image[0].items())
        paths = (sorted(image[0]), sorted(image[1]))
        if key == last[0] and paths == last[1]:
            return
        seen[0] += 1
        if stride > 1 and seen[0] % stride and paths == last[1]:
            last[0] = key
            return
        last[0] = key
        last[1] = paths
        seen[1] += 1
        err = boot_and_check(FaultFs(torn=torn, files=image[0], dirs=image[1]), want, after)
        if err:
            errors.append("point %d: %s" % (fs.points, err))

    fs = FaultFs(torn=torn, files=files, dirs=dirs)
    store = Store(fs, ROOT)
    store.resume()
    fs.points = 0
    fs.trace = trace
    store.finish(match)
    fs.trace = None
    trace(fs)
    return fs.points + 1, seen[1], errors


def sweep_cut(texts, torn, stride=1):
    """Cut the power for real inside `finish` at every `stride`-th write point; reboot and check.
    Returns (cuts, errors)."""
    files, dirs, match, after, want = prepare(texts, torn)
    fs = FaultFs(torn=torn, files=files, dirs=dirs)
    store = Store(fs, ROOT)
    store.resume()
    start = fs.points
    store.finish(match)
    total = fs.points - start
    errors = []
    cuts = 0
    for cut in range(0, total + 1, stride):
        fs = FaultFs(torn=torn, files=files, dirs=dirs)
        store = Store(fs, ROOT)
        store.resume()
        fs.cut_at = fs.points + cut
        try:
            store.finish(match)
        except PowerCut:
            pass
        cuts += 1
        err = boot_and_check(fs.reboot(), want, after, carry_on=cut % (stride * 8) == 0)
        if err:
            errors.append("cut %d: %s" % (cut, err))
    return cuts, errors
