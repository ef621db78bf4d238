"""The device's words in the chosen language: `t(english)` gives the text to show.

English is the source: every text a player reads is written in English where it is used and
passed through `t` there (a template before it is filled: `t("Round %d") % n`).  Other
languages come from catalogs read when a text is shown (see lang/ and tools/); until one is
chosen, `t` gives its argument back.  Pure: the catalog's reader is handed in by the app.
"""

_lookup = None  # a function english -> translated text or None; set by `use`


def t(english):
    """The text to show for `english` in the chosen language (English when none is known)."""
    if _lookup is None:
        return english
    found = _lookup(english)
    return english if found is None else found


def n_(english):
    """Mark `english` as a text for the catalogs where `t` cannot be called yet (import time)."""
    return english


def use(lookup):
    """Show texts through `lookup` (english -> text or None); None: English."""
    global _lookup
    _lookup = lookup
