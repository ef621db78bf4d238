"""The device's words in the chosen language: `t(english)` gives the text to show.

English is the source: every text a player reads is written in English where it is used and
passed through `t` there (a template before it is filled: `t("Round %d") % n`).  On a board the
install rewrites each such literal as its number (tools/textids.py: `t(97)`, `n_("Red")` ->
`240`): the text's ID times 8 plus its count of %-specifiers; `t` reads the text with that ID
from the chosen language's catalog on flash (lang/LANG.bin, fishtable.ui.catalog); no text of
either language is in the bytecode.  A text made at run time (a str) is looked up by its English
in the catalog's index.  Until a catalog is chosen `t` gives a str back as it is, and a number
as "#ID" followed by " %s" for each specifier ("#12 %s": a template still takes its values).
Pure: the catalog's readers are handed in by the app.
"""

from micropython import const

IDS = False  # True in a board's bytecode: its texts are IDs (tools/textids.py sets it)
_SETS = const(31)  # the reader's kept texts: 32 sets of two (fishtable.ui.catalog.Catalog.kept)
_lookup = None  # a function english -> translated text or None; set by `use`
_by_id = None  # a function ID -> text or None
_kept = None  # the reader's kept texts, looked at here first (a call less for a text shown again)


def t(english):
    """The text to show for `english` (a str or a text's number) in the chosen language (English
    when none is known; "#ID" and its specifiers as " %s" for a text no catalog has)."""
    if type(english) is int:
        n = english >> 3
        kept = _kept
        if kept is not None:
            at = (n & _SETS) << 2
            if kept[at] == n:
                return kept[at + 1]
            if kept[at + 2] == n:
                return kept[at + 3]
        found = None if _by_id is None else _by_id(n)
        return "#%d" % n + " %s" * (english & 7) if found is None else found
    if _lookup is None:
        return english
    found = _lookup(english)
    return english if found is None else found


def n_(english):
    """Mark `english` as a text for the catalogs where `t` cannot be called yet (import time)."""
    return english


def use(lookup, by_id=None, kept=None):
    """Show texts through `lookup` (english -> text or None; None: English) and `by_id` (ID ->
    text or None) whose last texts are in `kept` (fishtable.ui.catalog.Catalog.kept)."""
    global _lookup, _by_id, _kept
    _lookup = lookup
    _by_id = by_id
    _kept = kept
