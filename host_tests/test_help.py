"""The device's help (fishtable/ui/help.py, helptext*.py): every page fits the 16x8 screen, each
game's legend explains every word and symbol its screens use (helptext.SYMBOLS), the set-up
checklists follow the rulebooks, the content modules are dropped after use; the Pages and
Checklist screens driven on the device models (strict drawing: text off the screen or over
other text raises)."""

import os

import pytest
from screenreader import Reader
from simlib.rig import BACK, NEXT, OK, PREV, Rig

from fishtable.ui import draw, help
from fishtable.ui.helptext import SYMBOLS
from fishtable.ui.icons import ICONS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GAMES = ("hifisch", "hecht", "yofish")


def visible(line):
    """What a line puts on the screen, in character cells ("@icon rest": the icon takes two)."""
    if line.startswith("@"):
        rest = line.split(" ", 1)
        return "  " + (rest[1] if len(rest) > 1 else "")
    return line


def check_page(text, max_lines, where):
    lines = text.split("\n")
    assert 1 <= len(lines) <= max_lines, "%s: %d lines (at most %d)\n%s" % (where, len(lines), max_lines, text)
    for line in lines:
        assert len(visible(line)) <= draw.COLS, "%s: %r is %d characters" % (where, line, len(visible(line)))
        assert line == line.rstrip(), "%s: trailing space in %r" % (where, line)
        assert not line.endswith("-"), "%s: a word broken at %r" % (where, line)
        assert all(" " <= c <= "~" for c in line), "%s: %r has a character the 8x8 font lacks" % (where, line)
        if line.startswith("@"):
            name = line[2 if line.startswith("@!") else 1:].split(" ")[0]
            assert name in ICONS, "%s: no icon %r" % (where, name)


@pytest.mark.parametrize("game", GAMES)
def test_every_page_fits_the_screen(game):
    legend, rules, setup, start = help.texts(game)
    assert legend and rules and setup
    for i, page in enumerate(legend):
        check_page(page, help.LINES, "%s legend %d" % (game, i + 1))
    for i, page in enumerate(rules):
        check_page(page, help.LINES, "%s rules %d" % (game, i + 1))
    for i, item in enumerate(setup):
        check_page(help._tag(item)[1], help.ITEM_LINES, "%s set-up %d" % (game, i + 1))
    check_page(start, 3, "%s start rule" % game)
    pages = help.help_pages(game)
    assert len(pages) == len(legend) + len(rules) + len([p for p in pages if p[0] == "Set-up"])
    for title, text in pages:
        check_page(text, help.LINES, "%s help page %r" % (game, title))
        assert len(title) + 1 + len("%d/%d" % (len(pages), len(pages))) <= draw.COLS


@pytest.mark.parametrize("game", GAMES)
def test_the_legend_explains_every_symbol_of_the_screens(game):
    lines = "\n".join(help.texts(game)[0]).split("\n")
    for symbol in SYMBOLS[game]:
        found = [ln for ln in lines if ln.startswith(symbol) and (len(ln) == len(symbol) or ln[len(symbol)] in " :")]
        assert found, "%s: the legend has no line starting with %r (helptext.SYMBOLS)" % (game, symbol)


def test_a_legend_line_for_a_symbol_not_in_the_table_is_caught():
    """The coverage check itself: a symbol nobody explains is reported."""
    lines = "\n".join(help.texts("hifisch")[0]).split("\n")
    assert not [ln for ln in lines if ln.startswith("pk2")]


def test_set_up_checklists_follow_the_rulebooks():
    def text(items):
        return " ".join(" ".join(items).split())

    hifisch = text(help.setup_items("hifisch", 3))
    for words in ("Sandbank in the middle", "face-down", "loose heap", "shell on 10 random cards"):
        assert words in hifisch
    # who starts was decided before the checklist: it is not asked again (the Help still says it)
    assert "swimming" not in hifisch and "swimming" in text(t for _, t in help.help_pages("hifisch"))
    hecht = text(help.setup_items("hecht", 3))
    for words in ("board", "Snails and carp in a supply", "One carp in each of the 3 carp nests", "6 pikes",
                  "2 pikes on two adjacent start spaces, 4 kept as supply", "6 chips each"):
        assert words in hecht
    assert "lot" not in hecht
    assert "2 players" not in hecht and "2 players" in text(help.setup_items("hecht", 2))
    three = text(help.setup_items("yofish", 3))
    four = text(help.setup_items("yofish", 4, advanced=True))
    assert "remove 6" in three and "remove 5" not in three and "Advanced" not in three
    assert "remove 5" in four and "remove 6" not in four and "removed card, kept hidden" in four
    for items in (three, four):
        assert "Deal 6 cards each" in items and "3 cards from the pile" in items and "youngest" not in items
    # the help's own set-up pages show every item, tags taken off
    pages = " ".join(t for s, t in help.help_pages("yofish") if s == "Set-up")
    assert "remove 6" in pages and "remove 5" in pages and "|" not in pages


def test_start_rules():
    assert "swimming in the\nsea" in help.start_rule("hifisch")
    assert "lot" in help.start_rule("hecht")
    assert "youngest" in help.start_rule("yofish")
    with pytest.raises(ValueError):
        help.texts("chess")


def test_content_modules_are_dropped_after_use(run_fw):
    assert run_fw.call("help.dropped_after_use") == [
        ["hifisch", True, False, False], ["hecht", True, False, False], ["yofish", True, False, False]]


# -- the screens on the device models ------------------------------------------------------------
READER = []


def read(rig):
    """What a person reads on the rig's screen now (tools/screenreader.py): «inverted», [icon]."""
    if not READER:
        READER.append(Reader())
    return READER[0].read(rig.glass()).text()


@pytest.fixture
def rig(tmp_path):
    r = Rig(str(tmp_path), seed=3)
    yield r
    draw.set_strict(False)


@pytest.mark.parametrize("game", GAMES)
def test_pages_turn_round_and_leave(rig, game):
    menu = rig.top()
    help.show(rig.app, game)
    rig.run(20)
    screen = rig.top()
    n = len(screen.pages)
    seen = set()
    for k in range(n):  # every page drawn in strict mode: nothing off the screen or overlapping
        text = read(rig)
        assert "%d/%d" % (k + 1, n) in text
        seen.add(rig.glass())
        rig.press(NEXT)
    assert len(seen) == n and screen.index == 0  # NEXT on the last page wraps to the first
    rig.press(PREV)
    assert screen.index == n - 1 and "%d/%d" % (n, n) in read(rig)
    rig.press(OK)
    assert rig.top() is menu


def test_pages_show_the_chip_icons(rig):
    help.show(rig.app, "hecht")
    screen = rig.top()
    chips = [i for i, (_, text) in enumerate(screen.pages) if "@skip" in text][0]
    rig.press(NEXT, chips)
    rig.run(20)
    glass = rig.glass()

    def icon_at(rows, y, covered=False):
        for dy, bits in enumerate(rows):
            for dx in range(8):
                lit = bool(bits & (0x80 >> dx)) != covered
                if bool(glass[((y + dy) >> 3) * 128 + dx] & (1 << ((y + dy) & 7))) != lit:
                    return False
        return True

    rows = help.layout(screen.pages[chips][1])
    for i, (_, icon, covered) in enumerate(rows):
        if icon is not None:
            assert icon_at(ICONS[icon], help.TOP + 8 * i, covered), icon
    rig.press(BACK)
    assert type(rig.top()).__name__ == "MainMenu"


def test_checklist_ticks_skips_goes_back_and_reports(rig):
    done = []
    items = help.setup_items("yofish", 4, advanced=True)
    help.checklist(rig.app, "yofish", 4, lambda app, ticks: done.append(bytes(ticks)), advanced=True)
    rig.run(20)
    screen = rig.top()
    assert "Set-up 1/%d" % len(items) in read(rig) and "hold OK:skip all" in read(rig)
    rig.press(OK)  # ticked
    rig.press(NEXT)  # skipped
    rig.press(PREV)  # back to item 2
    assert screen.index == 1 and "done" not in read(rig).split("\n")[0]
    rig.press(PREV)
    assert "done" in read(rig).split("\n")[0]  # item 1 was ticked
    rig.press(PREV)  # nothing before the first
    assert screen.index == 0
    for _ in range(len(items) - 1):
        rig.press(OK)
    assert not done
    rig.press(NEXT)  # the last one skipped: the checklist is done
    assert done == [bytes([1] * (len(items) - 1) + [0])]


def test_checklist_skip_all_and_closing_without_a_callback(rig):
    menu = rig.top()
    done = []
    help.checklist(rig.app, "hecht", 2, lambda app, ticks: done.append(bytes(ticks)))
    rig.press(OK)
    rig.press(BACK)  # skip all
    assert done == [bytes([1] + [0] * (len(help.setup_items("hecht", 2)) - 1))]
    rig.app.pop()
    help.checklist(rig.app, "hifisch", 3)
    rig.press(NEXT, 4)
    assert rig.top() is menu


# -- the help in German (lang/de/help.txt) -----------------------------------------------------------


@pytest.fixture
def german():
    """Texts through the German catalog sources (tools/texts.py), the panel's German letters on."""
    from importlib import import_module

    import texts

    table = texts.catalog(texts.load("de"))
    # the modules in use now and the ones this file imported (an app test may have dropped them)
    uses = {id(f): f for f in (import_module("fishtable.text").use, help.t.__globals__["use"])}.values()
    extends = {id(f): f for f in (import_module("fishtable.ui.draw").extend, draw.extend)}.values()
    for use in uses:
        use(table.get)
    for extend in extends:
        extend(True)
    yield table
    for use in uses:
        use(None)
    for extend in extends:
        extend(False)


def german_symbol(symbol, table):
    """`symbol` as the German screens show it: its catalog entry, or a template's ("Round %d") German
    filled with the same numbers; None when neither makes it."""
    import re

    if symbol in table:
        return table[symbol]
    for english, german in table.items():
        if "%" not in english:
            continue
        numbers = re.fullmatch(re.escape(english).replace("%d", r"(\d+)").replace("%s", r"(\d+)"), symbol)
        if numbers and german.count("%") == english.count("%"):
            return german.replace("%s", "%d") % tuple(int(n) for n in numbers.groups())
    return None


@pytest.mark.parametrize("game", GAMES)
def test_german_pages_fit_and_each_legend_explains_the_german_screens(game, german):
    legend, rules, setup, start = help.texts(game)
    for page in legend + rules + setup + (start,):
        assert help._tag(page)[1] in german, "no German for %r" % page
    pages = help.help_pages(game)
    assert [p[0] for p in pages[:len(legend) + 1]] == ["Legende"] * len(legend) + ["Regeln"]
    for title, text in pages:
        check_page(text.replace("ä", "a").replace("ö", "o").replace("ü", "u").replace("ß", "s").replace("Ä", "A")
                   .replace("Ö", "O").replace("Ü", "U"), help.LINES, "%s German page %r" % (game, title))
    for item in help.setup_items(game, 0):
        assert len(item.split("\n")) <= help.ITEM_LINES
    assert len(german[start].split("\n")) <= 3
    # a legend line starts with each symbol as the German play screen shows it (its catalog's words)
    lines = "\n".join(german[p] for p in legend).split("\n")
    for symbol in SYMBOLS[game]:
        shown = german_symbol(symbol, german)
        if shown is None:
            continue  # not one whole text or filled template of the screens ("Entered: eat 2", ">P2")
        found = [ln for ln in lines if ln.startswith(shown) and (len(ln) == len(shown) or ln[len(shown)] in " :")]
        assert found, "%s: no German legend line starts with %r (%r)" % (game, shown, symbol)


@pytest.mark.parametrize("game", GAMES)
def test_german_pages_and_checklist_draw_and_read_back(rig, game, german):
    help.show(rig.app, game)
    rig.run(20)
    screen = rig.top()
    n = len(screen.pages)
    for k in range(n):  # strict drawing: nothing off the screen or over other text
        text = read(rig)
        title, page = screen.pages[k]
        assert text.split("\n")[0].startswith("«%s" % title), text
        for line in help.layout(page):
            assert line[0].strip() in text, (line, text)
        rig.press(NEXT)
    rig.press(OK)
    help.checklist(rig.app, game, 3 if game != "hecht" else 2)
    rig.run(20)
    rig.press(OK)
    rig.press(PREV)
    text = read(rig)
    assert "Aufbau 1/" in text and "getan" in text and "OK:getan >:nicht" in text and "OK halten:Ende" in text
