"""`make screens` (tools/screens.py): it writes every picture it promises, the contact
sheet has every screen of every game under the game's heading, every frame on it passes the
strict drawing and the pixel layout check, and docs/screens/ holds what it writes now."""

import os
import re

import pytest
import screens
from conftest import ROOT

DOCS = os.path.join(ROOT, "docs", "screens")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """screens.main into a fresh folder, once: (folder, the contact sheet's cells)."""
    out = tmp_path_factory.mktemp("screens")
    sheets = []
    write = screens.write_contact_sheet

    def keep(cells, path, **kw):
        sheets.append(cells)
        return write(cells, path, **kw)

    screens.write_contact_sheet = keep
    try:
        assert screens.main([str(out)]) == 0
    finally:
        screens.write_contact_sheet = write
    GERMAN[:] = sheets[1]
    return str(out), sheets[0]


GERMAN = []  # the German contact sheet's cells, as `made` wrote them


def test_every_file_it_promises_is_written(made):
    from PIL import Image

    out, _ = made
    promised = screens.written()
    assert "all.png" in promised and set(screens.SHOTS) <= set(promised)
    for name in promised:
        path = os.path.join(out, name + ("" if name.endswith(".png") else ".png"))
        assert os.path.isfile(path), name
        image = Image.open(path)
        assert image.format == "PNG" and image.size[0] >= 128, name
    assert sorted(os.listdir(out)) == sorted(n if n.endswith(".png") else n + ".png" for n in promised)


def sections(cells):
    """{heading: [captions]} of a contact sheet's cells."""
    found = {}
    current = None
    for cell in cells:
        if cell[1] is None:
            current = found.setdefault(cell[0], [])
        else:
            current.append(cell[0])
    return found


WANTED = {  # captions (their beginnings) each section must have
    "Hi Fisch!": ("players", "seat colour", "who starts", "set-up checklist", "turn: flip kinds",
                  "turn: fish number", "turn: face-up cards", "turn: the last round", "scoring 1/",
                  "scoreboard", "undo question", "help 1/", "end: ranking", "end: points 1/"),
    "Hecht im Karpfenteich": ("players", "seat colour", "who starts", "drawn by lot", "action chips",
                              "set-up checklist", "turn: moves and chips", "turn: moved", "carp: nests",
                              "carp: nest 1's die", "carp: rolled", "carp: too few", "pike: owners",
                              "warnings", "6 players: the final turn", "scoreboard", "help 1/", "end: ranking"),
    "Yo Fish!": ("players", "seat colour", "who starts", "advanced game?", "set-up checklist",
                 "turn: place or cover", "place: value", "place: matching", "cover: value",
                 "cover: the covered", "turn: score strip", "bonus: whose", "bonus: the hidden",
                 "scoreboard", "help 1/", "end: ranking"),
    "The device: menus, players, history, stats, settings": (
        "main menu", "players: the roster", "letter picker", "player: rename", "settings",
        "settings: brightness", "settings: Yo Fish! cards", "settings: Hecht chips", "history: the games",
        "history: a game's ranking", "history: delete question", "stats: the game", "stats: a player",
        "dice", "dice: rolled", "about", "same players as last?", "a turn, players by name"),
}


def test_the_contact_sheet_has_every_screen_of_every_game_under_its_heading(made):
    from fishtable.ui import help

    _, cells = made
    found = sections(cells)
    assert list(found) == ["The device: menus, players, history, stats, settings", "Hi Fisch!",
                           "Hecht im Karpfenteich", "Yo Fish!"]
    for heading, wanted in WANTED.items():
        for caption in wanted:
            assert any(c.startswith(caption) for c in found[heading]), (heading, caption)
    for heading, game in (("Hi Fisch!", "hifisch"), ("Hecht im Karpfenteich", "hecht"), ("Yo Fish!", "yofish")):
        pages = [c for c in found[heading] if re.match(r"help \d+/\d+", c)]
        assert len(pages) == len(help.help_pages(game)), heading  # every help page
    seen = {}  # no walk took the same screen twice (a step that did not happen)
    heading = None
    for cell in cells:
        if cell[1] is None:
            heading = cell[0]
            continue
        assert (heading, cell[1]) not in seen, "%s: %r is %r again" % (heading, cell[0], seen[heading, cell[1]])
        seen[heading, cell[1]] = cell[0]


def test_the_layout_check_of_the_sheet_finds_a_fault(tmp_path):
    """The sheet's frames go through the pixel check: a box line through a letter is caught."""
    from fishtable.ui import draw
    from fishtable.ui.widgets import Screen

    class Boxed(Screen):
        def draw(self, app, fb):
            fb.rect(0, 4, 128, 56, 1)
            draw.text(fb, "Journal repaired", 0, 24)

    album = screens.Album(str(tmp_path))
    patched = draw.big, draw.icon
    try:
        rig = album.rig()
        album.snap(rig, "menu")
        assert album.faults == []
        rig.app.push(Boxed())
        album.snap(rig, "boxed")
    finally:
        draw.big, draw.icon = patched
        draw.set_strict(False)
    assert album.faults and album.faults[0].startswith("boxed: ")


def test_docs_screens_are_what_it_writes_now_and_the_readme_shows_them(made):
    """docs/screens/ was made by this tool as it is (regenerate with `make screens`), and every
    picture the README shows from it is there."""
    from PIL import Image, ImageChops

    out, _ = made
    for name in screens.written():
        name = name if name.endswith(".png") else name + ".png"
        new = Image.open(os.path.join(out, name)).convert("RGB")
        old = Image.open(os.path.join(DOCS, name)).convert("RGB")
        assert new.size == old.size and ImageChops.difference(new, old).getbbox() is None, (
            "docs/screens/%s is not what make screens writes now" % name)
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    shown = re.findall(r"docs/screens/([\w/]+\.png)", readme)
    assert "all.png" in shown and "hecht_play.png" in shown
    for name in shown:
        assert os.path.isfile(os.path.join(DOCS, name)), name


def test_the_german_contact_sheet_shows_no_english_word(made):
    """Every screen of the German sheet (menus, set-up, play, Help, History, Stats, Players, Settings)
    read back by the screen reader: no word of the English texts that German does not share."""
    from screenreader import Reader
    from test_lang import WORD, english_words

    reader = Reader()
    words = english_words()
    names = {"Anna", "Bob", "Cleo", "Dan", "Ann"}
    found = {}
    assert len(GERMAN) > 150
    for cell in GERMAN:
        if cell[1] is None:
            continue
        shown = "\n".join(reader.read(cell[1]).lines())
        for word in re.findall(WORD, re.sub(r"\[[^\]]*\]", " ", shown)):
            if word in words and word not in names:
                found.setdefault(word, "%s:\n%s" % (cell[0], shown))
    assert not found, "English on the German sheet:\n" + "\n".join(
        "%s in %s" % item for item in sorted(found.items())[:10])
