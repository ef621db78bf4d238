"""Playing Yo Fish!: place or cover, the card values, the points shown before OK; the hidden
bonuses of the advanced game after the last turn; the score track of all players."""

from fishtable.text import n_, t
from fishtable.ui import draw
from fishtable.ui.play import Play as Base
from fishtable.ui.play import score_strip, score_texts, strip_labels
from fishtable.ui.widgets import Ask

PLACE = n_("Place")  # the verbs' values; their labels are shown through `t`
COVER = n_("Cover")


def _choice(values):
    """Labels and values of a number picker over `values` (a range the core gives)."""
    values = list(values)
    return [str(v) for v in values], values


def matched_text(count, points):
    """A placed card's neighbours of its colour and its points: "none: value +5", "2 cards: +2"."""
    if not count:
        return t("none: value +%d") % points
    return (t("%d cards: +%d") if count > 1 else t("%d card: +%d")) % (count, points)


def said(game, stmt, label):
    """A play in the play screen's words, for the Undo question: "Placed 7: +7"."""
    points = game.points_of(stmt)
    verb = stmt[0]
    if verb == "place":
        if stmt[2]:
            return t("Placed %d by %d of its colour: +%d") % (stmt[1], stmt[2], points)
        return t("Placed %d: +%d") % (stmt[1], points)
    if verb == "cover":
        return t("Covered %d with %d: +%d") % (stmt[2], stmt[1], points)
    return t("%s's hidden bonus: +%d") % (label(stmt[1]), points)


class Play(Base):
    """The Yo Fish! play screen."""

    def __init__(self, app):
        Base.__init__(self, app)
        self.value = 1  # the last card value entered: the value pickers start there
        self.hidden_for = None  # whose hidden bonus is being entered (advanced game)
        self.strip = None  # the score strip's labels (names where they fit), made once
        self.final = None  # the last bonus entered: the final scores shown before the game is filed

    def first_step(self, app, game):
        waiting = game.awaiting_hidden()
        self.hidden_for = None
        self.final = None
        if len(waiting) > 1:  # the table enters the bonuses in any order
            self.stale = True
            app.fx.off()
            self.go(Ask(t("Hidden bonus of"), [app.match.label(p) for p in waiting], waiting), self._bonus_of, None)
        elif waiting:
            self._bonus_of(app, waiting[0], None)
        else:
            verbs = [PLACE, COVER] if game.middle else [PLACE]
            self.go(Ask(t("Play a card:"), [t(v) for v in verbs], verbs), self._verb, None)

    def _bonus_of(self, app, player, back=-1):
        self.hidden_for = player
        self.stale = True  # the header shows this player now
        self.enter(app)
        labels, values = _choice(app.match.game.bonus_values())
        self.go(Ask(t("Hidden bonus"), labels, values, 0, True, lambda k: "+%d" % k), self._hidden,
                self.back_to_first if back == -1 else back)

    def shown_player(self, app):
        game = app.match.game
        if game.awaiting_hidden():  # the bonuses: the player whose bonus is being entered (none while choosing)
            return self.hidden_for
        return game.next_player()

    def _verb(self, app, verb):
        game = app.match.game
        top = app.settings["yo_max"]
        if verb == PLACE:
            labels, values = _choice(game.place_values(top))
            ask = Ask(t("Place: value"), labels, values, min(self.value, top) - 1, True)
            self.go(ask, self._place_value, self.back_to_first)
        else:
            labels, values = _choice(game.cover_values(top))
            ask = Ask(t("Cover: value"), labels, values, max(0, min(self.value, top) - 2), True,
                      lambda v: t("Colours differ!"))
            self.go(ask, self._cover_value, self.back_to_first)

    def _place_value(self, app, v):
        self.value = v
        game = app.match.game
        labels, values = _choice(game.match_counts())
        ask = Ask(t("Card %d matches") % v, labels, values, 0, True,
                  lambda m: matched_text(m, game.points_of(("place", v, m))))
        self.go(ask, lambda a, m: self.play(a, ("place", v, m)), lambda a: self._verb(a, PLACE))

    def _cover_value(self, app, v):
        self.value = v
        game = app.match.game
        labels, values = _choice(game.covered_values(v))
        ask = Ask(t("Card %d covers") % v, labels, values, v - 2, True,
                  lambda w: t("+%d, both leave") % game.points_of(("cover", v, w)))
        self.go(ask, lambda a, w: self.play(a, ("cover", v, w)), lambda a: self._verb(a, COVER))

    def _hidden(self, app, k):
        game = app.match.game
        player = self.hidden_for
        if len(game.awaiting_hidden()) > 1:
            self.play(app, ("hidden", player, k))
            return
        # the last bonus ends the game: its final scores first, filed only by OK on "File the game"
        scores = game.scores()
        scores[player - 1] += k
        self.final = (None, self.strip, [str(s) for s in scores])
        self.go(Ask(t("Final scores:"), [t("File the game"), t("Undo bonus")], [k, -1]), self._file,
                lambda a: self._bonus_of(a, player, None))

    def _file(self, app, k):
        player = self.hidden_for
        self.final = None
        if k < 0:
            self._bonus_of(app, player, None)
        else:
            self.play(app, ("hidden", player, k))

    def describe(self, app, game, view):
        view.bonus = bool(game.awaiting_hidden())
        view.status = t("Bonuses") if view.bonus else t("%d in pile") % game.pile
        if self.strip is None:
            self.strip = strip_labels(app.match)
        view.scores = score_texts(game, self.strip)

    def draw_details(self, app, fb, view):
        if self.final is not None:  # the last bonus in: everyone's final score
            score_strip(fb, 6, self.final)
        elif view.bonus:  # what the advanced game's bonus counts
            draw.line(fb, t("Largest group of"), 6)
            draw.line(fb, t("hidden colour"), 7)
        else:
            score_strip(fb, 6, view.scores)
