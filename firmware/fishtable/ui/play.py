"""What the three play screens share: the header (whose turn, big; their colour), a step
machine of choices (`Ask`), the score strip, and BACK to the game menu."""

from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.widgets import BACK, OK, Screen


class Play(Screen):
    """Base of a play screen.  Subclasses set `self.ask` and `self.on_ok` in `root()` and steps."""

    def __init__(self, app):
        self.ask = None
        self.on_ok = None
        self.back_to = None  # previous step (a callable), or None at the root
        self.root(app)

    # -- to override ---------------------------------------------------------
    def root(self, app):
        """Set up the first choice of a turn."""

    def status(self, app):
        """A short line (<= 11 chars) beside the player: game state."""
        return ""

    def body(self, app, fb):
        """Draw the game-specific part below the header (rows 2-7)."""
        if self.ask is not None:
            self.ask.draw(fb, 2, 4)

    # -- shared --------------------------------------------------------------
    def shown_player(self, app):
        """The player the screen is about (the one to move)."""
        return app.match.game.next_player()

    def step(self, ask, on_ok, back_to):
        """Go to a step: a choice, what OK does with its value, and where BACK leads."""
        self.ask = ask
        self.on_ok = on_ok
        self.back_to = back_to

    def enter(self, app):
        if app.match is not None and self.shown_player(app) is not None:
            app.fx.player(app.rgb_of(self.shown_player(app)))

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

    def done(self, app, stmt):
        """Submit a statement; on success start the next turn's choice and move on."""
        if app.submit(stmt):
            self.root(app)
            app.proceed()
            return True
        return False

    def draw_player(self, app, fb, player):
        """The player to move, big, and their colour's name beside."""
        draw.big(fb, "P%d" % player, 0, 0)
        draw.text(fb, COLOUR_NAMES[app.colour_of(player)], 40, 0)

    def draw(self, app, fb):
        player = self.shown_player(app)
        if player is not None:
            self.draw_player(app, fb, player)
        draw.text(fb, self.status(app), 40, 8)
        self.body(app, fb)

    def score_strip(self, app, fb, row):
        """Every player's score in columns on two rows; the player to move inverted."""
        game = app.match.game
        scores = game.scores()
        n = len(scores)
        width = draw.WIDTH // n
        player = game.next_player()
        for i in range(n):
            x = i * width
            label = "P%d" % (i + 1)
            if player == i + 1:
                fb.fill_rect(x, row * 8, width - 2, 8, 1)
                draw.text(fb, label, x + 1, row * 8, 0)
            else:
                draw.text(fb, label, x + 1, row * 8)
            draw.text(fb, str(scores[i]), x + 1, row * 8 + 8)
