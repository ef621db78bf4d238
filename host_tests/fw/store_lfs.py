"""The store on the real LittleFS (MicroPython's os.VfsLfs2 on tools/devices FlashBlocks): the
power-cut sweep, flash measurements and a full flash (no tests here: test_store_littlefs.py runs
them under MicroPython: sweep_files, measure_files, full_flash_files).  Apart from store_sweep.py
so that the sweeps under MicroPython do not compile it."""

from fishtable.core.record import read_text
from fishtable.session import Session
from fishtable.store import Store, journal
from fw.store_sweep import expected_states, final_record, history_ok, key_of, run_op, run_until_cut, script_of

# A sweep resumes thousands of times, and each resume would compile the recovery code from source
# again (the board loads .mpy), tearing the heap its flash images need: it stays compiled.
Store.lean = False

# -- the real LittleFS (MicroPython's os.VfsLfs2 on tools/devices FlashBlocks) ------------------
MOUNT = "/flash"
LFS_ROOT = MOUNT + "/data"


def lfs_mount(bdev):
    """Mount `bdev` at MOUNT the way the Pico does (LittleFS v2, 256-byte programs)."""
    import os

    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.mount(os.VfsLfs2(bdev, progsize=256), MOUNT)


def lfs_format(blocks):
    """A freshly formatted flash image of `blocks` blocks."""
    import os

    from devices.faultfs import FlashBlocks

    bdev = FlashBlocks(blocks)
    os.VfsLfs2.mkfs(bdev, progsize=256)
    return bdev.image()


def sweep_littlefs(text, blocks=24, stride=1, torn=False):
    """Cut the power before every `stride`-th flash operation (program or erase) of the script on
    the real LittleFS; mount what survived, resume, check, carry on.  Returns (cuts, errors)."""
    import os

    from devices.faultfs import FlashBlocks

    from fishtable.store.fs import OsFs

    header, ops = script_of(text, undos=3)
    states, over = expected_states(header, ops)
    finishes = states[-1] is None
    final_lines = final_record(header, ops)
    base = lfs_format(blocks)
    whole = FlashBlocks(blocks, image=base)
    lfs_mount(whole)
    session = Session(Store(OsFs(), LFS_ROOT))
    for op in ops:
        run_op(session, header, op)
    total = whole.ops
    errors = []
    cuts = 0
    for cut in range(0, total + 1, stride):
        cuts += 1
        bdev = FlashBlocks(blocks, image=base, cut_at=cut, torn=torn)
        lfs_mount(bdev)
        session = Session(Store(OsFs(), LFS_ROOT))
        done = run_until_cut(session, header, ops, OSError)  # the block device's cut
        lfs_mount(FlashBlocks(blocks, image=bdev.image()))
        store = Store(OsFs(), LFS_ROOT)
        match, message = store.resume()
        got = key_of(match)
        # the operation in flight may have reached the flash; the game's last statement may be
        # journalled with the game not yet in the history (the session finishes it at boot; the
        # cut may also have come inside the finish, which then kept the game in the journal)
        allowed = (states[done], over) + ((states[done + 1],) if done < len(ops) else ())
        if got not in allowed:
            errors.append("cut %d after %d ops: resumed %r" % (cut, done, got))
            continue
        if message is not None:
            errors.append("cut %d: message %r" % (cut, message))
        if got not in (states[done], over):
            done += 1
        if not history_ok(store, header, final_lines, finishes and done == len(ops) and got != over):
            errors.append("cut %d: history %r" % (cut, store.history()))
            continue
        session = Session(store)
        session.resume()  # as the app does at boot: a game found over is finished
        if key_of(session.match) != states[done]:
            done += 1  # it was
        for op in ops[done:]:
            run_op(session, header, op)
        if not history_ok(store, header, final_lines, finishes):
            errors.append("cut %d: carrying on went wrong" % cut)
    os.umount(MOUNT)
    return cuts, errors


def lfs_measure(texts, games=1, blocks=352, budget=256 * 1024):
    """Play the records `games` times round on the Pico's 1408 KB LittleFS.
    Returns per record, from the last round: (statements, journal bytes, store bytes per statement,
    flash bytes programmed per statement, blocks erased per statement, blocks erased by the appends
    alone, 256-byte pages programmed by the appends alone); and the erase counts of every block."""
    import os

    from devices.faultfs import FlashBlocks

    from fishtable.store.fs import OsFs

    class Metered(Store):
        """The store, its appends' flash work counted (blocks erased, 256-byte pages programmed)
        and the journal's size when the game moves into the history."""

        def append(self, match, stmt):
            erased, programmed = sum(bdev.erases), bdev.prog_bytes
            Store.append(self, match, stmt)
            self.erased += sum(bdev.erases) - erased
            self.pages += (bdev.prog_bytes - programmed) // 256

        def finish(self, match):
            self.size = sum(os.stat(path)[6] for path in journal.paths(self))
            return Store.finish(self, match)

    bdev = FlashBlocks(blocks, image=lfs_format(blocks))
    lfs_mount(bdev)
    store = Metered(OsFs(), LFS_ROOT, budget)
    session = Session(store)
    rows = []
    for round_ in range(games):
        if round_ == games - 1:
            del rows[:]
        for text in texts:
            header, ops = script_of(text, undos=0)
            run_op(session, header, ops[0])  # begin
            match = session.match
            store.erased = store.pages = store.size = 0
            written = 0
            p0 = bdev.prog_bytes
            e0 = sum(bdev.erases)
            for op in ops[1:]:
                written += len(match.line_of(op[1])) + 7  # the line, its check and its LF
                run_op(session, header, op)
            if session.match is not None:  # not over: no finish
                store.size = sum(os.stat(path)[6] for path in journal.paths(store))
                session.discard()
            n = len(read_text(text).statements)
            flash = (bdev.prog_bytes - p0) / n
            rows.append((n, store.size, written / n, flash, (sum(bdev.erases) - e0) / n, store.erased, store.pages))
    os.umount(MOUNT)
    return rows, bdev.erases


def _fill(path):
    """Fill the filesystem: one big file, then small ones until nothing more fits; returns the errno."""
    chunk = bytes(1024)
    code = 0
    for size in (1024, 256, 64):
        n = 0
        while True:
            try:
                handle = open("%s.%d.%d" % (path, size, n), "wb")
                try:
                    while True:
                        handle.write(chunk[:size])
                        handle.flush()
                finally:
                    handle.close()
            except OSError as err:
                code = code or err.args[0]
            n += 1
            if n > 40:
                break
    return code


def _unfill(path):
    import os

    folder, name = path.rsplit("/", 1)
    for other in os.listdir(folder):
        if other.startswith(name + "."):
            os.remove(folder + "/" + other)


def lfs_full_flash(texts, blocks=24):
    """Play on a tiny real LittleFS filled to the brim; returns what happened, as printable lines."""
    import os

    from devices.faultfs import FlashBlocks

    from fishtable.store.fs import FlashFull, OsFs

    out = []
    bdev = FlashBlocks(blocks, image=lfs_format(blocks))
    lfs_mount(bdev)
    store = Store(OsFs(), LFS_ROOT, history_budget=1 << 20, min_free=2 * 4096)

    def play(text):
        header, ops = script_of(text, undos=1)
        session = Session(store)
        for op in ops:
            run_op(session, header, op)
        return session

    for text in texts:
        play(text)
    out.append("history %d" % len(store.history()))
    junk = MOUNT + "/junk"
    out.append("filled %d" % _fill(junk))
    info = os.statvfs(MOUNT)
    out.append("free %d of %d blocks, counted %d" % (info[3], info[2], OsFs().free(MOUNT)))
    before = store.history()
    play(texts[0])  # a whole game: the store makes room by dropping the oldest games
    names = store.history()
    out.append("dropped %s, newest %s" % (len(names) <= len(before), int(names[0][:4]) == len(texts) + 1))
    for name in store.history():
        store.delete_history(name)
    _fill(junk + "x")
    try:  # the journal's folder keeps small parts in its own metadata: the moves may still fit
        session = play(texts[0])
        out.append("played, kept in the journal: %s" % session.unfiled_note)
    except FlashFull as err:
        out.append("FlashFull %d %s" % (err.args[0], err.args[1]))
    _unfill(junk)
    match, message = store.resume()
    out.append("resumed %s %s" % (match is not None, message))
    os.umount(MOUNT)
    return out


def lfs_full_image(path, text, count, finished=(), blocks=24):
    """Write to the file `path` the image of a tiny LittleFS (`blocks` of 4 KB): the records
    `finished` in the history, the first `count` statements of the record `text` as the game in
    progress, the rest filled with a junk file.  Returns the history's names."""
    import os

    from devices.faultfs import FlashBlocks

    from fishtable.core.match import Match
    from fishtable.store.fs import OsFs

    bdev = FlashBlocks(blocks, image=lfs_format(blocks))
    lfs_mount(bdev)
    store = Store(OsFs(), LFS_ROOT)

    def journal(want, count):
        match = Match(want.name, want.players, want.start, want.options, want.names, want.colours)
        store.begin(match)
        for stmt in want.statements[:count]:
            store.append(match, stmt)
            match.submit(stmt)
        return match

    for done in finished:
        want = read_text(done)
        store.finish(journal(want, len(want.statements)))
    journal(read_text(text), count)
    _fill(MOUNT + "/junk")
    _fill(LFS_ROOT + "/junk")  # the data folder's own metadata too: small files are kept inline there
    names = store.history()
    os.umount(MOUNT)
    with open(path, "wb") as f:
        f.write(bdev.image())
    return names


def lfs_image_state(path):
    """What the LittleFS image in the file `path` holds: the game in progress's statements (as
    record lines), the message of its resume, the history's names and the saved brightness."""
    import os

    from devices.faultfs import FlashBlocks

    from fishtable.store.fs import OsFs

    with open(path, "rb") as f:
        image = f.read()
    lfs_mount(FlashBlocks(len(image) // 4096, image=image))
    store = Store(OsFs(), LFS_ROOT)
    match, message = store.resume()
    lines = [match.line_of(s) for s in match.statements] if match is not None else None
    state = (lines, message, store.history(), store.load_settings({"brightness": 3})["brightness"])
    os.umount(MOUNT)
    return state


def _read(path):
    with open(path) as handle:
        return handle.read()


def sweep_files(cases, blocks=24):
    """sweep_littlefs of the record of each [path, stride, torn] of `cases`: [[cuts, the first
    three errors]] in that order."""
    out = []
    for path, stride, torn in cases:
        cuts, errors = sweep_littlefs(_read(path), blocks, stride, torn)
        out.append([cuts, errors[:3]])
    return out


def measure_files(paths, games, budget):
    """lfs_measure of the records at `paths`: [its rows, the erase count of every block]."""
    rows, erases = lfs_measure([_read(path) for path in paths], games, budget=budget)
    return [list(row) for row in rows], list(erases)


def full_flash_files(paths):
    """lfs_full_flash of the records at `paths`, each played twice round."""
    texts = [_read(path) for path in paths]
    return lfs_full_flash(texts + texts)
