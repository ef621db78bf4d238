"""The German machinery on the board (test_lang.py; under both interpreters): the letters beyond
ASCII drawn in 8x8 and 2x text, and the catalog read by seeking."""


def drawn(texts, extended):
    """A frame (hex) with each of `texts` drawn as 8x8 text, as an inverted line and in 2x text."""
    import binascii

    import devices

    devices.install()
    import framebuf

    from fishtable.ui import draw

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    draw.extend(extended)
    try:
        draw.begin(fb)
        draw.text(fb, texts[0], 0, 0)
        draw.line(fb, texts[1], 2, inverted=True)
        draw.line(fb, texts[2], 4)
        draw.big(fb, texts[3], 0, 48)
    finally:
        draw.extend(False)
    return binascii.hexlify(buf).decode()


def looked_up(path, texts):
    """The catalog at `path` asked for each of `texts`: [translation or None], and twice (kept)."""
    from fishtable.store.fs import OsFs
    from fishtable.ui.language import read_catalog

    cat = read_catalog(OsFs(), path)
    try:
        first = [cat.lookup(x) for x in texts]
        again = [cat.lookup(x) for x in texts]
    finally:
        cat.file.close()
    return [first, again]


def opened(path):
    """The message of opening a damaged or missing catalog (None: it opened)."""
    from fishtable import text
    from fishtable.store.fs import OsFs
    from fishtable.ui.language import use_catalog

    try:
        said = use_catalog(OsFs(), path)
        shown = text.t("Settings")
    finally:
        use_catalog(OsFs(), None)
    return [said, shown]


def by_id(path, count):
    """The catalog at `path` asked for every ID below `count`, and once more (kept): [texts, again]."""
    from fishtable.store.fs import OsFs
    from fishtable.ui.language import read_catalog

    cat = read_catalog(OsFs(), path)
    try:
        first = [cat.text(n) for n in range(count)]
        again = [cat.text(n) for n in range(count)]
    finally:
        cat.file.close()
    return [first, again]


def chosen(root, lang, ids):
    """A board with data folder `root` whose bytecode has IDs, set to `lang`: the message of the
    choice (None: none) and the texts `t` gives for `ids` (a str: looked up by its English)."""
    from fishtable import text
    from fishtable.store import Store
    from fishtable.store.fs import OsFs
    from fishtable.ui import language

    class App:
        store = Store(root=root)

    text.IDS = True
    try:
        said = language.choose(App(), lang, True)
        shown = [text.t(n) for n in ids]
    finally:
        language.use_catalog(OsFs(), None)
        language.draw.extend(False)
        text.IDS = False
    return [said, shown]
