"""Playing Yo Fish!: place or cover, the card values, the points shown before OK; the hidden
bonuses of the advanced game after the last turn; the score track of all players."""

from fishtable.ui.play import Play as Base
from fishtable.ui.widgets import Ask

PLACE = "Place"
COVER = "Cover"


def _numbers(low, high):
    values = list(range(low, high + 1))
    return [str(v) for v in values], values


class Play(Base):
    """The Yo Fish! play screen."""

    def root(self, app):
        self.value = getattr(self, "value", 1)
        game = app.match.game
        waiting = game.awaiting_hidden()
        self.hidden_for = None
        if len(waiting) > 1:  # the table enters the bonuses in any order
            self._seen_n = -1
            app.fx.off()
            self.step(Ask("Hidden bonus of", ["P%d" % p for p in waiting], waiting), self._bonus_of, None)
        elif waiting:
            self._bonus_of(app, waiting[0], None)
        else:
            self.step(Ask("Play a card:", [PLACE, COVER]), self._verb, None)

    def _bonus_of(self, app, player, back=-1):
        self.hidden_for = player
        self._seen_n = -1  # the header shows this player now
        self.enter(app)
        labels, values = _numbers(0, 99)
        self.step(
            Ask("Hidden bonus", labels, values, 0, True, lambda k: "+%d" % k),
            self._hidden,
            self._back_root if back == -1 else back,
        )

    def shown_player(self, app):
        waiting = app.match.game.awaiting_hidden()
        if waiting:  # the bonuses: the player whose bonus is being entered (none while choosing whose)
            return getattr(self, "hidden_for", None)
        return app.match.game.next_player()

    def status(self, app):
        game = app.match.game
        if game.awaiting_hidden():
            return "bonus"
        return "pile %d" % game.pile

    def _verb(self, app, verb):
        top = app.settings["yo_max"]
        if verb == PLACE:
            labels, values = _numbers(1, top)
            ask = Ask("Place: value", labels, values, min(self.value, top) - 1, True)
            self.step(ask, self._place_value, self._back_root)
        else:
            labels, values = _numbers(2, top)
            ask = Ask("Cover: value", labels, values, max(0, min(self.value, top) - 2), True)
            self.step(ask, self._cover_value, self._back_root)

    def _back_root(self, app):
        self.root(app)

    def _place_value(self, app, v):
        self.value = v
        game = app.match.game
        labels, values = _numbers(0, 4)
        ask = Ask("Matching: %d" % v, labels, values, 0, True, lambda m: "+%d" % game.points_of(("place", v, m)))
        self.step(ask, lambda a, m: self.done(a, ("place", v, m)), lambda a: self._verb(a, PLACE))

    def _cover_value(self, app, v):
        self.value = v
        game = app.match.game
        labels, values = _numbers(1, v - 1)
        ask = Ask("%d covers" % v, labels, values, v - 2, True, lambda w: "+%d" % game.points_of(("cover", v, w)))
        self.step(ask, lambda a, w: self.done(a, ("cover", v, w)), lambda a: self._verb(a, COVER))

    def _hidden(self, app, k):
        self.done(app, ("hidden", self.hidden_for, k))

    def texts(self, app):
        return Base.texts(self, app) + (self.score_texts(app.match.game),)

    def body(self, app, fb):
        self.ask.draw(fb, 2, 4)
        self.score_strip(app, fb, 6, self.current(app)[3])
