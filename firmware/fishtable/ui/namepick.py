"""The letter picker: a player's name typed with PREV / NEXT / OK (buttons or the encoder).

PREV / NEXT move through A-Z a-z 0-9 - and the two entries DONE and DELETE (wrapping round;
a held button repeats); OK adds the letter shown, or deletes the last letter, or finishes.
BACK (a long OK) is the quick delete: it takes the last letter off, and on an empty name it
leaves without a change.  After a capital the picker moves to its small letter (names are
mostly "Anna", not "ANNA").  Names are 1-8 of A-Z a-z 0-9 - (the record format's names).
"""

from micropython import const

from fishtable.core.match import MAX_NAME
from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.widgets import BACK, OK, Ask, Screen

DONE = n_("Done")  # (the values; the labels are their translations)
DELETE = n_("Del")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"
_SMALL = const(26)  # index of "a"


def entries():
    """What PREV / NEXT go through: DONE, the letters, DELETE (DONE is one PREV from "A")."""
    return [DONE] + list(_LETTERS) + [DELETE]


class NamePicker(Screen):
    """Type a name.  `on_done(app, name)` gets the name on DONE (it may refuse it with a message
    and leave the picker open); BACK on an empty name closes the picker."""

    def __init__(self, title, on_done, name=""):
        self.title = title
        self.on_done = on_done
        self.name = name
        values = entries()
        labels = list(values)
        labels[0] = t(DONE)
        labels[-1] = t(DELETE)
        start = 1 + _SMALL if name else 1  # "a" when renaming, "A" for a new name
        self.ask = Ask(None, labels, values, start)  # `ask`: what the test rig and the reader move

    def key(self, app, ev):
        if self.ask.key(ev):
            return
        if ev == BACK:
            if self.name:
                self.name = self.name[:-1]
            else:
                app.pop()
        elif ev == OK:
            chosen = self.ask.value()
            if chosen == DONE:
                if self.name:
                    self.on_done(app, self.name)
                else:
                    app.message(t("Type a name first"))
            elif chosen == DELETE:
                if self.name:
                    self.name = self.name[:-1]
                else:
                    app.message(t("No letter to delete"))  # a press is never swallowed
            elif len(self.name) >= MAX_NAME:
                app.message(t("A name has %d letters at most") % MAX_NAME)
            else:
                self.name += chosen
                at = _LETTERS.find(chosen)
                if at < _SMALL:  # a capital: the small letters come next
                    self.ask.index = 1 + _SMALL + at

    def draw(self, app, fb):
        draw.line(fb, self.title, 0)
        draw.big(fb, self.name, 0, 8)
        # the entry shown lit in the middle of row 4, its neighbours either side
        ask = self.ask
        labels = ask.labels
        shown = labels[ask.index]
        x = (draw.WIDTH - len(shown) * 8) // 2
        fb.fill_rect(x - 2, 31, len(shown) * 8 + 4, draw.BAR_H, 1)  # a lit row above and below
        draw.text(fb, shown, x, 32, 0)
        left = x - 4
        right = x + len(shown) * 8 + 4
        for step in range(1, 7):
            before = labels[(ask.index - step) % len(labels)]
            if left - len(before) * 8 >= 0:
                left -= len(before) * 8
                draw.text(fb, before, left, 32)
                left -= 8
            after = labels[(ask.index + step) % len(labels)]
            if right + len(after) * 8 <= draw.WIDTH:
                draw.text(fb, after, right, 32)
                right += len(after) * 8 + 8
        draw.line(fb, "%d/%d" % (len(self.name), MAX_NAME), 6)
        draw.line(fb, t("OK:add hold:del"), 7)
