"""At start-up (Store.resume; dropped again after): the store's folders made, and every place
where the store expects a folder or a file checked for the other kind.  A file where a folder
belongs (`/data`, `journal.d`, `history`, `stats`, `damaged`) or a folder where a file belongs
(`settings.txt`, `roster.txt`, `played.txt`, a game's statistics) would make every later write
fail: it is moved into `damaged/` (fishtable.store.recover keeps its cap) and the panel says so,
or says that it cannot be."""

from fishtable.text import t

FOLDERS = ("journal.d", "history", "stats")  # (and damaged/, made only when something goes there)
FILES = ("settings.txt", "roster.txt", "played.txt")


def check(store):
    """Make the store's folders, moving aside what blocks them; a message for the panel or None."""
    fs = store.fs
    root = store.root
    moved = []
    stuck = []
    try:
        if fs.exists(root) and not fs.isdir(root):
            _aside(store, root, "data", moved, stuck, True)
        elif not fs.exists(root):
            fs.mkdir(root)
    except OSError:
        return None  # a full or unreadable flash: each write makes its folder, or says why it cannot
    for name in FOLDERS + ("damaged",):
        path = root + "/" + name
        if fs.exists(path) and not fs.isdir(path):
            _aside(store, path, name, moved, stuck)
    for name in FILES:
        path = root + "/" + name
        if fs.exists(path) and fs.isdir(path):
            _aside(store, path, name, moved, stuck)
    stats = root + "/stats"
    try:
        for name in fs.listdir(stats):
            if fs.isdir(stats + "/" + name):
                _aside(store, stats + "/" + name, name, moved, stuck)
    except OSError:
        pass
    for name in FOLDERS:
        try:
            if not fs.exists(root + "/" + name):
                fs.mkdir(root + "/" + name)
        except OSError:
            pass
    if stuck:
        return t("Flash damaged: %s in the way, cannot be moved") % ", ".join(stuck)
    if moved:
        return t("Flash repaired: %s was in the way, now in damaged") % ", ".join(moved)
    return None


def _aside(store, path, name, moved, stuck, whole=False):
    """Move `path` into damaged/ (the root itself: out of the way first, then its folder made)."""
    from fishtable.store.recover import damaged_folder, make_room

    fs = store.fs
    try:
        if whole:
            fs.rename(path, path + ".bad")
            fs.mkdir(path)
            path += ".bad"
        folder = damaged_folder(store)  # (a file of its own name goes into it there)
        if path != folder:
            fs.rename(path, folder + "/" + make_room(store, folder, name))
        moved.append(name)
    except OSError:
        stuck.append(name)
