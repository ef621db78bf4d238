"""Where a packed history game's bytes are (tests that damage one game in its segment)."""

from fishtable.store import history


def place(fs, folder, name):
    """(the segment's path, the game's offset, its length) of the packed history game `name`."""
    index = history.Index(fs, folder)
    try:
        found = index.get(index.find(history.number_of(name)))
    finally:
        index.close()
    return history.seg_path(folder, found[1]), found[2], found[3]


def flip(fs, name, at, root="/data"):
    """Flip a bit of byte `at` of the packed history game `name` on a FaultFs."""
    path, offset, _ = place(fs, root + "/history", name)
    data = bytearray(fs.files[path])
    data[offset + at] ^= 1
    fs.files[path] = bytes(data)
