"""The Help screen's content modules (test_help.py; under both interpreters)."""


def dropped_after_use():
    """Per game: [game, more than 3 pages, its helptext module still in sys.modules, still an
    attribute of fishtable.ui] once help_pages() has read it."""
    import sys

    import fishtable.ui as ui
    from fishtable.ui import help

    out = []
    for game in ("hifisch", "hecht", "yofish"):
        pages = help.help_pages(game)
        name = "helptext_" + game
        out.append([game, len(pages) > 3, "fishtable.ui." + name in sys.modules, hasattr(ui, name)])
    return out
