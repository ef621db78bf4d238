"""Texts as IDs in the board's bytecode (issue 41): the install's one compile step (tools/flash.build,
for `make flash`, `make web` and the bench) writes every t()/n_() literal and every help text as its
ID (tools/textids.py), so no text of either language is left in a compiled .mpy; both catalogs
have every ID's text; the board reads them by ID, a missing or damaged catalog giving English or
"#ID" and a message; games played through the buttons on the compiled firmware, in English and in
German, show the same frames as from source."""

import ast
import os
import struct

import autoplay
import flash
import pytest
import textids
import texts
from benchlib import modules

from fishtable.ui import help

IDS = textids.numbers()  # {text: its number in the bytecode: ID << 3 | its count of %-specifiers}
ORDER = texts.ids()


def _id(text):
    return IDS[text] >> textids.ARGS
TITLE_RECORDS = ("hifisch-2p.fish", "hecht-3p.fish", "yofish-3p-basic.fish")


# -- the rewrite ----------------------------------------------------------------------------------

def test_rewrite_keeps_lines_and_writes_ids():
    src = ('from fishtable.text import t, n_\nA = n_("Alpha")\nB = n_("Beta"\n       "gamma")\n'
           'def f(x):\n    return t("Round %d") % x + t(x) + t("Al"\n "pha") + "Alpha"\n')
    out = textids.rewrite("fishtable/ui/x.py", src, {"Alpha": 0, "Betagamma": 1, "Round %d": 2})
    assert out == ('from fishtable.text import t, n_\nA = (0)\nB = (1\n)\n'
                   'def f(x):\n    return t(2) % x + t(x) + t((0\n)) + "Alpha"\n')
    ast.parse(out)
    with pytest.raises(textids.TextIdError):
        textids.rewrite("fishtable/ui/x.py", src, {"Alpha": 0})


def test_help_texts_become_ids_with_their_conditions():
    src = ('"""Doc."""\nLEGEND = ("P1\\n a player",)\nSETUP = ("p2|Two\\n"\n         "players", "Plain")\n'
           'START = ("Plain")\n')
    out = textids.rewrite("fishtable/ui/helptext_toy.py", src, {"P1\n a player": 0, "Two\nplayers": 1, "Plain": 2})
    two = 1 | help.TAGS.index("p2") << textids.TAG_SHIFT
    assert out == '"""Doc."""\nLEGEND = ((0),)\nSETUP = ((%d\n), (2))\nSTART = ((2))\n' % two
    assert textids.TAGS == help.TAGS
    assert help._tag(two) == ("p2", 1) and help._tag(2) == ("", 2) and help._tag("adv|x") == ("adv", "x")


def test_numbers_say_how_many_values_a_template_takes():
    assert IDS["Settings"] & 7 == 0 and IDS["Round %d"] & 7 == 1
    assert [ORDER[n >> textids.ARGS] for n in (IDS["Settings"], IDS["Round %d"])] == ["Settings", "Round %d"]
    assert all(IDS[e] & 7 == len(texts.SPEC.findall(e.replace("%%", ""))) for e in ORDER)


def test_text_module_says_ids():
    with open(os.path.join(texts.FIRMWARE, "fishtable", "text.py")) as f:
        out = textids.rewrite("fishtable/text.py", f.read(), IDS)
    assert "\nIDS = True" in out and "IDS = False" not in out


def test_no_text_left_in_the_compiled_bytecode(mpy_firmware):
    """A text found in a .mpy (its names or string constants) is there only where the rewritten
    source uses that string for something else (a record's word: "eat", "snail")."""
    left = {}
    checked = 0
    for rel in flash.firmware_files():
        if not rel.endswith(".py") or rel in flash.SOURCE_NAMES:
            continue
        with open(os.path.join(texts.FIRMWARE, rel), encoding="utf-8") as f:
            tree = ast.parse(textids.rewrite(rel, f.read(), IDS))
        assert not list(texts.marked(rel, tree)), rel
        other = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                other.add(node.value)
            elif isinstance(node, ast.Name):
                other.add(node.id)
            elif isinstance(node, ast.Attribute):
                other.add(node.attr)
        names, strings = modules.mpy_strings(os.path.join(mpy_firmware, rel[:-3] + ".mpy"))
        checked += 1
        found = [s for s in names + strings if s in IDS and s not in other]
        if found:
            left[rel] = found
    assert checked > 50
    assert not left, left


# -- the catalogs -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def catalogs(tmp_path_factory):
    """A board's folder with both catalogs as the install writes them (lang/en.bin, lang/de.bin)."""
    folder = tmp_path_factory.mktemp("board")
    for rel, data in flash.catalog_files().items():
        (folder / rel).parent.mkdir(exist_ok=True)
        (folder / rel).write_bytes(data)
    return folder


def test_every_id_has_its_text_in_both_catalogs(run_fw, catalogs):
    english, again = run_fw.call("lang.by_id", str(catalogs / "lang" / "en.bin"), len(ORDER) + 1)
    assert english == ORDER + [None] and again == english
    table = texts.catalog(texts.load("de"))
    german, again = run_fw.call("lang.by_id", str(catalogs / "lang" / "de.bin"), len(ORDER) + 1)
    assert german == [table[e] for e in ORDER] + [None] and again == german


def _board(tmp_path, catalogs, damage=None):
    (tmp_path / "lang").mkdir(parents=True)
    for name in ("en.bin", "de.bin"):
        data = (catalogs / "lang" / name).read_bytes()
        data = damage(name, data) if damage else data
        if data is not None:
            (tmp_path / "lang" / name).write_bytes(data)
    return str(tmp_path / "data")


SHOWN = ("Settings", "Round %d")


def _shown(run_fw, root, lang):
    return run_fw.call("lang.chosen", root, lang, [IDS[e] for e in SHOWN] + ["Settings", "no text"])


def test_a_board_reads_its_texts_by_id(run_fw, tmp_path, catalogs):
    root = _board(tmp_path, catalogs)
    assert _shown(run_fw, root, "en") == [None, ["Settings", "Round %d", "Settings", "no text"]]
    assert _shown(run_fw, root, "de") == [None, ["Einstellungen", "Runde %d", "Einstellungen", "no text"]]


def _cut(which, keep):
    return lambda name, data: (data[:keep] if keep is not None else None) if name == which else data


@pytest.mark.parametrize("case, lang, damage, said, shown", [
    ("German missing", "de", _cut("de.bin", None), "Language file missing: English", "Settings"),
    ("German cut", "de", _cut("de.bin", -5), "Language file damaged: English", "Settings"),
    ("German header only", "de", _cut("de.bin", 12), "Language file damaged: English", "Settings"),
    ("English missing", "en", _cut("en.bin", None), "Text file lang/en.bin missing: flash again", "#ID"),
    ("English cut", "en", _cut("en.bin", 100), "Text file lang/en.bin damaged: flash again", "#ID"),
    ("both missing", "de", lambda name, data: None, "Text file lang/en.bin missing: flash again", "#ID"),
])
def test_missing_or_damaged_catalogs_say_so(run_fw, tmp_path, catalogs, case, lang, damage, said, shown):
    got_said, got = _shown(run_fw, _board(tmp_path, catalogs, damage), lang)
    assert got_said == said, case
    if shown == "#ID":  # (a template takes its values still)
        assert got[:2] == ["#%d" % _id("Settings"), "#%d %%s" % _id("Round %d")], case
    else:
        assert got[0] == shown, case
    assert got[2:] == ["Settings", "no text"], case  # (a str is its own English)


def _text_at(data, n):
    """Where the text with ID `n` starts in a catalog's bytes."""
    count, _seed, ids = struct.unpack_from("<HHH", data, 4)
    texts_at = 12 + 6 * count + 2 * (ids + 1)
    return texts_at + struct.unpack_from("<H", data, 12 + 6 * count + 2 * n)[0]


def test_a_damaged_german_text_gives_english(run_fw, tmp_path, catalogs):
    def damage(name, data):
        if name != "de.bin":
            return data
        data = bytearray(data)
        data[_text_at(data, _id("Settings"))] = 0xFF  # no UTF-8
        return bytes(data)

    said, got = _shown(run_fw, _board(tmp_path, catalogs, damage), "de")
    assert said is None and got[:2] == ["Settings", "Runde %d"]


def _offset_out(which):
    """A catalog damage: the offset of "Settings"'s text in `which` moved past the file's end."""

    def damage(name, data):
        if name != which:
            return data
        data = bytearray(data)
        count, _seed, ids = struct.unpack_from("<HHH", data, 4)
        struct.pack_into("<H", data, 12 + 6 * count + 2 * _id("Settings"), 0xFFF0)
        return bytes(data)

    return damage


def test_a_text_whose_entry_is_out_of_the_file(run_fw, tmp_path, catalogs):
    """German: the English instead (read from lang/en.bin); English: "#ID"; the rest as it was."""
    said, got = _shown(run_fw, _board(tmp_path / "de", catalogs, _offset_out("de.bin")), "de")
    assert said is None and got[:2] == ["Settings", "Runde %d"]
    said, got = _shown(run_fw, _board(tmp_path / "en", catalogs, _offset_out("en.bin")), "en")
    assert said is None and got[:2] == ["#%d" % _id("Settings"), "Round %d"]


# -- games through the buttons, compiled --------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("record", TITLE_RECORDS)
def test_compiled_games_show_the_source_frames(mpy_firmware, tmp_path, record, lang):
    """The record set up and played through the buttons under MicroPython on the compiled firmware
    (texts as IDs, read from the catalogs) and from source: every frame the same."""
    want = autoplay.read_record(os.path.join(texts.ROOT, "records", record))
    runs = []
    for firmware in (mpy_firmware, None):
        board = tmp_path / ("mpy" if firmware else "source")
        texts.install(str(board), lang)  # (the same flash for both: the catalogs, the language set)
        seen = {}
        got, error = autoplay.autoplay(want, "micropython", flash=str(board), check_reader=True, seen=seen,
                                       lang=lang, firmware=firmware)
        assert error is None, error
        runs.append((seen["digest"], seen["frames"]))
    assert runs[0] == runs[1]


def test_compiled_board_without_texts_says_so(mpy_firmware, tmp_path):
    """The compiled firmware on a flash without lang/en.bin: the panel says what is wrong and stays
    so, whatever is pressed (its screens have no words: nothing else starts)."""
    from simlib.device import Device

    with Device("micropython", flash=str(tmp_path), firmware=mpy_firmware) as dev:
        dev.wait(100)
        first = dev.text()
        for word in ("ok", "next", "back", "wait:3000"):
            dev.press(word)
        assert dev.text() == first and not dev.output
    assert first.split("\n")[:4] == ["Text file", "lang/en.bin", "missing: flash", "again"]
