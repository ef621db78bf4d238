"""Help from the rulebooks, on the device: a game's help pages (legend, the device's rulings,
set-up) and the set-up checklist the table ticks through.

The texts live in each game's help module (helptext_<game>.py, named in the registry: pages of
at most 6 lines of 16 characters); `texts()` imports that module, takes its tuples and drops
the module at once, so they stay in RAM only while a screen holds them.  Wiring:

    from fishtable.ui import help
    help.show(app, "hecht")                                  # Help, from the scoreboard's menu
    help.checklist(app, "yofish", 4, on_done, advanced=True) # a set-up step; on_done(app, ticks)
    lines = help.start_rule("hifisch")                       # "Who last went\\nswimming ..."

The pages are English in the modules and shown through `t(page)`, whole (the page is the key of
its translation, lang/<language>/help.txt); `start_rule` gives the English key, for the caller
to decide by and to show through `t`.
"""

from fishtable import forget_module
from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Screen

SECTIONS = (n_("Legend"), n_("Rules"), n_("Set-up"))  # page titles
# A checklist item's conditions ("p3|text": only with 3 players, "adv|": the advanced game).  On a
# board an item is its text's number with its condition's index here above it (number + index
# << 16: tools/textids.py).
TAGS = ("", "adv", "p1", "p2", "p3", "p4", "p5", "p6")
LINES = 6  # text lines on a page below the title bar
ITEM_LINES = 4  # text lines of a checklist item (two hint lines below)
TITLE_H = 10  # the title bar: a lit pixel row above and below its letters
TOP = 12  # y of the first text line


def forget(name):
    """Drop the module fishtable.ui.`name` from memory (fishtable.forget_module)."""
    forget_module("fishtable.ui." + name)


def _from_module(game, names):
    """The values of `names` in `game`'s help module (None for one it lacks); the module is
    dropped again before this returns."""
    from fishtable.core.games import find, load

    info = find(game)
    if info is None:
        raise ValueError("no help for %s" % game)
    mod = load(info.help)
    out = tuple(getattr(mod, name, None) for name in names)
    mod = None
    forget(info.help.rpartition(".")[2])
    return out


def texts(game):
    """(LEGEND, RULES, SETUP, START) of `game` (a record's game name), from its help module in
    the registry; the module is dropped again before this returns."""
    return _from_module(game, ("LEGEND", "RULES", "SETUP", "START"))


def _tag(item):
    """An item's condition and text: "p2|text" -> ("p2", "text"); no tag -> ("", item); on a
    board (an ID, see TAGS) -> ("p2", the text's ID)."""
    if type(item) is int:
        return TAGS[item >> 16], item & 0xFFFF
    bar = item.find("|")
    if 0 < bar < 5:
        return item[:bar], item[bar + 1:]
    return "", item


def setup_items(game, players=0, advanced=False):
    """The set-up checklist of `game` for this table, in the chosen language: items tagged for
    another player count ("p3|") or for the advanced game ("adv|") only when they apply;
    players=0 keeps all."""
    items = []
    _, _, setup, start = texts(game)
    for item in setup:
        tag, text = _tag(item)
        if players and text == start:
            continue  # who starts was decided before the checklist
        if tag == "adv":
            if not advanced and players:
                continue
        elif tag and players and tag != "p%d" % players:
            continue
        items.append(t(text))
    return items


def start_rule(game):
    """Who starts by the rulebook, as lines of at most 16 characters joined by newlines (English:
    show it through `t`)."""
    return texts(game)[3]


def start_choice(game):
    """(start_rule(game), True when its rulebook draws lots for who starts: its help module's
    BY_LOT), from one load of the help module."""
    rule, lot = _from_module(game, ("START", "BY_LOT"))
    return rule, bool(lot)


def help_pages(game):
    """The help of `game` in the chosen language: [(section title, page text)], legend first, then
    the rulings, then the set-up items (as many to a page as fit, a blank line between)."""
    legend, rules, setup, _ = texts(game)
    title = t(SECTIONS[0])
    pages = [(title, t(p)) for p in legend]
    title = t(SECTIONS[1])
    pages.extend((title, t(p)) for p in rules)
    title = t(SECTIONS[2])
    page = ""
    for item in setup:
        text = t(_tag(item)[1])
        if page and page.count("\n") + 2 + text.count("\n") + 1 <= LINES:
            page += "\n\n" + text
        else:
            if page:
                pages.append((title, page))
            page = text
    if page:
        pages.append((title, page))
    return pages


def title_bar(fb, left, right=None):
    """A lit bar 10 pixels high with dark text: a clear (lit) row above and below the letters."""
    fb.fill_rect(0, 0, draw.WIDTH, TITLE_H, 1)
    draw.text(fb, left, 1, 1, 0)
    if right:
        draw.text(fb, right, draw.WIDTH - 1 - len(right) * 8, 1, 0)


def text_lines(fb, rows, y=TOP):
    """Rows made by `layout()`: (text, icon name or None, covered) drawn from pixel row `y` on."""
    for text, icon, covered in rows:
        if icon is None:
            draw.text(fb, text, 0, y)
        else:
            from fishtable.ui.icons import ICONS

            if covered:  # a covered chip: the icon dark on a lit square
                fb.fill_rect(0, y, 8, 8, 1)
            draw.icon(fb, ICONS[icon], 0, y, 0 if covered else 1)
            draw.text(fb, text, 16, y)
        y += 8


def layout(text):
    """A page's text -> rows (text, icon, covered): "@name rest" shows icon `name` before `rest`,
    "@!name rest" the icon covered (dark on a lit chip)."""
    rows = []
    for line in text.split("\n"):
        if line.startswith("@"):
            covered = line.startswith("@!")
            space = line.find(" ")
            if space < 0:
                space = len(line)
            rows.append((line[space + 1:], line[2 if covered else 1:space], covered))
        else:
            rows.append((line, None, False))
    return rows


class Pages(Screen):
    """Pages of text: PREV/NEXT turn them (round), OK or BACK leaves (`on_done(app)`, default:
    close); the title bar shows the page's section and "k/n"."""

    def __init__(self, pages, on_done=None, index=0):
        self.pages = pages  # [(title, text)]
        self.on_done = on_done
        self.index = index if 0 <= index < len(pages) else 0
        self._shown = -1
        self._rows = None
        self._count = None

    def key(self, app, ev):
        n = len(self.pages)
        if ev == PREV or ev == NEXT:
            if n:
                self.index = (self.index + (1 if ev == NEXT else -1)) % n
        elif ev == OK or ev == BACK:
            if self.on_done is not None:
                self.on_done(app)
            else:
                app.pop()

    def draw(self, app, fb):
        if not self.pages:
            title_bar(fb, t("Help"))
            draw.text(fb, t("No help here"), 0, TOP)
            return
        if self._shown != self.index:  # laid out once a page, not every frame
            self._rows = layout(self.pages[self.index][1])
            self._count = "%d/%d" % (self.index + 1, len(self.pages))
            self._shown = self.index
        title_bar(fb, self.pages[self.index][0], self._count)
        text_lines(fb, self._rows)


class Checklist(Screen):
    """A checklist, one item at a time: OK ticks it, NEXT skips it, PREV goes back one, BACK
    (a long press) skips all that are left.  After the last item `on_done(app, ticks)` runs
    (ticks: a bytearray, 1 for each item ticked); without `on_done` the screen closes."""

    def __init__(self, items, on_done=None, title=SECTIONS[2]):
        self.items = items
        self.on_done = on_done
        self.title = title
        self.index = 0
        self.ticks = bytearray(len(items))
        self._shown = -1
        self._rows = None
        self._head = None

    def key(self, app, ev):
        if ev == OK or ev == NEXT:
            if self.items:
                self.ticks[self.index] = 1 if ev == OK else 0
            self.index += 1
            if self.index >= len(self.items):
                self.finish(app)
        elif ev == PREV:
            if self.index > 0:
                self.index -= 1
        elif ev == BACK:
            self.finish(app)

    def finish(self, app):
        """The table is done (or skipped the rest)."""
        self.index = max(0, min(self.index, len(self.items) - 1))
        if self.on_done is not None:
            self.on_done(app, self.ticks)
        else:
            app.pop()

    def draw(self, app, fb):
        if self._shown != self.index:
            self._rows = layout(self.items[self.index]) if self.items else []
            self._head = "%s %d/%d" % (t(self.title), self.index + 1, len(self.items))
            self._shown = self.index
        title_bar(fb, self._head, t("done") if self.items and self.ticks[self.index] else None)
        text_lines(fb, self._rows)
        draw.line(fb, t("OK:done >:skip"), 6)
        draw.line(fb, t("hold OK:skip all"), 7)


def show(app, game):
    """Push the help pages of `game`."""
    app.push(Pages(help_pages(game)))


def checklist(app, game, players, on_done=None, advanced=False):
    """Push the set-up checklist of `game` for `players` (and the advanced game's steps)."""
    app.push(Checklist(setup_items(game, players, advanced), on_done))
