"""Each file the firmware reads, in each damaged form, then the board started (test_damage.py and
tools/soak.py; under CPython, the MicroPython unix port and the WebAssembly VM): what the panel
shows and whether the files that were whole are still whole; `walk_sweep` then opens History,
Stats and Players on each damaged board and files a new game (the WebAssembly VM's half of the
walk that test_damage.py drives through the keys of the simulated device under the other two).

The damaged files are made here, in the interpreter's own filesystem, so that the same code runs
in the VM (which has no host folders).  FILES and FORMS are tables: a new file the firmware reads
(the history's packed form, say) is one more row of FILES."""

import os

from fw.helpers import rmtree

# (label, path under the board's flash, whether the firmware reads it as a folder)
FILES = (
    ("config", "config.txt", False),
    ("profile", "boards/pico.json", False),
    ("settings", "data/settings.txt", False),
    ("roster", "data/roster.txt", False),
    ("stats", "data/stats/hecht.txt", False),
    ("history", "data/history/0001-hecht.fish", False),  # a game not yet packed (taken over at boot)
    ("history_folder", "data/history", True),
    ("journal", "data/journal.fish", False),
    ("journal_part", "data/journal.d/1-1.part", False),
    ("parts_folder", "data/journal.d", True),
)
FORMS = ("empty", "huge", "binary", "not_utf8", "deep", "swapped", "out_of_range")
QUICK_HUGE = 64 * 1024  # bytes of a "huge" file in the quick pass (the soak: 1 MB)
WHOLE = "data/history/0002-yofish.fish"  # a finished game that must stay whole


def _makedirs(path):
    at = ""
    for part in path.split("/"):
        if not part:
            at = "/"
            continue
        at = at + part if at.endswith("/") else at + "/" + part
        try:
            os.mkdir(at)
        except OSError:
            pass


def _write(path, data, repeat=1):
    with open(path, "wb") as f:
        for _ in range(repeat):
            f.write(data)


def _damaged(form, huge):
    """(bytes, times written) of a file in `form` (None: made a folder / a file, see `swapped`)."""
    if form == "empty":
        return b"", 1
    if form == "huge":
        return b"#" * 1023 + b"\n", huge // 1024
    if form == "binary":
        return bytes(range(256)) * 4, 1
    if form == "not_utf8":
        return b"names=Ann\xff\xfe Bo\ncheck=1\nfishtable 1\n", 1
    if form == "deep":
        return b"[" * 3000 + b"]" * 3000, 1
    if form == "out_of_range":
        return b"brightness=999999\nBOARD=pico\n{\"i2c\": {\"bus\": 99}}\nplace 99999 9\n", 1
    return None, 0


def prepare(folder, boards, record, whole, label, path, is_dir, form, huge):
    """A board's flash in `folder`: boards/, a game in progress (`record` played but its last
    statement), a finished game `whole` in the history, then the file `path` damaged in `form`."""
    rmtree(folder)
    _makedirs(folder + "/boards")
    for name in os.listdir(boards):
        if name.endswith(".json"):
            with open(boards + "/" + name, "rb") as f:
                _write(folder + "/boards/" + name, f.read())
    _play(folder + "/data", record)
    _makedirs(folder + "/data/history")
    _write(folder + "/" + WHOLE, whole)
    if form == "swapped":  # a folder in a file's place, or a file in a folder's
        rmtree(folder + "/" + path)
        _makedirs(folder + "/" + path.rsplit("/", 1)[0]) if "/" in path else None
        if is_dir:
            _write(folder + "/" + path, b"not a folder\n")
        else:
            _makedirs(folder + "/" + path)
        return
    if is_dir:  # the folder's own forms: a damaged file inside it
        path = path + "/9-9.part" if path.endswith("journal.d") else path + "/0003-hecht.fish"
    data, repeat = _damaged(form, huge)
    if "/" in path:
        _makedirs(folder + "/" + path.rsplit("/", 1)[0])
    _write(folder + "/" + path, data, repeat)


def _play(root, record):
    """A game in progress under `root`: the record's statements but the last, with settings, a
    roster and the statistics of one finished game."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    done = read_text(record)
    store = Store(None, root)
    store.save_settings({"brightness": 3})
    store.save_roster(["Ann", "Bo"])
    session = Session(store)
    session.begin(Match(done.name, done.players, done.start, done.options))
    for stmt in done.statements[:-1]:
        session.play(stmt)


def _whole_kept(folder, whole):
    """Whether the finished game WHOLE reads back byte for byte from the history, loose or packed
    into a segment at boot (fishtable.store.history)."""
    from fishtable.store import history
    from fishtable.store.fs import OsFs

    at, name = (folder + "/" + WHOLE).rsplit("/", 1)
    try:
        handle = history.open_game(OsFs(), at, name)
        try:
            return handle.read() == whole
        finally:
            handle.close()
    except OSError:
        return False


def sweep(folder, boards, main_py, record_path, whole_path, only=None, huge=QUICK_HUGE):
    """Every file in every form (`only`: a list of [label, form] to do just those): a list of
    [label, form, the panel's glass as hex, the whole history game still whole]."""
    import gc

    with open(record_path) as f:
        record = f.read()
    with open(whole_path, "rb") as f:
        whole = f.read()
    from fw.damaged_boot import boot

    out = []
    for label, path, is_dir in FILES:
        for form in FORMS:
            if only is not None and [label, form] not in only:
                continue
            prepare(folder, boards, record, whole, label, path, is_dir, form, huge)
            got = boot(folder, main_py)
            kept = _whole_kept(folder, whole)
            out.append([label, form, got["glass"], kept])
            gc.collect()
    rmtree(folder)
    return out


SCREENS = ("History", "Stats", "Players")


def _history_count(root):
    from fishtable.store import Store

    try:
        return len(Store(None, root).history())
    except OSError:
        return -1


def _file_game(root, text):
    """The game of `text` begun and played to its end on the board's store (filed in the history)."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    done = read_text(text)
    session = Session(Store(None, root))
    session.begin(Match(done.name, done.players, done.start, done.options))
    for stmt in done.statements:
        session.play(stmt, 1000)


def walk_sweep(folder, boards, main_py, record_path, whole_path, game_path, only=None, huge=QUICK_HUGE):
    """Each data file in each form (`only`: [label, form] pairs), then the board started, History,
    Stats and Players opened through the keys (damaged_boot.MenuWalk; what each showed is read from
    its glass by the caller), a new game played to its end and filed through the store, the board
    started again: [label, form, the glass at the first key,
    [[screen, its glass, its kind]], the glass after the walk, games in the history before, after,
    the glass of the next start, the error filing the game or ""] (glasses as hex)."""
    import gc

    from fw.damaged_boot import boot, walk

    with open(record_path) as f:
        record = f.read()
    with open(whole_path, "rb") as f:
        whole = f.read()
    with open(game_path) as f:
        game = f.read()
    out = []
    for label, path, is_dir in FILES:
        if label in ("config", "profile"):
            continue  # (a board error: nothing to open; boot_sweep.sweep checks it)
        for form in FORMS:
            if only is not None and [label, form] not in only:
                continue
            prepare(folder, boards, record, whole, label, path, is_dir, form, huge)
            first, seen, end = walk(folder, main_py, SCREENS)
            root = folder + "/data"
            before = _history_count(root)
            try:
                _file_game(root, game)
                filed = ""
            except Exception as err:  # noqa: BLE001 - said in the result
                filed = "%s %s" % (type(err).__name__, err)
            after = _history_count(root)
            again = boot(folder, main_py)["glass"]
            out.append([label, form, first, seen, end, before, after, again, filed])
            gc.collect()
    rmtree(folder)
    return out
