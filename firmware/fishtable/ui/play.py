"""The play screen every game shares: one pattern, a few hooks.

The screen shows a header (the player to move, big, with their colour and the game's status),
a step (a choice: `Ask`) and the game's details below it.  A turn is a chain of steps: each
step's OK either goes to the next step or makes a statement (`self.play(app, stmt)`), which the
app plays through the session; then `new_turn` starts the next turn's first step.

A game's screen (fishtable.ui.play_<game>) subclasses `Play` and overrides:
    first_step(app, game)        set the first step of a turn (`self.go(ask, on_ok, back)`)
    describe(app, game, view)    put the game's texts on `view` (made once per game state)
    draw_details(app, fb, view)  draw below the step (default: nothing)
and, where it needs to, `draw_header`, `shown_player` and `scored` (after a round's scoring).
Every choice a step offers comes from the rules core (the game's `..._offered`/`..._values`).
"""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.widgets import BACK, OK, Screen


class View:
    """What the screen shows of the game's state, made once per state (not at every frame):
    the player (1-based, or None), their label ("P1") and colour name, the game's status line;
    a game's `describe` adds its own fields."""

    def __init__(self):
        self.player = None
        self.label = None
        self.colour = ""
        self.status = ""


class Play(Screen):
    """Base of the play screens."""

    STEP_ROW = 2  # the step's first text row
    STEP_ROWS = 4  # rows the step may take
    WAITING = n_("Rolling...")  # shown while no step is offered (a spinner decides)

    def __init__(self, app):
        self.ask = None  # the step's choice (None while a spinner decides)
        self.on_ok = None  # what OK does with the chosen value
        self.back_to = None  # the previous step (a callable), or None at the first step
        self.view = None
        self.stale = True  # the view must be made again
        self._seen_game = None  # the state the view was made for: the game object, statements
        self._seen_n = -1

    # -- hooks ---------------------------------------------------------------
    def first_step(self, app, game):
        """Set the first step of a turn."""

    def describe(self, app, game, view):
        """Put the game's texts on `view`."""

    def draw_details(self, app, fb, view):
        """Draw the game's details below the step."""

    def shown_player(self, app):
        """The player the screen is about (the one to move)."""
        return app.match.game.next_player()

    def scored(self, app):
        """A statement ended a round whose scoring the table sees (the app calls this)."""
        self.enter(app)

    # -- steps ---------------------------------------------------------------
    def new_turn(self, app):
        """Start the turn of the game's state now: its first step."""
        self.stale = True
        self.first_step(app, app.match.game)

    def go(self, ask, on_ok, back_to):
        """Go to a step: a choice, what OK does with its value, and where BACK leads."""
        self.ask = ask
        self.on_ok = on_ok
        self.back_to = back_to

    def wait(self):
        """No step while a spinner decides (keys wait for it)."""
        self.ask = None
        self.on_ok = None

    def back_to_first(self, app):
        """BACK from a later step: the turn's first step again."""
        self.first_step(app, app.match.game)

    def play(self, app, stmt):
        """Make a statement: the app plays it and shows what follows."""
        return app.submit(stmt)

    # -- the screen ----------------------------------------------------------
    def enter(self, app):
        if self.ask is None and self.on_ok is None and app.match is not None and self.view is None:
            self.new_turn(app)
        player = self.shown_player(app) if app.match is not None else None
        if player is not None:
            app.fx.player(app.rgb_of(player))
        else:
            app.fx.off()

    def key(self, app, ev):
        if ev == BACK:
            if self.back_to is not None:
                self.back_to(app)
            else:
                from fishtable.ui.scoreboard import GameMenu

                app.push(GameMenu(app))
            return
        if self.ask is not None and self.ask.key(ev):
            return
        if ev == OK and self.on_ok is not None and self.ask is not None and self.ask.labels:
            self.on_ok(app, self.ask.value())

    def current(self, app):
        """The view of the state now, made again only when the state changed (undo rebuilds a new
        game object) or the screen said so (`stale`)."""
        match = app.match
        if self.stale or self._seen_game is not match.game or self._seen_n != len(match.statements):
            view = View()
            player = self.shown_player(app)
            if player is not None:
                view.player = player
                view.label = match.label(player)
                view.colour = t(COLOUR_NAMES[app.colour_of(player)])
            self.describe(app, match.game, view)
            self.view = view
            self.stale = False
            self._seen_game = match.game
            self._seen_n = len(match.statements)
        return self.view

    def draw(self, app, fb):
        view = self.current(app)
        self.draw_header(app, fb, view)
        if self.ask is None:
            draw.centre(fb, t(self.WAITING), self.STEP_ROW + 1)
        else:
            self.ask.draw(fb, self.STEP_ROW, self.STEP_ROWS)
        self.draw_details(app, fb, view)

    def draw_header(self, app, fb, view):
        """The player to move, big, their colour's name beside, the status line under it."""
        if view.player is not None:
            draw_who(fb, view.label, view.colour)
        draw.text(fb, view.status, 40, 8)


def draw_who(fb, label, colour):
    """The player to move on the header's top row: big in the left 40 pixels when it fits ("P1"),
    else the whole name in small letters; their colour's name beside (from pixel 40, or after a
    longer name: 8 letters and 6 fit the row), so the header's second row keeps x 40 on free."""
    if len(label) <= 2:
        draw.big(fb, label, 0, 0)
    else:
        draw.text(fb, label, 0, 0)
    draw.text(fb, colour, max(40, 8 * len(label) + 8), 0)


def strip_labels(match):
    """The score strip's label of each player: their name where it fits its column beside the
    ">" mark, else "P<n>" (made once a game)."""
    players = match.players
    room = draw.WIDTH // players // 8 - 1
    out = []
    for p in range(1, players + 1):
        name = match.label(p)
        out.append(name if len(name) <= room else t("P%d") % p)
    return out


def score_texts(game, labels):
    """What a score strip shows: (player to move, labels, scores as text)."""
    scores = game.scores()
    return game.next_player(), labels, [str(s) for s in scores]


def score_strip(fb, row, texts):
    """Every player's score in columns on two rows, the player to move marked ">P2" (no bar: a
    bar there would leave no lit row between the labels and the scores)."""
    player, labels, scores = texts
    n = len(scores)
    width = draw.WIDTH // n
    for i in range(n):
        x = i * width
        if player == i + 1:
            draw.text(fb, ">", x, row * 8)
        draw.text(fb, labels[i], x + 8, row * 8)
        draw.text(fb, scores[i], x + 8, row * 8 + 8)
