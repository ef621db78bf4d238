"""The history's figures for `make bench`: how many games fit on the Pico's and the Pico W's
filesystem after `make flash`, and History and Stats with 10, 1,000 and 10,000 games (the time to
open each, a History step at the newest, middle and oldest game, the heap in use with each open).

Host side (CPython): `realistic` makes the games (equal numbers of 4-player Hi Fisch!, Hecht and
Yo Fish!, named players, dates) as the board files them; `build` writes a board's /data with N of
them, packed (segments and index, as fishtable.store.history writes them, and each game's
statistics up to date) or, with `loose`, one file a game (the form before the segments).
VM side (MicroPython: the unix port and the WebAssembly VM): `fit` and `screens`.
"""

import gc
import time

_s = {}
ROSTER = ("Anna", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")
RECORDS = ("hifisch-4p.fish", "hecht-4p.fish", "yofish-4p-advanced.fish")


# -- the host side --------------------------------------------------------------------------------
def realistic(records_dir, variants=4):
    """[bytes] of finished games as the board files them: each record of RECORDS played with
    `variants` seatings of named players and a date (the history's realistic mix)."""
    import os

    from devices.faultfs import FaultFs

    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    store = Store(FaultFs())
    session = Session(store)
    for turn in range(variants):
        for name in RECORDS:
            with open(os.path.join(records_dir, name)) as f:
                done = read_text(f.read())
            names = tuple(ROSTER[(turn + i) % len(ROSTER)] for i in range(done.players))
            match = Match(done.name, done.players, done.start, done.options, names=names)
            match.date = "2026-%02d-%02dT19:%02d" % (1 + turn % 12, 1 + turn % 28, turn % 60)
            session.begin(match)
            for stmt in done.statements:
                session.play(stmt)
    out = []
    for name in store.history()[::-1]:
        handle = store.history_open(name)
        out.append(handle.read())
        handle.close()
    return out


def build(root, count, games, loose=False):
    """Write a board's /data at `root` with `count` history games cycling through `games`."""
    import os
    import struct

    from fishtable.core.stats import Table
    from fishtable.store import filing, history, stats
    from fishtable.store.fs import OsFs

    folder = os.path.join(root, "history")
    os.makedirs(folder, exist_ok=True)
    os.makedirs(os.path.join(root, "stats"), exist_ok=True)
    last = {}
    seg, size, out, index = 1, 0, None, open(os.path.join(folder, history.INDEX), "wb") if not loose else None
    for number in range(1, count + 1):
        data = games[(number - 1) % len(games)]
        game = data.split(b"\n")[1].split()[1].decode()
        last[game] = number
        if loose:
            with open(os.path.join(folder, history.name_of(number, game)), "wb") as f:
                f.write(data)
            continue
        if out is None or (size and size + len(data) > filing.SEG_MAX):
            if out is not None:
                out.close()
                seg += 1
            out, size = open(history.seg_path(folder, seg), "wb"), 0
        out.write(data)
        record = bytearray(history.REC)
        struct.pack_into(history._FORMAT, record, 0, number, seg, size, len(data), history.CODES.index(game), 0, 0)
        struct.pack_into("<H", record, history.REC - 2, history._fletcher(record, history.REC - 2))
        index.write(record)
        size += len(data)
    if out is not None:
        out.close()
    if index is not None:
        index.close()
    fs = OsFs()
    for game, number in last.items():  # each game's statistics as the board keeps them: up to date
        table = Table(game)
        table.last = number
        table.add(number, list(ROSTER[:4]), [10, 20, 30, 40], [4], 30)
        stats.save(fs, stats.path_of(root, game), table)


# -- the VM side ------------------------------------------------------------------------------------
def fit(install, games, blocks, min_free=None, mount="/flash"):
    """How many history games fit on a LittleFS of `blocks` 4 KB blocks (VfsLfs2 as the Pico
    formats it) holding the files of the folder `install` (what `make flash` writes): games filed
    one after another (a finished journal renamed into the history, then packed and trimmed:
    Store.finish's path) until the first one the store drops for room.  Returns {"games", the
    blocks in use after the install ("install_blocks") and after the first boot made the store's
    folders ("data_blocks" more), the history's "files" and the "free" bytes left when it stopped},
    blocks and bytes as LittleFS has them (fishtable.store.filing.room: each folder counted once)."""
    import os

    from devices.faultfs import FlashBlocks

    from fishtable.store import Store, filing, history
    from fishtable.store.fs import OsFs, ensure_dir

    bdev = FlashBlocks(blocks)
    os.VfsLfs2.mkfs(bdev, progsize=256)
    try:
        os.umount(mount)
    except OSError:
        pass
    os.mount(os.VfsLfs2(bdev, progsize=256), mount)
    _copy_tree(install, mount)
    fs = OsFs()
    installed = blocks - filing.room(fs, mount) // filing.BLOCK
    store = Store(fs, mount + "/data") if min_free is None else Store(fs, mount + "/data", min_free=min_free)
    store.resume()
    folder = store.history_dir
    ensure_dir(fs, folder)
    booted = blocks - filing.room(fs, mount) // filing.BLOCK
    count = 0
    while True:
        data = games[count % len(games)]
        game = data.split("\n")[1].split()[1]
        try:
            with open(store.journal_path, "w") as f:
                f.write(data)
            name = filing.add(fs, folder, store.journal_path, game)
            dropped = filing.trim(fs, folder, None, store.min_free)
        except OSError:
            break
        if dropped or history.loose(fs, folder) or not name:
            break
        count += 1
    found = {"games": count, "install_blocks": installed, "data_blocks": booted - installed,
             "files": len(os.listdir(folder)), "free": filing.room(fs, folder)}
    os.umount(mount)
    return found


def _copy_tree(src, dest):
    import os

    total = 0
    for entry in os.ilistdir(src):
        name, kind = entry[0], entry[1]
        if kind == 0x4000:
            try:
                os.mkdir(dest + "/" + name)
            except OSError:
                pass
            total += _copy_tree(src + "/" + name, dest + "/" + name)
        else:
            with open(src + "/" + name, "rb") as f:
                data = f.read()
            with open(dest + "/" + name, "wb") as f:
                f.write(data)
            total += len(data)
    return total


def app(root, boards="/boards"):
    """The app at its main menu on the board's /data at `root` (the device models installed)."""
    import devices

    devices.install()
    _s["panel"] = devices.attach_panel()
    from devices.inputs import Clock

    from fishtable.hw import board
    from fishtable.store import Store
    from fishtable.ui.loop import _start, make_die

    hw = board.build(board.load_profile("pico", boards))
    board.forget()
    hw.seed = 7
    hw.clock = Clock()
    _s["app"] = _start(hw, Store(root=root), make_die(hw))
    _s["app"].draw()
    del _s["panel"].log[:]


def mark(key):
    """After two collections (separate calls): the heap in use now."""
    gc.collect()
    print("BENCH %s %d" % (key, gc.mem_alloc()))


def _us(start):
    return time.ticks_diff(time.ticks_us(), start)


def open_history():
    """Open History from the main menu, drawn: the microseconds it took."""
    from fishtable.ui import menu

    app = _s["app"]
    app.home()
    start = time.ticks_us()
    menu._chosen(app, menu.OTHERS[0])  # (History: an ID on a board)
    app.draw()
    print("BENCH history_open_us %d" % _us(start))
    del _s["panel"].log[:]


def steps(where, count=8):
    """The mean time of `count` NEXT presses in History, each drawn, from the game at `where` (a
    fraction of the list: 0 the newest, 0.5 the middle, 1 the oldest); one of them reads the next
    window of names."""
    from fishtable.events import NEXT

    app = _s["app"]
    ask = app.stack[-1].ask
    n = len(ask.labels)
    at = max(0, min(int(where * n), n - count - 1))
    ask.index = at
    ask.top = at
    app.dirty = True
    app.draw()
    start = time.ticks_us()
    for _ in range(count):
        app.handle(NEXT)
        app.draw()
    print("BENCH history_step_us_%d %d" % (int(where * 100), _us(start) // count))
    del _s["panel"].log[:]


def open_stats():
    """Open Stats and the first game's page from the main menu, drawn: the microseconds it took."""
    from fishtable.core.games import GAMES
    from fishtable.ui import menu

    app = _s["app"]
    app.home()
    start = time.ticks_us()
    menu._chosen(app, menu.OTHERS[2])  # (Stats)
    app.stack[-1].on_ok(app, GAMES[0].title)
    app.draw()
    print("BENCH stats_open_us %d" % _us(start))
    del _s["panel"].log[:]


def home():
    _s["app"].home()
    _s["app"].draw()
