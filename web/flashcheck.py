"""What the page's stored board holds that the board cannot use whole, found with the board's own
bounded, checked reads (the page's panel says it, beside the firmware's own messages).

In the page (web/history-worker.js) it runs in a MicroPython VM of its own holding a copy of the
stored /config.txt and /data, so whatever they hold, the board's VM is not touched: config.txt as
the board reads it at start (fishtable.hw.board.read_config), the settings, the roster and the
statistics by their check lines, the packed history's index against its segments and the newest
history games line by line (Store.history_game), the journal as the board resumes it, and the
folders the store needs being folders.

    python3 web/flashcheck.py FOLDER    (a host folder as the board's flash; prints JSON)
"""

import os
import sys

S_IFDIR = 0x4000
MOST = 8  # damaged history games named one by one
NEWEST = 500  # history games read line by line, newest first (History shows any other as damaged)


def _kind(path):
    """"dir", "file" or None (missing)."""
    try:
        return "dir" if os.stat(path)[0] & 0xF000 == S_IFDIR else "file"
    except OSError:
        return None


def _say(err):
    """An exception as a short reason."""
    if isinstance(err, OSError):
        return "cannot be read (error %s)" % (err.args[0] if err.args else "?")
    text = str(err) or type(err).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _index(folder):
    """What is wrong with the packed history's index (fishtable.store.history): a folder in its place,
    bytes that are not whole records, segments with games it does not list."""
    from fishtable.store import history

    path = folder + "/" + history.INDEX
    where = "/data/history/" + history.INDEX
    kind = _kind(path)
    if kind == "dir":
        return [[where, "a folder where the history's index must be"]]
    size = os.stat(path)[6] if kind == "file" else 0
    listed = set()
    if size % history.REC:
        return [[where, "damaged: not whole records (games it does not list are not shown)"]]
    if size:
        import struct

        with open(path, "rb") as f:
            for _ in range(size // history.REC):
                listed.add(struct.unpack(history._FORMAT, f.read(history.REC))[1])
    out = []
    from fishtable.store import filing

    for seg in filing.segments(history.OsFs(), folder):
        if seg not in listed:
            out.append(["/data/history/S%04d.seg" % seg, "games the history's index does not list (not shown)"])
    return out


def check(root="/"):
    """[path, what is wrong] for each stored file or folder the board cannot use whole, `root`
    being the board's flash (its config.txt and data/)."""
    base = root.rstrip("/")
    data = base + "/data"
    found = []
    try:
        from fishtable.hw import board

        board.read_config(base + "/config.txt")
    except Exception as err:  # noqa: BLE001 - whatever it is, it is said
        found.append(["/config.txt", _say(err)])
    if _kind(data) == "file":
        return found + [["/data", "a file where the board's data folder must be"]]
    for name in ("history", "journal.d", "stats"):
        if _kind(data + "/" + name) == "file":
            found.append(["/data/" + name, "a file where a folder must be"])
    from fishtable.store import Store
    from fishtable.store.settings import read_lines

    store = Store(root=data)
    small = ["settings.txt", "roster.txt"]
    if _kind(data + "/stats") == "dir":
        small += ["stats/" + name for name in sorted(os.listdir(data + "/stats")) if name.endswith(".txt")]
    for name in small:
        path = data + "/" + name
        kind = _kind(path)
        if kind == "dir":
            found.append(["/data/" + name, "a folder where a file must be"])
        elif kind == "file" and not read_lines(store.fs, path, lambda buf, start, end: None):
            found.append(["/data/" + name, "damaged: the board does not use it (%s)" % (
                "its backup or the defaults" if name == "settings.txt" else
                "its backup, else no names" if name == "roster.txt" else "counted again from the history")])
    if _kind(data + "/history") == "dir":
        found += _index(data + "/history")
        try:
            names = store.history()
        except Exception as err:  # noqa: BLE001
            names = []
            found.append(["/data/history", _say(err)])
        bad = 0
        for name in names[:NEWEST]:
            if bad == MOST:  # (the rest are counted, not named)
                found.append(["/data/history", "and more damaged games"])
                break
            bad += 1
            path = "/data/history/" + name
            if _kind(data + "/history/" + name) == "dir":
                found.append([path, "a folder where a game must be"])
                continue
            try:
                store.history_game(name)
                bad -= 1
                continue
            except Exception as err:  # noqa: BLE001
                why = _say(err)
                found.append([path, why if "damaged" in why.lower() else "damaged: %s" % why])
    journal = _kind(data + "/journal.fish")
    if journal == "dir":
        found.append(["/data/journal.fish", "a folder where the journal must be"])
    if journal is None and _kind(data + "/journal.d") == "dir" and os.listdir(data + "/journal.d"):
        found.append(["/data/journal.d", "parts of a game whose journal.fish is missing"])
    try:
        note = store.resume()[1]  # (this copy only: the board's own resume says it on its panel too)
    except Exception as err:  # noqa: BLE001
        note = _say(err)
    if note:
        found.append(["/data/journal.fish", note])
    return [[path, what.replace(base + "/", "/")] if base else [path, what] for path, what in found]


if __name__ == "__main__":
    import json

    print(json.dumps(check(sys.argv[1] if len(sys.argv) > 1 else "/")))
