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


def choose(app, lang, quiet=False):
    """Show the texts in `lang` ("en", "de"); when its catalog cannot be read, English and a
    message (returned instead when `quiet`)."""
    said = None
    if lang != "en" or _CATALOG in sys.modules:  # (English on a board that never read a catalog: no import)
        from fishtable.ui import catalog

        store = app.store
        said = catalog.choose(text, store.fs, None if lang == "en" else path_for(store.root, lang))
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
