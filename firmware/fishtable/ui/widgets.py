"""Widgets: the screen base class, a choice (list or big number picker), menu, picker and
confirm screens.  Keys: PREV/NEXT move, OK selects, BACK goes back (same codes as hw.keys).
"""


from micropython import const

from fishtable.events import BACK, NEXT, NONE, OK, PREV  # noqa: F401 - the screens take them from here
from fishtable.text import t
from fishtable.ui import draw

PITCH = 9  # pixel rows from one list line to the next
_BIG_COLS = const(8)  # 2x letters across the screen (a name of 8 fills it)
_MARK_COLS = const(14)  # a list line's letters that leave room for a scroll mark at the right edge
MARK_UP = b"\x00\x10\x38\x7c\xfe\x00\x00\x00"  # the scroll marks (8x8, as fishtable.ui.icons draws)
MARK_DOWN = b"\x00\x00\x00\xfe\x7c\x38\x10\x00"
PRESSED = bytearray(1)  # 1 while OK is down (the app sets it): a list's selected bar spans the width


class Screen:
    """A screen: a small state machine over key events that draws itself on the whole OLED."""

    def enter(self, app):
        """Called when the screen comes (back) to the top: set the ring here."""

    def key(self, app, ev):
        """Handle one key event."""

    def tick(self, app, now):
        """Advance animations; return True when the screen must be redrawn."""
        return False

    def draw(self, app, fb):
        """Draw the screen (the frame is already cleared)."""


class Ask:
    """A choice among labelled options: a scrolling list, or one big value with arrows."""

    def __init__(self, prompt, labels, values=None, index=0, big=False, note=None):
        self.prompt = prompt
        self.labels = labels
        self.values = values if values is not None else labels
        self.index = index if 0 <= index < len(labels) else 0
        self.big = big
        self.note = note  # value -> short text shown under a big value (e.g. "+7"), wrapped onto the rows left
        self.top = 0  # first visible row of a list
        self._note_at = -1  # the index `_note` was made for (made once, not every frame)
        self._note = None  # its lines

    def move(self, step):
        """Move the selection by `step`, wrapping around."""
        n = len(self.labels)
        if n:
            self.index = (self.index + step) % n

    def key(self, ev):
        """PREV/NEXT move; returns True if the key was used."""
        if ev == PREV:
            self.move(-1)
            return True
        if ev == NEXT:
            self.move(1)
            return True
        return False

    def value(self):
        """The selected value (None when there are no options)."""
        return self.values[self.index] if self.labels else None

    def draw(self, fb, row0, rows):
        """Draw on character rows row0 .. row0+rows-1 (the prompt on the first one)."""
        if self.prompt:
            draw.line(fb, self.prompt, row0)
            row0 += 1
            rows -= 1
        if not self.labels:
            return
        if self.big:
            label = self.labels[self.index]
            y = row0 * 8
            if len(label) > _BIG_COLS:  # too wide for 2x (a translated word): 1x, in the same place
                draw.centre_at(fb, label, y + 4)
            else:
                draw.big_centre(fb, label, y)
            if len(self.labels) > 1 and (len(label) < _BIG_COLS or _BIG_COLS < len(label) <= _MARK_COLS):
                # (8 big letters fill the width: no arrows)
                draw.text(fb, "<", 0, y + 4)
                draw.text(fb, ">", draw.WIDTH - 8, y + 4)
            if self.note is not None and rows > 2:
                if self._note_at != self.index:
                    self._note = draw.wrap(self.note(self.value()), draw.COLS, rows - 2)
                    self._note_at = self.index
                lines = self._note
                for i in range(len(lines)):
                    draw.centre(fb, lines[i], row0 + 2 + i)
            return
        # a list: 9 pixels a line, so the highlight's bar (10 high) keeps a lit row above and
        # below its letters and never touches the lines beside it
        shown = (rows * 8 - draw.BAR_H) // PITCH + 1
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + shown:
            self.top = self.index - shown + 1
        last = min(len(self.labels), self.top + shown)
        y = row0 * 8 + 1
        for i in range(self.top, last):
            label = self.labels[i]
            if i == self.index:  # the bar as wide as its text: fewer bytes to the panel when it moves
                fb.fill_rect(0, y - 1, draw.WIDTH if PRESSED[0] else len(label) * 8 + 2, draw.BAR_H, 1)
                draw.text(fb, label, 1 if len(label) < draw.COLS else 0, y, 0)
            else:
                draw.text(fb, label, 1 if len(label) < draw.COLS else 0, y)
            y += PITCH
        # scroll marks at the right edge: the list holds more above (top line) or below (last
        # line); a line whose label reaches the edge has none
        held = PRESSED[0]
        if self.top and len(self.labels[self.top]) <= _MARK_COLS and not (held and self.index == self.top):
            draw.icon(fb, MARK_UP, draw.WIDTH - 8, row0 * 8 + 1)
        if last < len(self.labels) and len(self.labels[last - 1]) <= _MARK_COLS and not (
                held and self.index == last - 1):
            draw.icon(fb, MARK_DOWN, draw.WIDTH - 8, y - PITCH)


class Menu(Screen):
    """A titled list; `on_ok(app, value)` on OK, `on_back(app)` on BACK (default: close)."""

    def __init__(self, title, labels, values=None, on_ok=None, on_back=None, index=0):
        self.ask = Ask(title, labels, values, index)
        self.on_ok = on_ok
        self.on_back = on_back

    def key(self, app, ev):
        if self.ask.key(ev):
            return
        if ev == OK and self.on_ok is not None:
            self.on_ok(app, self.ask.value())
        elif ev == BACK:
            if self.on_back is not None:
                self.on_back(app)
            else:
                app.pop()

    def draw(self, app, fb):
        self.ask.draw(fb, 0, draw.ROWS)


class Picker(Menu):
    """One value picked with PREV/NEXT, shown big; `info` lines above, `note(value)` below."""

    def __init__(self, title, labels, values=None, on_ok=None, on_back=None, index=0, note=None, info=()):
        Menu.__init__(self, title, labels, values, on_ok, on_back)
        self.ask = Ask(title, labels, values, index, True, note)
        self.info = info

    def draw(self, app, fb):
        row = 0
        for text in self.info:
            draw.line(fb, text, row)
            row += 1
        self.ask.draw(fb, row, draw.ROWS - row)


class Confirm(Screen):
    """A yes/no question: OK runs `on_yes(app)`, BACK (a held OK) runs `on_no(app)` (default: close)."""

    def __init__(self, question, on_yes, on_no=None, yes=None, no=None):
        self.lines = draw.wrap(question, draw.COLS, 5)
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = t("OK: yes") if yes is None else yes
        self.no = t("hold OK: no") if no is None else no

    def key(self, app, ev):
        if ev == OK:
            self.on_yes(app)
        elif ev == BACK:
            if self.on_no is not None:
                self.on_no(app)
            else:
                app.pop()

    def draw(self, app, fb):
        for i in range(len(self.lines)):
            draw.line(fb, self.lines[i], i)
        draw.line(fb, self.yes, 6)
        draw.line(fb, self.no, 7)


class Info(Screen):
    """Lines of text; OK or BACK runs `on_done(app)` (default: close)."""

    def __init__(self, lines, on_done=None):
        self.lines = lines
        self.on_done = on_done

    def key(self, app, ev):
        if ev == OK or ev == BACK:
            if self.on_done is not None:
                self.on_done(app)
            else:
                app.pop()

    def draw(self, app, fb):
        for i in range(min(len(self.lines), draw.ROWS)):
            draw.line(fb, self.lines[i], i)


def flash_error(err, undone=False):
    """What a player reads when the flash refused a write (the OSError `err`): not saved (not
    undone: `undone`) and why."""
    if err.args and err.args[0] == 28:  # ENOSPC, as the store's FlashFull says it
        if undone:
            return t("Not undone: Flash full. Delete games in History")
        return t("Not saved: Flash full. Delete games in History")
    return (t("Not undone (flash error %s)") if undone else t("Not saved (flash error %s)")) % err
