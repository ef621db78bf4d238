"""The language of the texts: the saved one chosen at start, the first start's question
("Language/Sprache", before the main menu) and the Settings picker.

A board asks only where a catalog lies beside its data folder (fishtable.ui.catalog: `make
flash` puts it there); without one, English is all it has and nothing is asked.  The first
start is a board without a settings file (nor its backup)."""

import sys

from fishtable import text
from fishtable.text import t
from fishtable.ui import draw
from fishtable.ui.widgets import Picker

QUESTION = "Language/Sprache"  # asked before a language is known: both, never translated
LANGUAGES = ("en", "de")
NAMES = ("English", "Deutsch")  # each in its own language, on the pickers
_CATALOG = "fishtable.ui.catalog"


def path_for(root, lang):
    """The catalog of `lang` for the data folder `root` ("/data" -> "/lang/de.bin")."""
    cut = root.rfind("/")
    return root[: cut + 1] + "lang/" + lang + ".bin"


def offered(app):
    """True when the board has a catalog of another language than English."""
    store = app.store
    return store.fs.exists(path_for(store.root, "de"))


def read_catalog(fs, path):
    """The catalog at `path` (fishtable.ui.catalog.Catalog), its header and size checked; raises
    OSError (no file) or ValueError (not one, or cut)."""
    from fishtable.ui.catalog import Catalog

    f = fs.open(path, "rb")
    try:
        head = f.read(8)
        if len(head) != 8 or head[:4] != b"FTC1":
            raise ValueError("not a catalog")
        count = head[4] | head[5] << 8
        f.seek(8 + count * 8)
        end = f.read(8)
        size = f.seek(0, 2)
        if len(end) != 8 or end[:4] != b"\xff\xff\xff\xff" or end[7] or (end[4] | end[5] << 8 | end[6] << 16) != size:
            raise ValueError("a damaged catalog")
    except Exception:
        f.close()
        raise
    return Catalog(f, count, head[6] | head[7] << 8, size)


def use_catalog(fs, path):
    """Show texts from the catalog at `path` from now on (None: English).  Returns None, or a
    message when it cannot be read (English is shown then)."""
    from fishtable.ui import catalog

    text.use(None)
    old = catalog._open[0]
    if old is not None:
        old.file.close()
        catalog._open[0] = None
    if path is None:
        return None
    try:
        catalog._open[0] = read_catalog(fs, path)
    except OSError:
        return "Language file missing: English"
    except ValueError:
        return "Language file damaged: English"
    text.use(catalog._open[0].lookup)
    return None


def choose(app, lang, quiet=False):
    """Show the texts in `lang` ("en", "de"); when its catalog cannot be read, English and a
    message (returned instead when `quiet`)."""
    said = None
    if lang != "en" or _CATALOG in sys.modules:  # (English on a board that never read a catalog: no import)
        store = app.store
        said = use_catalog(store.fs, None if lang == "en" else path_for(store.root, lang))
    else:
        text.use(None)
    draw.extend(lang != "en" and said is None)
    if said and not quiet:
        app.message(said)
    return said


def start(app):
    """The app's start (App.start) in the saved language; on the first start of a board that has
    another language to offer, the question over the main menu (BACK: English, asked again at the
    next start); a catalog that cannot be read: English and a message."""
    said = choose(app, app.settings["language"], True)  # before any screen is made
    store = app.store
    fs = store.fs
    path = store.settings_path
    first = not fs.exists(path) and not fs.exists(path[: path.rfind(".")] + ".bak") and offered(app)
    app.start()
    if first:
        app.push(Picker(QUESTION, list(NAMES), list(LANGUAGES), _answered, index=0))
    if said:
        app.message(said)


def _answered(app, lang):
    app.save_settings("language", lang)
    choose(app, lang)
    app.home()  # the main menu made again in the language


def pick(app, then):
    """The Settings picker; after a choice the main menu and `then(app)` are made again in it."""
    current = app.settings["language"]
    index = LANGUAGES.index(current) if current in LANGUAGES else 0

    def picked(app, lang):
        app.save_settings("language", lang)
        choose(app, lang)
        app.home()
        app.push(then(app))

    app.push(Picker(t("Language"), list(NAMES), list(LANGUAGES), picked, index=index))


def label(app):
    """The Settings line: "Language English"."""
    lang = app.settings["language"]
    return t("Language %s") % NAMES[LANGUAGES.index(lang) if lang in LANGUAGES else 0]
