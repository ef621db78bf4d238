"""Power cuts at every write point of the packed history's operations: the take-over of the
one-file-per-game form at boot, filing a game (its append), Delete and the trim.  After each cut
the board boots (`Session.resume`: the take-over, a finished game in the journal filed) and the
history must hold every game exactly once, with its bytes: as before the operation or as after
it (the take-over and filing: always as after).  On the fault-injecting flash (both interpreters)
and on the real LittleFS (`lfs_*`: MicroPython's VfsLfs2 on FlashBlocks, the unix port only)."""

from fishtable.core.record import read_text
from fishtable.session import Session
from fishtable.store import Store, history

Store.lean = False  # (each boot would compile the recovery code again)


def finished_texts(records):
    """The finished games of the record texts as the board files them (checked lines), in order."""
    from devices.faultfs import FaultFs

    store = Store(FaultFs())
    session = Session(store)
    for text in records:
        done = read_text(text)
        session.begin(_fresh(done))
        for stmt in done.statements:
            session.play(stmt)
    out = []
    for name in store.history()[::-1]:
        handle = store.history_open(name)
        out.append(handle.read())
        handle.close()
    return out


def _fresh(done):
    from fishtable.core.match import Match

    return Match(done.name, done.players, done.start, done.options, names=done.names, colours=done.colours)


def _game(data):
    text = data.decode() if isinstance(data, bytes) else data
    return text.split("\n")[1].split()[1]


def inventory(store):
    """[(name, bytes)] of the history, newest first; None when a game is in two places or its
    number twice (the index out of order)."""
    names = store.history()
    seen = set()
    out = []
    for name in names:
        number = history.number_of(name)
        if number < 0 or number in seen:
            return None
        seen.add(number)
        handle = store.history_open(name)
        try:
            out.append((name, handle.read()))
        finally:
            handle.close()
    return out


def write_loose(fs, root, games, first=1):
    """The old form: each game its own file `NNNN-game.fish`."""
    folder = root + "/history"
    for path in (root, folder):
        if not fs.exists(path):
            fs.mkdir(path)
    for i, data in enumerate(games):
        handle = fs.open("%s/%04d-%s.fish" % (folder, first + i, _game(data)), "wb")
        handle.write(data)
        handle.close()


def boot(fs, root):
    """The board starts: the take-over, a finished game in the journal filed; the store."""
    store = Store(fs, root)
    Session(store).resume()
    return store


def _plain(found):
    """An inventory's games as their records' lines without checks or the generation mark (a game
    filed again after a cut in its finish is written again: the same record, another generation)."""
    out = []
    for name, data in found:
        text = data.decode() if isinstance(data, bytes) else data
        lines = [line[:-6] if line[-6:-4] == " #" else line for line in text.split("\n")]
        out.append((name, [line for line in lines if not line.startswith("# ---")]))
    return out


def check(store, allowed):
    """'' when the history is one of `allowed` (inventories) and nothing is left loose."""
    allowed = [_plain(one) for one in allowed]
    got = inventory(store)
    if got is None:
        return "a game twice"
    if history.loose(store.fs, store.history_dir):
        return "left loose: %s" % history.loose(store.fs, store.history_dir)
    if _plain(got) not in allowed:
        return "history %s" % [name for name, _ in got]
    return ""


# -- the operations -----------------------------------------------------------------------------
def op_take_over(fs, root, arg):
    Store(fs, root).resume()


def op_file(fs, root, arg):
    Session(Store(fs, root)).resume()  # the finished game in the journal goes into the history


def op_delete(fs, root, arg):
    Store(fs, root).delete_history(arg)


def op_trim(fs, root, arg):
    from fishtable.store import filing

    filing.make_room(fs, root + "/history", 1 << 30)


OPS = {"take_over": op_take_over, "file": op_file, "delete": op_delete, "trim": op_trim}


def journal_over(fs, root, data):
    """A finished game left in the journal (the power went before its move into the history)."""
    store = Store(fs, root)
    store.resume()
    done = read_text(data.decode() if isinstance(data, bytes) else data)
    match = _fresh(done)
    store.begin(match)
    for stmt in done.statements:
        store.append(match, stmt)
        match.submit(stmt)


# -- on the fault-injecting flash ------------------------------------------------------------------
def faultfs_sweep(kind, games, packed, arg=None, torn=False, stride=1, seg_max=None):
    """Cut the power at every `stride`-th write point of the operation `kind` on a FaultFs holding
    `packed` games in the segments and `games` more (loose for take_over, one in the journal for
    file); boot; check.  Returns (cuts, errors).  `seg_max`: the segments' size for this sweep."""
    if not seg_max:
        return _faultfs_sweep(kind, games, packed, arg, torn, stride)
    # (CPython only: MicroPython inlines the constant.)  The module the Store imports now: the app's
    # tests drop fishtable's modules (App.keep), so an earlier import may be another object; the
    # size set back after, or the next test in this process would pack into 2 KB segments.
    from fishtable.store import filing as live

    keep = live.SEG_MAX
    live.SEG_MAX = seg_max
    try:
        return _faultfs_sweep(kind, games, packed, arg, torn, stride)
    finally:
        live.SEG_MAX = keep


def _faultfs_sweep(kind, games, packed, arg, torn, stride):
    from devices.faultfs import FaultFs, PowerCut

    root = "/data"
    base = FaultFs(torn=torn)
    if packed:
        write_loose(base, root, packed)
        Store(base, root).resume()
    if kind == "take_over":
        write_loose(base, root, games, len(packed) + 1)
    elif kind == "file":
        journal_over(base, root, games[0])
    before = inventory(Store(base, root))
    whole = FaultFs(torn=torn, files=base.files, dirs=base.dirs)
    OPS[kind](whole, root, arg)
    total = whole.points
    after = inventory(boot(whole.reboot(), root))
    allowed = [after] if kind in ("take_over", "file") else [before, after]
    errors = []
    cuts = 0
    for cut in range(0, total + 1, stride):
        fs = FaultFs(cut_at=cut, torn=torn, files=base.files, dirs=base.dirs)
        try:
            OPS[kind](fs, root, arg)
        except PowerCut:
            pass
        cuts += 1
        fs = fs.reboot()
        problem = check(boot(fs, root), allowed)
        if problem:
            errors.append("cut %d/%d: %s" % (cut, total, problem))
    return cuts, errors, [name for name, _ in after]


# -- on the real LittleFS (MicroPython's unix port) ---------------------------------------------------
def lfs_sweep(kind, games, packed, arg=None, blocks=40, stride=1):
    """As faultfs_sweep, on the real LittleFS: the power cut before every `stride`-th program or
    erase (half-done ones too: FlashBlocks), then mounted again and booted.  Returns (cuts, errors)."""
    from devices.faultfs import FlashBlocks

    from fishtable.store.fs import OsFs
    from fw.store_lfs import LFS_ROOT, lfs_format, lfs_mount

    image = lfs_format(blocks)
    prep = FlashBlocks(blocks, image=image)
    lfs_mount(prep)
    fs = OsFs()
    if packed:
        write_loose(fs, LFS_ROOT, packed)
        Store(fs, LFS_ROOT).resume()
    if kind == "take_over":
        write_loose(fs, LFS_ROOT, games, len(packed) + 1)
    elif kind == "file":
        journal_over(fs, LFS_ROOT, games[0])
    before = inventory(Store(fs, LFS_ROOT))
    base = prep.image()
    whole = FlashBlocks(blocks, image=base)
    lfs_mount(whole)
    OPS[kind](fs, LFS_ROOT, arg)
    total = whole.ops
    lfs_mount(FlashBlocks(blocks, image=whole.image()))
    after = inventory(boot(fs, LFS_ROOT))
    allowed = [after] if kind in ("take_over", "file") else [before, after]
    errors = []
    cuts = 0
    for cut in range(0, total + 1, stride):
        bdev = FlashBlocks(blocks, image=base, cut_at=cut)
        lfs_mount(bdev)
        try:
            OPS[kind](fs, LFS_ROOT, arg)
        except OSError:
            pass  # the block device's cut
        cuts += 1
        lfs_mount(FlashBlocks(blocks, image=bdev.image()))
        try:
            problem = check(boot(fs, LFS_ROOT), allowed)
        except OSError as err:
            problem = "boot: %r" % err
        if problem:
            errors.append("cut %d/%d: %s" % (cut, total, problem))
    return cuts, errors, [name for name, _ in after]
