"""The German machinery (issue 41): ä ö ü Ä Ö Ü ß drawn in 8x8, inverted and 2x text and read back
by the screen reader, English drawn as before; the binary catalog (tools/texts.py) read on the
board by seeking, a damaged or missing one giving English and a message; under both interpreters."""

import os
import struct

import pytest
import texts
from screenreader import Reader

GERMAN = ("Zurück zählt", "Übersicht Größe", "Äpfel Öl süß", "Grüße")


def _read(hexframe):
    return Reader().read(bytes.fromhex(hexframe))


def test_letters_drawn_and_read(run_fw):
    screen = _read(run_fw.call("lang.drawn", list(GERMAN), True))
    assert screen.row(0) == GERMAN[0]
    assert screen.highlighted() == [GERMAN[1]]
    assert screen.row(4) == GERMAN[2]
    assert screen.big_texts() == [GERMAN[3]]


def test_english_drawn_as_before(run_fw):
    english = ["Back to menu", "Settings", "Round 3 ~", "Hi!"]
    assert run_fw.call("lang.drawn", english, True) == run_fw.call("lang.drawn", english, False)


def test_each_letter_has_its_own_glyph():
    from fishtable.ui import draw

    assert len(draw.GLYPHS) == 8 * len(draw.EXTRA)
    cells = {draw.GLYPHS[i:i + 8] for i in range(0, len(draw.GLYPHS), 8)}
    assert len(cells) == len(draw.EXTRA)
    reader = Reader()
    for i, ch in enumerate(draw.EXTRA):
        assert reader.small[draw.GLYPHS[8 * i:8 * i + 8]][0] == ch


TABLE = {"Settings": "Einstellungen", "Round %d": "Runde %d", "Back": "Zurück",
         "P2 Red\n player 2": "S2 Rot\n Spieler 2", "Grüße": "", "x" * 300: "ü" * 500}


@pytest.fixture
def catalog_file(tmp_path):
    lang = tmp_path / "lang"
    lang.mkdir()
    path = lang / "de.bin"
    path.write_bytes(texts.compile_catalog(TABLE))
    return path


def test_catalog_looked_up(run_fw, catalog_file):
    asked = list(TABLE) + ["Not in it", "", "Settings "]
    first, again = run_fw.call("lang.looked_up", str(catalog_file), asked)
    want = list(TABLE.values()) + [None, None, None]
    assert first == want
    assert again == want


def _damaged(data):
    count, _seed, ids = struct.unpack_from("<HHH", data, 4)
    yield "empty", b""
    yield "not a catalog", b"FTC1" + data[4:]
    yield "cut", data[:-3]
    yield "longer", data + b"x"
    yield "index cut", data[:12 + 3 * count]
    yield "header only", data[:12]


def test_damaged_catalog_gives_english(run_fw, catalog_file):
    data = catalog_file.read_bytes()
    assert run_fw.call("lang.opened", str(catalog_file)) == [None, "Einstellungen"]
    for name, bad in _damaged(data):
        catalog_file.write_bytes(bad)
        said, shown = run_fw.call("lang.opened", str(catalog_file))
        assert shown == "Settings", name
        assert said == "Language file damaged: English", (name, said)
    os.remove(catalog_file)
    said, shown = run_fw.call("lang.opened", str(catalog_file))
    assert shown == "Settings" and said == "Language file missing: English"


def test_damaged_entries_give_english(run_fw, catalog_file):
    data = bytearray(catalog_file.read_bytes())
    count, _seed, ids = struct.unpack_from("<HHH", data, 4)
    table = 12 + 6 * count
    first = struct.unpack_from("<H", data, table + 2 * sorted(TABLE).index("Settings"))[0]
    data[table + 2 * (ids + 1) + first] = 0xFF  # not UTF-8
    catalog_file.write_bytes(bytes(data))
    first, _ = run_fw.call("lang.looked_up", str(catalog_file), list(TABLE))
    assert first.count(None) == 1


# -- the language setting: the first start's question and Settings --------------------------------
SMALL = {"Round %d": "Runde %d", "Language %s": "Sprache %s", "Language": "Sprache"}  # (menus by their t())


def _board(tmp_path, table=SMALL):
    """A board folder with a German catalog beside its data folder."""
    (tmp_path / "lang").mkdir()
    (tmp_path / "lang" / "de.bin").write_bytes(texts.compile_catalog(table))
    return str(tmp_path)


def _reader_screen(rig):
    return Reader().read(rig.glass())


def test_first_start_asks_the_language(tmp_path):
    from simlib.rig import NEXT, OK, Rig

    from fishtable.text import t
    from fishtable.ui import draw

    rig = Rig(_board(tmp_path))
    try:
        screen = _reader_screen(rig)
        assert screen.row(0) == "Language/Sprache" and screen.big_texts() == ["English"], screen.text()
        assert rig.offered() == ["en", "de"]
        rig.press(NEXT)
        assert _reader_screen(rig).big_texts() == ["Deutsch"]
        rig.press(OK)
        assert t("Round %d") == "Runde %d"
        assert "language=de" in (tmp_path / "data" / "settings.txt").read_text()
        assert t("Settings") in rig.labels()
        rig.menu(t("Settings"))
        assert rig.labels()[-1] == "Sprache Deutsch"
        rig.menu("Sprache Deutsch")
        assert _reader_screen(rig).row(0) == "Sprache"
        rig.choose("en")
        assert t("Round %d") == "Round %d" and rig.labels()[-1] == "Language English"
        rig2 = Rig(str(tmp_path))  # asked once: the settings file is there now
        assert "Settings" in rig2.labels()
    finally:
        draw.set_strict(False)
        draw.extend(False)


def test_no_catalog_no_question_no_line(tmp_path):
    from simlib.rig import Rig

    from fishtable.ui import draw

    rig = Rig(str(tmp_path))
    try:
        assert rig.labels()[-2:] == ["Settings", "About"]
        rig.menu("Settings")
        assert not any(x.startswith("Language") for x in rig.labels())
    finally:
        draw.set_strict(False)


def test_saved_german_without_catalog_says_so(tmp_path):
    from simlib.rig import Rig

    from fishtable.store import Store
    from fishtable.text import t
    from fishtable.ui import draw, prefs

    values = prefs.defaults()
    values["language"] = "de"
    Store(root=str(tmp_path / "data")).save_settings(values)
    rig = Rig(str(tmp_path))
    try:
        assert "Language file missing: English" in " ".join(Reader().read(rig.glass()).text(False).split())
        assert t("Settings") == "Settings"
    finally:
        draw.set_strict(False)


# -- a game of each title in German, through the buttons ------------------------------------------
TITLE_RECORDS = ("hifisch-2p.fish", "hecht-3p.fish", "yofish-3p-basic.fish")
WORD = r"[A-Za-zÄÖÜäöüß]+"


def english_words():
    """The words of the device's English texts that no German text has (3 letters or more; the game
    titles stay as they are): none of them may show on a German panel."""
    import re

    from fishtable.core import games

    german = set(re.findall(WORD, " ".join(texts.catalog(texts.load("de")).values())))
    words = set()
    for eng in texts.english():
        words.update(w for w in re.findall(WORD, texts.SPEC.sub(" ", eng)) if len(w) >= 3 and w not in german)
    for game in games.GAMES:
        words.difference_update(re.findall(WORD, game.title))
    return words


def test_translator_finds_what_the_device_shows():
    tr = texts.Translator("en")
    assert tr("Round 3") == "Round 3"
    tr.table = {"Round %d": "Runde %d", "%s wins!": "%s gewinnt!", "Set-up": "Aufbau", "Chip: %s": "%s",
                "snail": "Schnecke"}
    tr.templates = [(texts._template(e), e, g) for e, g in tr.table.items() if "%" in e]
    tr.by_length = [e for e in tr.table if "%" not in e]
    assert [tr(x) for x in ("Round 3", "Ann wins!", "wins!", "Set-up 1/4", "Chip: snail", "Ann")] == [
        "Runde 3", "Ann gewinnt!", "gewinnt!", "Aufbau 1/4", "Schnecke", "Ann"]


@pytest.mark.parametrize("record", TITLE_RECORDS)
def test_a_game_of_each_title_in_german(interp, record):
    """The record set up and played through the buttons on a board set to German (strict drawing,
    every frame read back as drawn and legible); the panel shows no English word."""
    import re

    import autoplay

    want = autoplay.read_record(os.path.join(texts.ROOT, "records", record))
    seen = set()
    got, error = autoplay.autoplay(want, interp, check_reader=True, texts=seen, lang="de")
    assert error is None, error
    words = english_words()
    names = set(want.names or ())
    found = {}
    for frame in seen:
        for word in re.findall(WORD, re.sub(r"\[[^\]]*\]", " ", frame)):  # (icons are named in brackets)
            if word in words and word not in names:
                found.setdefault(word, frame)
    assert not found, "English on the German panel:\n" + "\n".join(
        "%s in:\n%s" % (word, frame) for word, frame in sorted(found.items())[:10])
