"""Who sits where, the set-up's seat steps (fishtable.ui.setup.Setup): each seat's player (a
roster name, or Guest) and colour (Hecht too: among the six pike colours), or the same players
as last time in one press.  Without a roster only the colours are asked (seats stay P1, P2...)."""

from fishtable.core.match import COLOURS, GUEST, PIKE_COLOURS, is_guest
from fishtable.text import t
from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.ringfx import RGB
from fishtable.ui.widgets import BACK, OK, Menu, Picker, Screen


def offer_last(setup, app):
    """Put "Same as last time?" over the players' count when the game's last seating had roster
    players (OK takes it; BACK leaves it for a new seating)."""
    last = app.store.last_players(setup.game.name)
    if last is None or not last[0]:
        return
    names, colours = last
    if not setup.game.low <= len(names) <= setup.game.high:
        return
    for name in names:
        if not is_guest(name):
            break
    else:
        return
    palette = [COLOURS.index(c) for c in colours] if colours else list(range(len(names)))
    app.push(LastSeats(setup, names, palette))


def ask_seat(setup, app, seat):
    """Who sits in `seat` (0-based): the roster's names not seated yet, and Guest."""
    if not setup.roster:
        ask_colour(setup, app, seat)
        return
    taken = setup.names[:seat]
    values = [n for n in setup.roster if n not in taken] + [GUEST]
    labels = values[:-1] + [t("Guest")]
    app.fx.off()
    app.push(Menu(t("Seat %d: who?") % (seat + 1), labels, values, lambda a, name: _seated(setup, a, seat, name)))


def _seated(setup, app, seat, name):
    del setup.names[seat:]  # back here from a later step: this seat is chosen again
    setup.names.append("%s%d" % (GUEST, seat + 1) if name == GUEST else name)
    ask_colour(setup, app, seat)


def ask_colour(setup, app, seat):
    """The colour of `seat`: the colours not taken yet (Hecht: the pike colours), the one it had
    last time first (Hecht: the seat's own)."""
    taken = setup.colours[:seat]
    pike = setup.game.fixed_colours
    free = [c for c in range(PIKE_COLOURS if pike else len(COLOUR_NAMES)) if c not in taken]
    saved = app.settings["colours"]
    want = seat if pike else int(saved[seat]) if seat < len(saved) else free[0]
    index = free.index(want) if want in free else 0
    labels = [t(COLOUR_NAMES[c]) for c in free]
    app.push(Picker(t("%s colour") % setup.label(seat + 1), labels, free,
                    lambda a, c: _coloured(setup, a, seat, c), None, index))
    app.fx.player(RGB[free[index]])


def _coloured(setup, app, seat, colour):
    colours = setup.colours
    del colours[seat:]
    colours.append(colour)
    if len(colours) < setup.players:
        ask_seat(setup, app, seat + 1)
        return
    if not setup.game.fixed_colours:  # remembered as the next game's offer
        saved = app.settings["colours"]
        chosen = "".join(str(c) for c in colours)
        # only the next set-up's offer: a full flash says so when the game begins
        app.save_settings("colours", chosen + "".join(ch for ch in saved if int(ch) not in colours), quiet=True)
    setup._ask_start(app)


class LastSeats(Screen):
    """The last seating of this game, each seat's name and colour; OK: the same players."""

    def __init__(self, setup, names, palette):
        self.setup = setup
        self.names = names
        self.palette = palette

    def key(self, app, ev):
        if ev == OK:
            setup = self.setup
            setup.players = len(self.names)
            setup.names = list(self.names)
            setup.colours = list(self.palette)
            setup._ask_start(app)
        elif ev == BACK:
            app.pop()

    def draw(self, app, fb):
        draw.title(fb, t("Same as last?"))  # a lit row above and below its letters
        names = self.names
        for i in range(len(names)):
            name = names[i] if not is_guest(names[i]) else t("Guest")
            y = draw.BELOW_TITLE + 8 * i
            colour = t(COLOUR_NAMES[self.palette[i]])
            draw.text(fb, name, 0, y)
            draw.text(fb, colour, draw.WIDTH - 8 * len(colour), y)
        if len(names) < 6:
            draw.line(fb, t("OK:yes hold:new"), 7)
