"""The language of the texts: the saved one chosen at start, the first start's question
("Language/Sprache", before the main menu) and the Settings picker.

A board asks only where another language's catalog lies beside its data folder
(fishtable.ui.catalog: `make flash` puts it there); without one, English is all it has and
nothing is asked.  A board whose bytecode has the texts' IDs (fishtable.text.IDS) reads its
English from lang/en.bin too.  The first start is a board without a settings file (nor its
backup)."""

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


def read_catalog(fs, path, backup=None, index=True):
    """The catalog at `path` on `fs` (None: the built-in open), checked: a
    fishtable.ui.catalog.Catalog (`backup`: see there), with its index by English when `index`
    (fishtable.ui.textindex.Indexed).  Raises OSError (no file) or ValueError (not one, or cut)."""
    from fishtable.ui import catalog

    if index:
        from fishtable.ui.textindex import Indexed

        return catalog.open_catalog(fs, path, backup, Indexed)
    return catalog.open_catalog(fs, path, backup)


def use_catalog(fs, path, english=None):
    """Show texts from the catalog at `path` from now on (None: English), the English catalog at
    `english` answering for a damaged entry, or instead when `path` cannot be read (None: no
    English catalog, its texts' IDs shown as "#12").  Returns None, or a message when a catalog
    cannot be read."""
    from fishtable.ui import catalog

    text.use(None)
    old = catalog._open[0]
    if old is not None:
        old.file.close()
        catalog._open[0] = None
    said = None
    if path is not None:
        try:
            catalog._open[0] = read_catalog(fs, path, english)
        except OSError:
            said = "Language file missing: English"
        except ValueError:
            said = "Language file damaged: English"
        else:
            text.use(catalog._open[0].lookup, catalog._open[0].text, catalog._open[0].kept)
            return None
    if english is None:
        return said
    try:
        catalog._open[0] = read_catalog(fs, english, index=False)
    except OSError:
        return "Text file lang/en.bin missing: flash again"
    except ValueError:
        return "Text file lang/en.bin damaged: flash again"
    text.use(None, catalog._open[0].text, catalog._open[0].kept)
    return said


def choose(app, lang, quiet=False):
    """Show the texts in `lang` ("en", "de"); when its catalog cannot be read, English and a
    message (returned instead when `quiet`).  A board's bytecode has IDs (fishtable.text.IDS):
    its English is read from lang/en.bin too."""
    said = None
    if lang != "en" or text.IDS or _CATALOG in sys.modules:  # (English from source, no catalog read: no import)
        store = app.store
        english = path_for(store.root, "en") if text.IDS else None
        said = use_catalog(store.fs, None if lang == "en" else path_for(store.root, lang), english)
    else:
        text.use(None)
    draw.extend(lang != "en" and said is None)
    if said and not quiet:
        app.message(said)
    return said


def start(app):
    """The app's start (App.start) in the saved language; on the first start of a board that has
    another language to offer, the question over the main menu (BACK: English, asked again at the
    next start); a catalog that cannot be read: English and a message.  A board whose texts are
    IDs (fishtable.text.IDS) with no catalog it can read has no words for its screens: it shows
    what is wrong and stays there (nothing else starts: a template shown as "#12" would fail)."""
    said = choose(app, app.settings["language"], True)  # before any screen is made
    if text.IDS and _no_texts():
        from fishtable.ui.widgets import Info

        app.push(Info(draw.wrap(said), _stay))
        return
    store = app.store
    fs = store.fs
    path = store.settings_path
    first = not fs.exists(path) and not fs.exists(path[: path.rfind(".")] + ".bak") and offered(app)
    app.start()
    if first:
        app.push(Picker(QUESTION, list(NAMES), list(LANGUAGES), _answered, index=0))
    if said:
        app.message(said)


def _no_texts():
    from fishtable.ui import catalog

    return catalog._open[0] is None


def _stay(app):
    """OK or BACK on the screen that says the texts are missing: nothing (flash the board again)."""


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
