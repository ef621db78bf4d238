"""What the three play screens share: the header (whose turn, big; their colour), a step
machine of choices (`Ask`), the score strip, and BACK to the game menu.

The texts that follow from the game state alone (labels, numbers, warnings) are made once per
state by `texts()` and kept (`current()`), not formatted again for every frame: a frame that
only moves the cursor allocates (almost) nothing."""

from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.widgets import BACK, OK, Screen


class Play(Screen):
    """Base of a play screen.  Subclasses set `self.ask` and `self.on_ok` in `root()` and steps."""

    def __init__(self, app):
        self.ask = None
        self.on_ok = None
        self.back_to = None  # previous step (a callable), or None at the root
        self._seen_game = None  # the state `_texts` were made for: game object, statements
        self._seen_n = -1
        self._texts = None
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

    def texts(self, app):
        """The texts of the current game state: (player, "P<n>" or None, status); subclasses
        extend the tuple with their own."""
        player = self.shown_player(app)
        return (player, None if player is None else "P%d" % player, self.status(app))

    # -- shared --------------------------------------------------------------
    def current(self, app):
        """`texts()` of the state now, made again only when the state changed.  The state is a
        function of the game object and its statements (undo rebuilds a new game object)."""
        match = app.match
        if self._seen_game is not match.game or self._seen_n != len(match.statements):
            self._texts = self.texts(app)
            self._seen_game = match.game
            self._seen_n = len(match.statements)
        return self._texts

    def shown_player(self, app):
        """The player the screen is about (the one to move)."""
        return app.match.game.next_player()

    def step(self, ask, on_ok, back_to):
        """Go to a step: a choice, what OK does with its value, and where BACK leads."""
        self.ask = ask
        self.on_ok = on_ok
        self.back_to = back_to

    def enter(self, app):
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

    def done(self, app, stmt):
        """Submit a statement; on success start the next turn's choice and move on."""
        if app.submit(stmt):
            self.root(app)
            app.proceed()
            return True
        return False

    def draw_player(self, app, fb, player, label=None):
        """The player to move, big (`label`: "P<n>" when already made), and their colour's name beside."""
        draw.big(fb, label or "P%d" % player, 0, 0)
        draw.text(fb, COLOUR_NAMES[app.colour_of(player)], 40, 0)

    def draw(self, app, fb):
        texts = self.current(app)
        if texts[0] is not None:
            self.draw_player(app, fb, texts[0], texts[1])
        draw.text(fb, texts[2], 40, 8)
        self.body(app, fb)

    @staticmethod
    def score_texts(game):
        """What the score strip shows: (player to move, "P<n>" labels, scores as text)."""
        scores = game.scores()
        return game.next_player(), ["P%d" % (i + 1) for i in range(len(scores))], [str(s) for s in scores]

    def score_strip(self, app, fb, row, texts=None):
        """Every player's score in columns on two rows; the player to move inverted.  `texts`:
        score_texts() of the state when already made."""
        player, labels, scores = texts or self.score_texts(app.match.game)
        n = len(scores)
        width = draw.WIDTH // n
        for i in range(n):
            x = i * width
            if player == i + 1:
                fb.fill_rect(x, row * 8, width - 2, 8, 1)
                draw.text(fb, labels[i], x + 1, row * 8, 0)
            else:
                draw.text(fb, labels[i], x + 1, row * 8)
            draw.text(fb, scores[i], x + 1, row * 8 + 8)
