"""The scoreboard: the game menu (scores + Play on / Undo / Main menu) and the end of a game."""

from fishtable.ui import draw
from fishtable.ui.ringfx import NAMES as COLOUR_NAMES
from fishtable.ui.ringfx import RGB
from fishtable.ui.widgets import BACK, NEXT, OK, PREV, Confirm, Screen

PLAY_ON = "Play on"
UNDO = "Undo"
MAIN_MENU = "Main menu"
CHOICES = (PLAY_ON, UNDO, MAIN_MENU)


def seat_text(lead, label, colour, score):
    """A row's left part: `lead` and the player's label, then their colour as far as it fits
    beside the score on the right."""
    text = "%s%s %s" % (lead, label, COLOUR_NAMES[colour])
    return text[: draw.COLS - 1 - len(score)].rstrip()


def score_rows(fb, match, colours, first_row, marker):
    """One row per player: marker, name (or number), colour, score (right)."""
    scores = match.game.scores()
    for i in range(len(scores)):
        score = str(scores[i])
        draw.line(fb, seat_text("*" if marker == i + 1 else " ", match.label(i + 1), colours[i], score),
                  first_row + i)
        draw.right(fb, score, first_row + i)


class GameMenu(Screen):
    """Scores of everyone, and a one-line choice: Play on, Undo (with confirmation), Main menu."""

    def __init__(self, app):
        self.index = 0

    def key(self, app, ev):
        if ev == PREV:
            self.index = (self.index - 1) % len(CHOICES)
        elif ev == NEXT:
            self.index = (self.index + 1) % len(CHOICES)
        elif ev == BACK:
            app.pop()
        elif ev == OK:
            choice = CHOICES[self.index]
            if choice == PLAY_ON:
                app.pop()
            elif choice == MAIN_MENU:
                app.home()
            elif not app.match.statements:
                app.message("nothing to undo")
            else:
                app.push(Confirm(undo_question(app.match), _undo))

    def draw(self, app, fb):
        match = app.match
        game = match.game
        players = game.players
        colours = [app.colour_of(p) for p in range(1, players + 1)]
        if players < 6:
            draw.line(fb, "Scores" if match.name == "yofish" else "Round %d" % game.round, 0)
        score_rows(fb, match, colours, 0 if players >= 6 else 1, game.next_player())
        fb.fill_rect(0, 56, draw.WIDTH, 8, 1)
        draw.centre(fb, CHOICES[self.index], 7, True)
        draw.text(fb, "<", 0, 56, 0)
        draw.text(fb, ">", draw.WIDTH - 8, 56, 0)


def undo_question(match):
    """'Undo P2's last line?' (or the player's name) and the line."""
    who, line = match.last_turn()
    if who is None:
        return "Undo the last line?\n\n%s" % line
    return "Undo %s's last line?\n\n%s" % (match.label(who), line)


def _undo(app):
    app.undo()


class GameOver(Screen):
    """The ranking and the winners; the ring celebrates in the winners' colours."""

    def __init__(self, app, match):
        game = match.game
        self.game = game
        self.labels = [match.label(p) for p in range(1, game.players + 1)]
        self.colours = [match.colour_index(p) for p in range(1, game.players + 1)]
        self.winners = game.winners()
        self.ranking = game.ranking()

    def enter(self, app):
        app.fx.celebrate(app.now, [RGB[self.colours[p - 1]] for p in self.winners])

    def key(self, app, ev):
        if ev == OK or ev == BACK:
            app.home()

    def draw(self, app, fb):
        game = self.game
        if len(self.winners) == 1:
            draw.centre(fb, "%s wins!" % self.labels[self.winners[0] - 1], 0, True)
        else:
            draw.centre(fb, "Shared win!", 0, True)
        scores = game.scores()
        rank = 0
        prev = None
        for i in range(len(self.ranking)):
            p = self.ranking[i]
            key = (scores[p - 1], game.tiebreak(p - 1))
            if key != prev:
                rank = i + 1
                prev = key
            score = str(scores[p - 1])
            draw.line(fb, seat_text("%d " % rank, self.labels[p - 1], self.colours[p - 1], score), 1 + i)
            draw.right(fb, score, 1 + i)
        if len(self.ranking) < 6:
            draw.line(fb, "OK: main menu", 7)
