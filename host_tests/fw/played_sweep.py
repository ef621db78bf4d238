"""A power cut at every write point of filing a finished game, then a new game cut at every write
point of its first minute (test_faults.py and tools/soak.py; under CPython, the MicroPython unix
port and the WebAssembly VM): the new game's `played` time never includes the old game's minutes.

The new game has the same header as the old one (same game, seats, no date): the worst case for
telling the two apart."""

ROOT = "/data"
MINUTE = 60000


def _states(files, dirs, steps, count):
    """Every state of the flash a power cut at any write point of `steps` can leave (from one run:
    FaultFs.trace), the whole run's last; count[0] gets the write points."""
    from devices.faultfs import FaultFs

    from fishtable.session import Session
    from fishtable.store import Store

    states = []
    seen = set()

    def trace(flash):
        got = flash.survivors()
        key = (tuple(sorted(got[0].items())), tuple(sorted(got[1])))
        count[0] += 1
        if key not in seen:
            seen.add(key)
            states.append(got)

    fs = FaultFs(files=files, dirs=dirs, trace=trace)
    _run(Session(Store(fs, ROOT)), steps)
    count[0] -= 1
    trace(fs)  # all of it done
    return states


def _run(session, steps):
    """Run the steps (a function of the session each) until the power is cut; True when all ran."""
    from devices.faultfs import PowerCut

    try:
        for step in steps:
            step(session)
    except PowerCut:
        return False
    return True


def _filing(done, now):
    """The steps that start the board, resume the old game and play its last statement (it is filed)."""
    last = done.statements[-1]
    return [lambda s: s.resume(now), lambda s: s.play(last, now + MINUTE)]


def _new_game(done, now, moves):
    """The steps that start the board and play the first `moves` statements of a new game with the
    same header, ten seconds apart (its first minute)."""
    from fishtable.core.match import Match

    steps = [lambda s: s.resume(now), lambda s: s.begin(Match(done.name, done.players, done.start, done.options))]
    for i in range(moves):
        steps.append(lambda s, i=i: s.play(done.statements[i], now + 10000 * (i + 1)))
    return steps


def sweep(record, moves=4):
    """(faults, filing write points, the flash states they leave, new-game write points, the states
    they leave) for the game of `record` (its text): a cut at every write point of the filing, then
    at every write point of a new game's first `moves` statements (LittleFS's model: the bytes not
    committed are not there, so each state of the flash is tried once)."""
    from devices.faultfs import FaultFs

    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    done = read_text(record)
    fs = FaultFs()
    session = Session(Store(fs, ROOT))
    session.resume(0)
    session.begin(Match(done.name, done.players, done.start, done.options))
    now = 0
    for stmt in done.statements[:-1]:
        now += MINUTE  # a minute a turn: the old game's time is kept on flash
        session.play(stmt, now)
    faults = []
    filing = [0]
    new = [0]
    new_states = 0
    states = _states(fs.files, fs.dirs, _filing(done, now), filing)
    start = now + 2 * MINUTE
    steps = _new_game(done, start, moves)
    for at in range(len(states)):
        files, dirs = states[at]
        cut = _states(files, dirs, steps, new)
        new_states += len(cut)
        for files2, dirs2 in cut:
            again = Session(Store(FaultFs(files=files2, dirs=dirs2), ROOT))
            again.resume(start + MINUTE)
            match = again.match
            if match is not None and len(match.statements) <= moves and again.played_ms >= MINUTE:
                faults.append("filing cut (flash state %d of %d), the new game cut: it resumed with %d min played" % (
                    at + 1, len(states), again.played_ms // MINUTE))
    return faults, filing[0], len(states), new[0], new_states
