"""Every place the store expects a folder holding a file, and the reverse, on the interpreter's
own filesystem (test_faults.py and tools/soak.py; CPython, the MicroPython unix port, the
WebAssembly VM): the store says at boot what it found, the next game is played to its end and
filed, and the board then starts without a word."""

import os

from fw.helpers import rmtree

# (what is in the way, a folder where a file belongs)
LAYOUTS = (
    ("", False),  # /data itself a file
    ("journal.d", False),
    ("history", False),
    ("stats", False),
    ("damaged", False),
    ("settings.txt", True),
    ("roster.txt", True),
    ("played.txt", True),
    ("stats/hecht.txt", True),
    ("journal.fish", True),
)


def sweep(folder, record):
    """[name, message at boot, message at the next boot, games in the history] for each layout."""
    from fishtable.core.match import Match
    from fishtable.core.record import read_text
    from fishtable.session import Session
    from fishtable.store import Store

    done = read_text(record)
    out = []
    for name, is_folder in LAYOUTS:
        rmtree(folder)
        os.mkdir(folder)
        root = folder + "/data"
        if name:
            os.mkdir(root)
            if "/" in name:
                os.mkdir(root + "/" + name.split("/")[0])
        path = root + ("/" + name if name else "")
        if is_folder:
            os.mkdir(path)
            with open(path + "/x", "w") as f:
                f.write("x")
        else:
            with open(path, "w") as f:
                f.write("not a folder\n")
        session = Session(Store(root=root))
        first = session.resume(0)
        session.begin(Match(done.name, done.players, done.start, done.options))
        for stmt in done.statements:
            session.play(stmt, 1000)
        again = Session(Store(root=root))
        second = again.resume(0)
        out.append([name or "data", first, second, len(again.store.history())])
    rmtree(folder)
    return out
